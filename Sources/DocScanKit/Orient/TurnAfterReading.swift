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
/// (`margin` points over the square as it is) is applied, and the page read again. Where no square reads
/// clearly better, or the page reads no better in the square's turn, the page is read again whole: with
/// the orient stage's turn undone, then upside down (a narrow receipt's square holds a few codes and
/// prices, which read about as surely either way: Fixtures' tilted receipt upside down, which OSD took
/// for upright at confidence 4.3, read at 40 and stayed so; upside down again, at 80; turned a quarter
/// anticlockwise, OSD turned it a quarter more the same way, and it read at 40 upside down).
///
/// Horizontal lines turned 90° clockwise fool that confidence: Tesseract's vertical-text handling turns
/// them and reads them confidently, in reverse line order (`RecognizedText.turnedText`). A page read so,
/// mostly as vertical text and confidently, is turned back by 270° and read again; and so is a page read
/// so once turned: the turn is not kept, and that reading's own turn is read next (`sideways(_:after:)`).
struct TurnAfterReading {
    /// Mean word confidence of the whole page under which its orientation is doubted.
    static let lowConfidence = 50.0
    /// How many points surer the best turn's square must be, and the page read again, than as it was.
    static let margin = 15.0
    /// How many times the characters the first reading read with confidence a reading turned must
    /// have to replace it when it is not clearly surer (`Turn.keeps`).
    static let moreText = 2
    /// How many times the characters a reading turned reads with confidence the first reading may read.
    static let lessText = 4

    /// The characters of the words `text` holds read with at least `lowConfidence`: how much of the
    /// page a reading read, whatever its mean.
    static func confidentCharacters(in text: RecognizedText) -> Int {
        text.words.filter { $0.confidence >= lowConfidence }.reduce(0) { $0 + $1.text.count }
    }

    /// A turn Tesseract read the text in, one the square reads clearly better in, or the orient stage's
    /// turn undone.
    struct Turn: Equatable {
        /// Clockwise degrees the page is to be turned: 90, 180 or 270.
        let correction: Int
        /// Mean word confidence of the central square as it is and turned; nil when Tesseract's reading
        /// proposed the turn, or when the turn is tried on the whole page (`onWholePage`).
        let confidenceAsIs: Double?
        let confidenceTurned: Double?
        /// Whether the turn is tried on the whole page because the square could not tell (the orient
        /// stage's turn undone, or a half turn of a page it left as it was): a narrow receipt's central
        /// square holds a few codes and prices, which read about as surely upside down.
        var onWholePage = false

        /// Whether Tesseract's own reading proposed the turn.
        private var fromRecognition: Bool { confidenceTurned == nil && !onWholePage }

        /// The record's `turn_proposed_by`.
        var proposer: String { fromRecognition ? "recognition" : "reading" }

        /// Whether the page read again turned, `again`, replaces its first reading, `first`. A turn from
        /// Tesseract's own confident reading of the page as vertical text must give an upright reading
        /// not `margin` points less sure; any other turn must give one `margin` points surer. Either way
        /// an upright reading that reads `moreText` times the characters with confidence is kept too
        /// when it is as sure as the first (for a turn from recognition: whatever the first's mean).
        ///
        /// A mean confidence says how sure Tesseract was of what it read, not how much it read. A page
        /// turned onto its side can read a few words down the page and leave the rest: blurred photos of
        /// a letter lying at 15°, turned by 90° or 270° by OSD or the ascender count, read 7–18 words
        /// (3–29 characters at 50 or more) at a mean of 37–88, and upright 185–194 words (364–674
        /// characters) at 38–71, a third of the characters wrong where turned nearly all were.
        ///
        /// A reading Tesseract made of vertical text is never kept, however sure: its lines lay on their
        /// side, turned 90° clockwise, and come out in reverse order (a receipt photographed sideways,
        /// turned upside down after a first reading at 47, then read so at 75: CER 0.73). Its own turn is
        /// tried next instead (`sideways(_:after:)`).
        ///
        /// Nor is one that reads under `lessText` of the characters the first read with confidence: a
        /// shaken photo of a Chinese table page, sharpened across its smear, read at a mean of 31; its
        /// central square turned by 90° read at 95 against 47, and the whole page so turned read nothing.
        func keeps(_ again: RecognizedText, over first: RecognizedText) -> Bool {
            guard again.turnedText == nil,
                  lessText * confidentCharacters(in: again) >= confidentCharacters(in: first) else { return false }
            let sure = fromRecognition
                ? again.meanConfidence >= first.meanConfidence - margin
                : again.meanConfidence >= first.meanConfidence + margin
            return sure || readsMore(again, than: first)
        }

