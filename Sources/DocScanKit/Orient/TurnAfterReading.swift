import DocScanCore
import DocScanNative

/// A second look at the orientation of a page Tesseract read with almost no confidence.
///
/// OSD misses some turned pages (too few characters it trusts, a photo's uneven print), and a page read
/// upside down or sideways comes out as garbage that Tesseract itself doubts: on the eval set's and
/// Fixtures' Chinese pages turned every way, each page left turned read at a mean word confidence of
/// 16–20 (one at 69), while every page read the right way up, on every eval set and in Fixtures, read
/// at 78 or more. So a page that reads under `lowConfidence`, turned by the orient stage or not, has the
/// central square of its cleaned image read in the three other turns; the turn that reads clearly best
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

    /// A turn Tesseract read the text in, one the square reads clearly better in, or the orient stage's
    /// turn undone.
    struct Turn: Equatable {
        /// Clockwise degrees the page is to be turned: 90, 180 or 270.
        let correction: Int
        /// Mean word confidence of the central square as it is and turned; nil when Tesseract's reading
        /// proposed the turn, or when the orient stage's turn is undone on trust (`undoesStage`).
        let confidenceAsIs: Double?
        let confidenceTurned: Double?
        /// Whether the turn undoes the orient stage's, tried on the whole page because the square could
        /// not tell: a narrow receipt's central square holds a few codes and prices, which read about as
        /// surely upside down.
        var undoesStage = false

        /// Whether Tesseract's own reading proposed the turn.
        private var fromRecognition: Bool { confidenceTurned == nil && !undoesStage }

        /// The record's `turn_proposed_by`.
        var proposer: String { fromRecognition ? "recognition" : "reading" }

        /// Whether the page read again turned, `again`, replaces its first reading, `first`. A turn from
        /// Tesseract's own confident reading of the page as vertical text must give an upright reading
        /// not `margin` points less sure; any other turn must give one `margin` points surer.
        func keeps(_ again: RecognizedText, over first: RecognizedText) -> Bool {
            if fromRecognition {
                return again.turnedText == nil && again.meanConfidence >= first.meanConfidence - margin
            }
            return again.meanConfidence >= first.meanConfidence + margin
        }
    }

    let checker: any TurnChecker

    /// Whether a page read as `text`, and turned or not by the orient stage, deserves the second look: it
    /// read with almost no confidence, or it was not turned and Tesseract read most of it as vertical text
    /// (confidently: the page turned 90° clockwise; with little confidence: either way, for the square).
    ///
    /// A page the orient stage turned is doubted too: OSD judges the whole frame before the page is found
    /// and levelled, and on photos of a sheet lying at 10–30° it turned upright pages upside down with
    /// confidence 2.9–4.1 (the reduced frame's central square, mostly desk, read alike both ways); the
    /// flattened page then read at a mean confidence of 39–44, against 74 or more for every such photo
    /// left upright.
    static func doubts(_ text: RecognizedText, orientation: OrientationReport) -> Bool {
        orientation.detected && !text.words.isEmpty
            && (text.meanConfidence < lowConfidence || (!orientation.applied && text.turnedText != nil))
    }

    /// The turns `text`, read from `image`, calls for, to be tried in order: 270° when Tesseract read most
    /// of it as vertical text with confidence; else the turn whose central square of `image` reads
    /// clearly better than the square as it is, then, when the orient stage turned the page
    /// (`orientation`), that turn undone. Empty when none does.
    func turns(for text: RecognizedText, on image: PixImage, orientation: OrientationReport) throws -> [Turn] {
        if let turnedText = text.turnedText, text.meanConfidence >= Self.lowConfidence {
            return [Turn(correction: turnedText, confidenceAsIs: nil, confidenceTurned: nil)]
        }
        var turns = try squareTurn(for: image).map { [$0] } ?? []
        let undo = 360 - orientation.rotation
        if orientation.applied, orientation.rotation != 0, turns.first?.correction != undo {
            // A receipt's square can read a little better sideways (a column of prices) than upside down.
            turns.append(Turn(correction: undo, confidenceAsIs: nil, confidenceTurned: nil, undoesStage: true))
        }
        return turns
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
