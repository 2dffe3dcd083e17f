import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// A page the orient stage left turned reads as garbage Tesseract itself doubts; its central square read in
/// the other three turns finds the way up, and the page is read again.
struct TurnAfterReadingTests {
    @Test func aTurnedPageOSDLeftAsItWasIsTurnedAfterReading() throws {
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        // OSD finds the turn (confidence about 9) but is never sure enough to take it, nor asked to check
        // it: the page stays turned.
        configuration.orientation.threshold = 100
        configuration.orientation.checksWeakTurns = false
        // Nor does its punctuation, which would show it on its side.
        configuration.orientation.punctuationCheck = false
        let pipeline = try PagePipeline(configuration: configuration)
        // Without its resolution, so that reading the page warns (once, though it is read twice).
        let file = try TestSupport.temporaryFolder().appendingPathComponent("zh_notice_rot270.png")
        try Self.withoutResolution(Data(contentsOf: TestSupport.special("orientation/zh_notice_rot270.png"))).write(to: file)
        let page = try #require(try PageSource(root: file).list().pages.first)
        let record = pipeline.process(page)
        #expect(record.error == nil)
        #expect(record.warnings.contains { $0.contains("under the threshold 100.00") }, "\(record.warnings)")

        let orientation = try #require(record.orientation)
        #expect(orientation.turnProposedBy == "reading", "\(orientation)")
        #expect(orientation.applied && orientation.rotation == 90)
        let asIs = try #require(orientation.confidenceAsIs), turned = try #require(orientation.confidenceTurned)
        #expect(turned >= asIs + TurnAfterReading.margin)
        // Read again upright: portrait, confident, and as close to the truth as the upright page reads.
        #expect(try #require(record.width) < (try #require(record.height)))
        #expect(try #require(record.meanConfidence) >= 78)
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("zh_notice"), chinese: true)
        #expect(cer < 0.03, "CER \(cer)")
        #expect(record.warnings.filter { $0.hasPrefix("the image has no resolution") }.count == 1, "\(record.warnings)")
    }

    /// `png` without its pHYs chunk (the resolution).
    static func withoutResolution(_ png: Data) -> Data {
        let bytes = [UInt8](png)
        var kept = Array(bytes.prefix(8))
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(offset + 12 + length, bytes.count)
            if bytes[offset + 4..<offset + 8] != Array("pHYs".utf8)[...] { kept += bytes[offset..<end] }
            offset = end
        }
        return Data(kept)
    }

    /// Horizontal lines turned 90° clockwise are read by Tesseract as vertically written text, confidently
    /// and in reverse line order: the page is turned back and read again.
    @Test func aPageTesseractReadAsVerticalTextIsTurnedBack() throws {
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        // Neither the ascender count, the punctuation nor OSD turns the page: it reaches recognition as it is.
        configuration.orientation.ascenderCheck = false
        configuration.orientation.punctuationCheck = false
        configuration.orientation.threshold = 100
        configuration.orientation.checksWeakTurns = false
        let pipeline = try PagePipeline(configuration: configuration)
        let page = try #require(try PageSource(root: TestSupport.special("orientation/en_letter_rot90.png")).list().pages.first)
        let record = pipeline.process(page)
        let orientation = try #require(record.orientation)
        #expect(orientation.turnProposedBy == "recognition", "\(orientation)")
        #expect(orientation.applied && orientation.rotation == 270)
        #expect(orientation.confidenceAsIs == nil && orientation.confidenceTurned == nil)
        let cer = try OrientationTests.letterCER(record)
        #expect(abs(cer - OrientationTests.uprightLetterCER) <= 0.01, "CER \(cer) against upright \(OrientationTests.uprightLetterCER)")
        // Loaded, cleaned up and read again in its new turn: the clean-up measured the page upright, as
        // it does the upright letter (the same pixels turned), and the two read alike.
        let upright = pipeline.process(try #require(
            try PageSource(root: TestSupport.fixture("en_letter_150dpi.png")).list().pages.first))
        func measured(_ record: PageRecord) -> CleanupReport? {
            var cleanup = record.cleanup
            cleanup?.stepsMs = [:]
            return cleanup
        }
        #expect(measured(record) == measured(upright), "\(String(describing: record.cleanup)) against \(String(describing: upright.cleanup))")
        #expect(record.text == upright.text)
        // `docscan serve` shows the page as it was read, turned as its record says, not as OSD would turn it.
        let jpeg = try PageImageRenderer().pageImage(ArchivedPage(root: "", path: page.url.path, record: record))
        let shown = try TestSupport.temporaryFolder().appendingPathComponent("shown.jpg")
        try jpeg.write(to: shown)
        let image = try #require(PixImage(reading: shown.path))
        #expect(image.width == record.width && image.height == record.height, "\(image.width)x\(image.height)")
    }

    /// The turn check's reading is fooled by neither sideways turn: Tesseract's vertical-text handling
    /// reads Chinese turned clockwise as well as upright, and without it text turned anticlockwise read so.
    @Test(arguments: [1, 3]) func aSidewaysChineseSquareReadsFarWorseThanUpright(quarterTurns: Int) throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        let recognizer = try configuration.recognizers.make(configuration.models, nil)
        let page = try #require(try PageSource(root: TestSupport.fixture("zh_notice.png")).list().pages.first)
        var context = PageContext(page: page, mode: .fast, languages: configuration.languages)
        let loaded = try PageLoader().run(page, context: &context)
        let square = try #require(PageOrienter.centralSquare(of: loaded.image))
        let sideways = try #require(square.rotated(quarterTurns: quarterTurns))
        let resolution = SourceResolution(fileResolution: loaded.image.resolution).dotsPerInch
        let upright = try recognizer.meanConfidence(square, resolution: resolution)
        let turned = try recognizer.meanConfidence(sideways, resolution: resolution)
        #expect(upright >= 70 && turned <= upright - 30, "upright \(upright), turned \(quarterTurns) quarter turns \(turned)")
    }

    /// Pages read with confidence are never doubted, turned or not, unless read as vertical text; nor are
    /// pages without words the orient stage left as they were, nor pages it did not look at. A page it
    /// turned is doubted when it reads with little confidence, as vertical text, or nothing.
    @Test func onlyAPageReadWithLittleConfidenceIsDoubted() {
        var report = OrientationReport()
        report.detected = true
        func text(_ confidence: Double, words: Int = 3) -> RecognizedText {
            let word = RecognizedSpan(text: "x", confidence: confidence, box: PageBox(x: 0, y: 0, width: 1, height: 1))
            return RecognizedText(text: "x", meanConfidence: confidence, words: Array(repeating: word, count: words), lines: [], resolution: 300)
        }
        #expect(TurnAfterReading.doubts(text(20), orientation: report))
        #expect(!TurnAfterReading.doubts(text(78), orientation: report))
        #expect(!TurnAfterReading.doubts(text(20, words: 0), orientation: report))
        var turned = report
        turned.applied = true
        turned.rotation = 180
        #expect(TurnAfterReading.doubts(text(20), orientation: turned))
        #expect(!TurnAfterReading.doubts(text(78), orientation: turned))
        // Read confidently as vertical text: doubted whether the orient stage turned the page or not.
        var vertical = text(78)
        vertical.turnedText = 270
        #expect(TurnAfterReading.doubts(vertical, orientation: report))
        #expect(TurnAfterReading.doubts(vertical, orientation: turned))
        // Nothing read: doubted only when the orient stage turned the page, or was proposed a turn and
        // kept it off (else blank, or a picture).
        #expect(TurnAfterReading.doubts(text(95, words: 0), orientation: turned))
        var refused = report
        refused.turnProposedBy = "osd"
        #expect(TurnAfterReading.doubts(text(95, words: 0), orientation: refused))
        #expect(!TurnAfterReading.doubts(text(95), orientation: refused))
        var off = report
        off.detected = false
        #expect(!TurnAfterReading.doubts(text(20), orientation: off))
    }

    /// A reading turned replaces the first when it is clearly surer, or, upright, when it reads twice the
    /// characters with confidence and is as sure (for a turn from recognition: however sure the first was).
    /// The figures are those of blurred photos of a letter the orient stage turned onto its side.
    @Test func aReadingOfMoreTextReplacesASurerReadingOfLittle() {
        func text(_ confidence: Double, words: Int, confident: Int, vertical: Bool = false) -> RecognizedText {
            let box = PageBox(x: 0, y: 0, width: 10, height: 10)
            let spans = (0..<words).map { RecognizedSpan(text: "word", confidence: $0 < confident ? 90 : 20, box: box) }
            var text = RecognizedText(text: "", meanConfidence: confidence, words: spans, lines: [], resolution: 300)
            text.turnedText = vertical ? 270 : nil
            return text
        }
        let fromRecognition = TurnAfterReading.Turn(correction: 270, confidenceAsIs: nil, confidenceTurned: nil)
        let undone = TurnAfterReading.Turn(correction: 90, confidenceAsIs: nil, confidenceTurned: nil, onWholePage: true)
        // Read down the page: 9 words at 72, 2 of them (8 characters) sure; upright 178 words at 38, 60 sure.
        let sideways = text(72, words: 9, confident: 2, vertical: true)
        #expect(fromRecognition.keeps(text(38, words: 178, confident: 60), over: sideways))
        #expect(!fromRecognition.keeps(text(38, words: 178, confident: 60, vertical: true), over: sideways))
        #expect(!fromRecognition.keeps(text(38, words: 178, confident: 3), over: sideways))
        // Turned the wrong way by the ascender count: 11 words at 46, 1 sure; undone, 191 at 55, 117 sure.
        let turnedWrong = text(46, words: 11, confident: 1)
        #expect(undone.keeps(text(55, words: 191, confident: 117), over: turnedWrong))
        #expect(!undone.keeps(text(44, words: 191, confident: 117), over: turnedWrong), "less sure")
        #expect(!undone.keeps(text(55, words: 191, confident: 1), over: turnedWrong), "no more text")
        #expect(undone.keeps(text(62, words: 11, confident: 1), over: turnedWrong), "clearly surer")
        // A first reading of nothing (Tesseract's mean is then meaningless) gives way to any real reading.
        #expect(undone.keeps(text(40, words: 50, confident: 10), over: text(95, words: 0, confident: 0)))
    }

    /// Nor does a reading turned that reads under a quarter of the characters the first read with
    /// confidence, however much surer: a shaken photo of a Chinese table page read at a mean of 31; its
    /// central square read at 95 turned by 90° (47 as it was), and the page so turned read nothing.
    @Test func aSureReadingOfLittleDoesNotReplaceAReadingOfMuch() {
        func text(_ confidence: Double, words: Int, confident: Int) -> RecognizedText {
            let box = PageBox(x: 0, y: 0, width: 10, height: 10)
            let spans = (0..<words).map { RecognizedSpan(text: "word", confidence: $0 < confident ? 90 : 20, box: box) }
            return RecognizedText(text: "", meanConfidence: confidence, words: spans, lines: [], resolution: 300)
        }
        let square = TurnAfterReading.Turn(correction: 90, confidenceAsIs: 47, confidenceTurned: 95)
        // 40 words (160 characters) read with confidence among 120.
        let first = text(31, words: 120, confident: 40)
        #expect(!square.keeps(text(95, words: 0, confident: 0), over: first), "nothing read")
        #expect(!square.keeps(text(95, words: 9, confident: 9), over: first), "36 characters")
        #expect(square.keeps(text(95, words: 10, confident: 10), over: first), "40 characters: a quarter")
        #expect(square.keeps(text(40, words: 120, confident: 120), over: first), "three times the characters, as sure")
    }

    /// A reading of vertical text is never kept, however much surer than the first: its lines lay on their
    /// side. The turn it points to, its own and a further 270°, is tried next, as a turn from recognition.
    /// The figures are those of a receipt photographed sideways and read upside down.
    @Test func aReadingOfVerticalTextPointsToItsOwnTurn() throws {
        func text(_ confidence: Double, vertical: Bool = false) -> RecognizedText {
            let word = RecognizedSpan(text: "word", confidence: confidence, box: PageBox(x: 0, y: 0, width: 10, height: 10))
            var text = RecognizedText(text: "", meanConfidence: confidence, words: Array(repeating: word, count: 40), lines: [], resolution: 300)
            text.turnedText = vertical ? 270 : nil
            return text
        }
        let halfTurn = TurnAfterReading.Turn(correction: 180, confidenceAsIs: nil, confidenceTurned: nil, onWholePage: true)
        let first = text(47), sideways = text(75, vertical: true)
        #expect(!halfTurn.keeps(sideways, over: first))
        let next = try #require(TurnAfterReading.sideways(sideways, after: halfTurn))
        #expect(next.correction == 90 && next.proposer == "recognition")
        #expect(next.keeps(text(83), over: first))
        #expect(!next.keeps(text(83, vertical: true), over: first))
        // Only a confident reading of vertical text points anywhere; and a quarter turn read so points
        // back to the page as it was, which was read already.
        #expect(TurnAfterReading.sideways(text(40, vertical: true), after: halfTurn) == nil)
        #expect(TurnAfterReading.sideways(text(75), after: halfTurn) == nil)
        let quarter = TurnAfterReading.Turn(correction: 90, confidenceAsIs: 40, confidenceTurned: 60)
        #expect(TurnAfterReading.sideways(sideways, after: quarter) == nil)
    }
}