        /// Whether `again` is upright and reads `moreText` times the characters with confidence that
        /// `first` did, and is as sure (a turn from recognition, or a first reading of nothing: no
        /// matter).
        private func readsMore(_ again: RecognizedText, than first: RecognizedText) -> Bool {
            confidentCharacters(in: again) >= moreText * max(1, confidentCharacters(in: first))
                && (fromRecognition || first.words.isEmpty || again.meanConfidence >= first.meanConfidence)
        }
    }

    /// The turn, from the page as first read, that `again`, a reading of the page turned by `turn`, points
    /// to when Tesseract read it confidently as vertical text: `turn` and a further 270°, as for a first
    /// reading (`turns(for:on:orientation:)`). Nil when it did not, or when the two turns make none.
    static func sideways(_ again: RecognizedText, after turn: Turn) -> Turn? {
        guard let further = again.turnedText, again.meanConfidence >= lowConfidence else { return nil }
        let correction = (turn.correction + further) % 360
        return correction == 0 ? nil : Turn(correction: correction, confidenceAsIs: nil, confidenceTurned: nil)
    }

    let checker: any TurnChecker

    /// Whether a page read as `text`, and turned or not by the orient stage, deserves the second look: it
    /// read with almost no confidence, or Tesseract read most of it as vertical text (confidently: the
    /// page turned 90° clockwise; with little confidence: either way, for the square).
    ///
    /// A page the orient stage turned is doubted too: OSD judges the whole frame before the page is found
    /// and levelled, and on photos of a sheet lying at 10–30° it turned upright pages upside down with
    /// confidence 2.9–4.1 (the reduced frame's central square, mostly desk, read alike both ways); the
    /// flattened page then read at a mean confidence of 39–44, against 74 or more for every such photo
    /// left upright. And a page it turned onto its side is read as vertical text, as one that came turned:
    /// a blurred photo of a letter lying at 15°, which OSD turned by 90° (270° at confidence 2.3–4.0),
    /// read only its heading and a few words, down the page, at a mean confidence of 67–72; turned by
    /// 90° the other way, nothing at all. A page the stage left as it was and that reads nothing is
    /// blank or a picture, and is not looked at again, unless the stage was proposed a turn and kept
    /// it off: a letter lying at 70° in a photo turned onto its side, which OSD rightly proposed to turn
    /// by 90°, had the turn refused (the reduced photo's square, its lines slanted 20° once turned, read
    /// nothing) and was then cut out and read as it lay: no text at all.
    static func doubts(_ text: RecognizedText, orientation: OrientationReport) -> Bool {
        guard orientation.detected else { return false }
        guard !text.words.isEmpty else { return orientation.applied || orientation.turnProposedBy != nil }
        return text.meanConfidence < lowConfidence || text.turnedText != nil
    }

    /// The turns `text`, read from `image`, calls for, to be tried in order: 270° when Tesseract read most
    /// of it as vertical text with confidence; else the turn whose central square of `image` reads
    /// clearly better than the square as it is, then, when the orient stage turned the page
    /// (`orientation`), that turn undone; and last a half turn of a page read with almost no confidence.
    /// Empty when none does.
    ///
    /// The half turn is tried also after a square's quarter turn: a table's square can read better on its
    /// side (a column of figures) than upside down, and the page turned so no better. Fixtures' blurred
    /// table upside down (fast mode; OSD's half turn at 1.98 kept off, its digits reading 95 both ways)
    /// read at 39, its cleaned square 64 on its side against 0, and stayed upside down (CER 0.84); the
    /// shaken table turned by 90°, which the ascenders turned the wrong way (accurate mode), likewise
    /// (0.83). Read whole upside down they read at 89 and 93 (0.028, 0.007).
    func turns(for text: RecognizedText, on image: PixImage, orientation: OrientationReport) throws -> [Turn] {
        if let turnedText = text.turnedText, text.meanConfidence >= Self.lowConfidence {
            return [Turn(correction: turnedText, confidenceAsIs: nil, confidenceTurned: nil)]
        }
        let square = try squareTurn(for: image)
        var turns = square.map { [$0] } ?? []
        let undo = 360 - orientation.rotation
        if orientation.applied, orientation.rotation != 0, square?.correction != undo {
            // A receipt's square can read a little better sideways (a column of prices) than upside down.
            turns.append(Turn(correction: undo, confidenceAsIs: nil, confidenceTurned: nil, onWholePage: true))
        }
        // Nor upside down, whole: a receipt the orient stage left as it was, or turned a quarter the wrong
        // way, or a table whose square read better on its side.
        if !text.words.isEmpty, text.meanConfidence < Self.lowConfidence, !turns.contains(where: { $0.correction == 180 }) {
            turns.append(Turn(correction: 180, confidenceAsIs: nil, confidenceTurned: nil, onWholePage: true))
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
