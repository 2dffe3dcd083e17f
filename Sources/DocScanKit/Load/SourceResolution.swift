import DocScanCore
import DocScanNative

/// The resolution to give Tesseract for a page.
///
/// Many files carry a wrong one (28, 59, 72 and 79 dpi were seen on real scans; phone photos mostly say
/// 72). Tesseract trusts any value of 70 or more and sizes its noise and line filters by it, so an
/// implausible value is not passed on. Tesseract's own estimate for a page without one is only half an
/// estimate (`TextSizeResolution`), so for reading, docscan measures the letters and passes that.
///
/// That measure, like Tesseract's estimate, assumes Latin text, whose letters are mostly
/// x-height: on Chinese pages it came out 1.3–1.8× too high (300-dpi pages at 390–537 dpi, a 200-dpi
/// page at 354), and in fast mode the layout analysis then broke a table apart (CER 0.22 instead of
/// 0.035). So a page in Chinese, Japanese or Korean without a plausible resolution is taken as an A4
/// page of its size (`paperResolution`); kana and Hangul are full-height glyphs too, though no Japanese
/// or Korean page was measured. Measured on the ten Chinese pages of the eval set and
/// Fixtures with their resolution removed: mean CER fast 0.049 → 0.028, accurate 0.0171 → 0.0169 (two
/// pages read worse in fast mode, 0.010 → 0.033 and 0.061 → 0.071); the same pages turned every way
/// (40): fast 0.0475 → 0.0237, accurate 0.0171 → 0.0169, each still turned upright. Latin pages are
/// measured (assuming A4 on 19 Latin pages changed none by more than 0.003, but a book page is no A4
/// page, nor is a receipt).
public struct SourceResolution: Equatable, Sendable {
    /// Values in this range are believed.
    public static let plausible = 100...1200

    /// What to pass to Tesseract: the file's value, one assumed from the page's size, or 0 for "estimate
    /// from the text".
    public let dotsPerInch: Int
    /// Why the file's value was not used, or nil when it was.
    public let warning: String?
    /// Whether `dotsPerInch` was assumed from the page's size (`paperResolution`).
    public let isAssumedFromPaper: Bool
    /// The file's own value, for the warning of `estimatedInstead`.
    private let fileResolution: Int

    /// - Parameter paperSize: the page's width and height in pixels, to assume a resolution from when the
    ///   file's is not plausible; nil leaves that to Tesseract's estimate.
    public init(fileResolution: Int, paperSize: (width: Int, height: Int)? = nil) {
        self.fileResolution = fileResolution
        if Self.plausible.contains(fileResolution) {
            dotsPerInch = fileResolution
            warning = nil
            isAssumedFromPaper = false
            return
        }
        let missing = Self.missing(fileResolution)
        if let paperSize, let assumed = Self.paperResolution(width: paperSize.width, height: paperSize.height) {
            dotsPerInch = assumed
            warning = "\(missing); taken as an A4 page of its size, \(assumed) dpi"
            isAssumedFromPaper = true
        } else {
            dotsPerInch = 0
            warning = "\(missing); estimated from the text size"
            isAssumedFromPaper = false
        }
    }

    private init(dotsPerInch: Int, warning: String, fileResolution: Int) {
        self.dotsPerInch = dotsPerInch
        self.warning = warning
        self.fileResolution = fileResolution
        isAssumedFromPaper = false
    }

    /// Tesseract's estimate instead of an A4 page's resolution at which nothing was read. The sheet found
    /// in a photo may be only part of the page (cut at a shadow), or the frame when none was found: its
    /// size then says little, and Tesseract reads nothing when the text is far larger than the assumed
    /// resolution allows (a Chinese notice cut square, 1,596 px, read at 137 dpi: nothing; at 160 and
    /// up, or estimated: all of it).
    public var estimatedInstead: SourceResolution {
        SourceResolution(
            dotsPerInch: 0,
            warning: "\(Self.missing(fileResolution)); an A4 page of its size (\(dotsPerInch) dpi) read nothing, so estimated from the text size",
            fileResolution: fileResolution)
    }

    /// `dotsPerInch` measured from the page's letters (`TextSizeResolution`) instead of Tesseract's estimate.
    func measured(_ dotsPerInch: Int) -> SourceResolution {
        SourceResolution(
            dotsPerInch: dotsPerInch,
            warning: "\(Self.missing(fileResolution)); \(dotsPerInch) dpi, measured from the height of the letters",
            fileResolution: fileResolution)
    }

    private static func missing(_ fileResolution: Int) -> String {
        fileResolution == 0 ? "the image has no resolution" : "the image's resolution of \(fileResolution) dpi is implausible"
    }

    /// The resolution `image` needs for `languages`: a page whose primary language is written without
    /// spaces (Chinese, Japanese, Korean) is taken as an A4 page when its file has no plausible resolution.
    /// Any other page without a plausible resolution gets the one its letters' height gives
    /// (`TextSizeResolution`), or Tesseract's estimate when they give none.
    public static func reading(_ image: PixImage, languages: LanguageList) -> SourceResolution {
        let unspaced = languages.hasUnspacedPrimary
        let resolution = SourceResolution(fileResolution: image.resolution, paperSize: unspaced ? (image.width, image.height) : nil)
        guard resolution.dotsPerInch == 0, let measured = TextSizeResolution.estimate(for: image) else { return resolution }
        return resolution.measured(measured)
    }

    /// The resolution of an A4 page (297 mm, 11.69 in, on its longer side) of `width`×`height` pixels;
    /// nil when that is not plausible (a screenshot, a thumbnail).
    static func paperResolution(width: Int, height: Int) -> Int? {
        let assumed = Int((Double(max(width, height)) / 11.69).rounded())
        return plausible.contains(assumed) ? assumed : nil
    }
}
