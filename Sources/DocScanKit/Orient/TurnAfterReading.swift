import DocScanCore
import DocScanNative

/// A second look at the orientation of a page Tesseract read with almost no confidence.
///
/// OSD misses some turned pages (too few characters it trusts, a photo's uneven print), and a page read
/// upside down or sideways comes out as garbage that Tesseract itself doubts: on the eval set's and
/// Fixtures' Chinese pages turned every way, each page left turned read at a mean word confidence of
/// 16–20 (one at 69), while every page read the right way up, on every eval set and in Fixtures, read
/// at 78 or more. So a page that was not turned and reads under `lowConfidence` has the central square of
/// its cleaned image read in the three other turns; the turn that reads clearly best
/// (`margin` points over the square as it is) is applied, and the page read again.
///
/// Horizontal lines turned 90° clockwise fool that confidence: Tesseract's vertical-text handling turns
/// them and reads them confidently, in reverse line order (`RecognizedText.turnedText`). A page read so,
/// mostly as vertical text and confidently, is turned back by 270° and read again.
struct TurnAfterReading {
    /// Mean word confidence of the whole page under which its orientation is doubted.
    static let lowConfidence = 50.0
    /// How many points surer the best turn's square must be, and the page read again, than as it was.
    static let margin = 15.0

    /// A turn Tesseract read the text in, or one the square reads clearly better in.
    struct Turn: Equatable {
        /// Clockwise degrees the page is to be turned: 90, 180 or 270.
        let correction: Int
        /// Mean word confidence of the central square as it is and turned; nil when Tesseract's reading
        /// proposed the turn.
        let confidenceAsIs: Double?
        let confidenceTurned: Double?

        /// The record's `turn_proposed_by`.
        var proposer: String { confidenceTurned == nil ? "recognition" : "reading" }

        /// Whether the page read again turned, `again`, replaces its first reading, `first`. A turn from
        /// Tesseract's own confident reading of the page as vertical text must give an upright reading
        /// not `margin` points less sure; a turn from the square must give one `margin` points surer.
        func keeps(_ again: RecognizedText, over first: RecognizedText) -> Bool {
            if confidenceTurned == nil {
                return again.turnedText == nil && again.meanConfidence >= first.meanConfidence - margin
            }
            return again.meanConfidence >= first.meanConfidence + margin
        }
    }

    let checker: any TurnChecker

    /// Whether a page read as `text`, and turned or not by the orient stage, deserves the second look: it
    /// was not turned, and it read with almost no confidence or Tesseract read most of it as vertical text
    /// (confidently: the page turned 90° clockwise; with little confidence: either way, for the square).
    static func doubts(_ text: RecognizedText, orientation: OrientationReport) -> Bool {
        orientation.detected && !orientation.applied && !text.words.isEmpty
            && (text.meanConfidence < lowConfidence || text.turnedText != nil)
    }

    /// The turn `text`, read from `image`, calls for: 270° when Tesseract read most of it as vertical text
    /// with confidence, else the turn whose central square of `image` reads clearly better than the
    /// square as it is; nil when none does.
    func turn(for text: RecognizedText, on image: PixImage) throws -> Turn? {
        if let turnedText = text.turnedText, text.meanConfidence >= Self.lowConfidence {
            return Turn(correction: turnedText, confidenceAsIs: nil, confidenceTurned: nil)
        }
        return try squareTurn(for: image)
    }

    /// The turn whose central square of `image` reads clearly better than the square as it is; nil when
    /// none does.
    private func squareTurn(for image: PixImage) throws -> Turn? {
        guard let square = PageOrienter.centralSquare(of: image) else { return nil }
        let resolution = SourceResolution(fileResolution: image.resolution).dotsPerInch
        let asIs = try checker.meanConfidence(square, resolution: resolution)
        var best: Turn?
        for quarterTurns in 1...3 {
            guard let turned = square.rotated(quarterTurns: quarterTurns) else { continue }
            let confidence = try checker.meanConfidence(turned, resolution: resolution)
            if confidence >= asIs + Self.margin, confidence > best?.confidenceTurned ?? -1 {
                best = Turn(correction: quarterTurns * 90, confidenceAsIs: asIs, confidenceTurned: confidence)
            }
        }
        return best
    }
}
