internal import CLeptonica

/// Leptonica's reading of which way a page of Latin text is turned, from its letter shapes: ascenders
/// (b, d, h, k, l) outnumber descenders (g, p, q), so their direction shows which way is up.
///
/// A few tens of milliseconds against OSD's 300–500 on a page, but only for scripts with ascenders; on
/// Cyrillic the up/down signal is reversed and on Han there is none (Leptonica's flipdetect.c).
public struct TextOrientation: Equatable, Sendable {
    /// Which way the text's tops point, when the signal decides it.
    public enum Decision: String, Sendable {
        case up, left, down, right, unknown

        /// Clockwise degrees to turn the image so its text is upright; nil when the signal is unclear.
        public var correction: Int? {
            switch self {
            case .up: 0
            case .left: 90
            case .down: 180
            case .right: 270
            case .unknown: nil
            }
        }
    }

    /// How far up-pointing ascenders outnumber down-pointing ones, in standard deviations (Leptonica's
    /// `upconf`): about 10 is near certain, negative means upside down.
    public var upConfidence: Double
    /// The same with the page turned a quarter clockwise (`leftconf`): large when the lines run vertically.
    public var leftConfidence: Double
    /// Leptonica's decision with its default minimum confidence (8) and ratio (2.5) between the two.
    public var decision: Decision
}

extension PixImage {
    /// The text orientation of an 8-bit page at 150–300 dpi, binarized at its Otsu split; nil when
    /// Leptonica cannot measure it.
    package func textOrientation() -> TextOrientation? {
        guard let binary = darkPixels() else { return nil }
        var up: Float = 0, left: Float = 0
        guard binary.withUnsafePix({ pixOrientDetect($0, &up, &left, 0, 0) }) == 0 else { return nil }
        var orient: Int32 = 0
        guard makeOrientDecision(up, left, 0, 0, &orient, 0) == 0 else { return nil }
        let decision: TextOrientation.Decision = switch Int(orient) {
        case L_TEXT_ORIENT_UP: .up
        case L_TEXT_ORIENT_LEFT: .left
        case L_TEXT_ORIENT_DOWN: .down
        case L_TEXT_ORIENT_RIGHT: .right
        default: .unknown
        }
        return TextOrientation(upConfidence: Double(up), leftConfidence: Double(left), decision: decision)
    }
}
