import DocScanCore
import DocScanNative
import Foundation

/// The recognize stage: reads a cleaned page with the worker's recognizer.
///
/// Holds its recognizer for the whole run; one stage per worker, never one per page.
///
/// Tesseract's layout analysis cuts some pages into pieces it then reads badly: a receipt photo, whose
/// wide gaps between item, code and price made it read each row's end as noise (mean confidence 71,
/// CER 0.34). A page read with low confidence is read again as one block of text, and that reading is
/// kept when Tesseract is clearly surer of it (the receipt: CER 0.02). Pages read confidently (91 and
/// more on the eval set's scans, multi-column pages included) are never re-read, so their columns keep
/// Tesseract's order.
///
/// Print the layout analysis left out (cells of a ruled table) is found and read line by line afterwards
/// (`UnreadInk`), and lines it read out of their column's order are put back (`ColumnGaps`).
///
/// Tesseract's second pass over doubtful lines, inverted, finds light text on a dark ground; it is
/// turned on only for a page with solid dark areas (banners, dark boxes) big enough to hold such text.
public final class TextRecognizer: PageStage {
    /// Mean word confidence under which a page is read again as one block.
    static let doubtfulConfidence = 80.0
    /// How many points surer Tesseract must be of the single-block reading for it to be kept.
    static let singleBlockMargin = 5.0
    /// Share of the page covered by solid dark areas above which lines may be light on dark.
    static let darkAreaShare = 0.002
    /// The opening that leaves only solid dark areas, in cells of 4×4 pixels: 24 px, thicker than the
    /// strokes of body text and headings.
    static let darkAreaBrick = 6

    let recognizer: any Recognizer

    /// The share of `image` in solid dark areas, and whether it is enough for light-on-dark text (an
    /// image Leptonica cannot measure counts as dark: the pass is kept rather than risked).
    static func darkAreas(of image: PixImage) -> (share: Double, invert: Bool) {
        let share = image.solidDarkShare(brick: darkAreaBrick) ?? 1
        return (share, share > darkAreaShare)
    }

    public init(recognizer: any Recognizer) {
        self.recognizer = recognizer
    }

    public func run(_ page: CleanedPage, context: inout PageContext) throws -> RecognizedText {
        let resolution = SourceResolution.reading(page.image, languages: context.languages)
        if let warning = resolution.warning { context.warnings.append(warning) }
        let (darkShare, invert) = Self.darkAreas(of: page.image)
        recognizer.readInvertedText(invert)
        defer { recognizer.readInvertedText(false) }
        var result = try recognizer.recognize(page.image, resolution: resolution.dotsPerInch, deadline: context.deadline)
        var segmentation = "auto"
        if !result.words.isEmpty, result.meanConfidence < Self.doubtfulConfidence {
            let block = try recognizer.recognize(
                page.image, resolution: resolution.dotsPerInch, deadline: context.deadline, singleBlock: true)
            if block.meanConfidence >= result.meanConfidence + Self.singleBlockMargin {
                result = block
                segmentation = "single_block"
            }
        }
        let unread = UnreadInk.lines(on: page.image, besides: result)
        let recovered = try UnreadInk.read(
            unread, on: page.image, into: &result, with: recognizer, resolution: resolution.dotsPerInch, deadline: context.deadline)
        let moved = ColumnGaps.fill(&result)
        result.lines = result.lines.map { line in
            var line = line
            line.text = HanSpacing.collapse(line.text)
            return line
        }
        let arranged = ReadingOrder.arrange(result.lines)
        result.layout = arranged.layout
        result.layout?.segmentation = segmentation
        result.layout?.darkAreas = (darkShare * 10000).rounded() / 10000
        result.layout?.invertedPass = invert
        result.layout?.recoveredLines = recovered
        result.layout?.movedLines = moved
        result.text = (arranged.rowText ?? HanSpacing.collapse(result.text)).trimmingCharacters(in: .whitespacesAndNewlines)
        return result
    }
}

@available(*, unavailable)
extension TextRecognizer: Sendable {}
