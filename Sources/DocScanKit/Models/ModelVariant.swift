/// The three published families of Tesseract models.
///
/// They differ in size and speed more than in accuracy: measured here, `standard` English was 7% slower
/// than `fast` and no more accurate, so accurate mode ranks them by measurement, not by size.
public enum ModelVariant: String, CaseIterable, Codable, Sendable {
    /// `tessdata_fast`: small integer LSTM models; what Debian's `tesseract-ocr-*` packages ship.
    case fast
    /// `tessdata`: legacy engine plus an integerized LSTM; on PyPI as `tessdata.<lang>` wheels.
    case standard
    /// `tessdata_best`: float LSTM models; not packaged anywhere this project can reach.
    case best

    /// The folder name under docscan's model directory.
    public var folderName: String { rawValue }
}
