/// The resolution to give Tesseract for a page.
///
/// Many files carry a wrong one (28, 59, 72 and 79 dpi were seen on real scans). Tesseract trusts any
/// value of 70 or more and sizes its noise and line filters by it, so an implausible value is replaced
/// by 0, which makes Tesseract estimate the resolution from the height of the text itself.
public struct SourceResolution: Equatable, Sendable {
    /// Values in this range are believed.
    public static let plausible = 100...1200

    /// What to pass to Tesseract: the file's value, or 0 for "estimate from the text".
    public let dotsPerInch: Int
    /// Why the file's value was not used, or nil when it was.
    public let warning: String?

    public init(fileResolution: Int) {
        if Self.plausible.contains(fileResolution) {
            dotsPerInch = fileResolution
            warning = nil
        } else {
            dotsPerInch = 0
            warning = fileResolution == 0
                ? "the image has no resolution; estimated from the text size"
                : "the image's resolution of \(fileResolution) dpi is implausible; estimated from the text size"
        }
    }
}
