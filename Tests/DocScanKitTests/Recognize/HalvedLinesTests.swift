import DocScanCore
@testable import DocScanKit
import DocScanNative
import Testing

/// A short line Tesseract's layout analysis cut across its characters into two lines is read again
/// whole (`HalvedLines`). Fixtures' notice ends `感谢大家的理解与配合！` with `合！` alone on the last
/// line, which Tesseract laid out as two lines, `A` over `岂。`.
struct HalvedLinesTests {
    private static func span(_ text: String, confidence: Double = 90, x: Int, y: Int, width: Int, height: Int) -> RecognizedSpan {
        RecognizedSpan(text: text, confidence: confidence, box: PageBox(x: x, y: y, width: width, height: height))
    }

    /// The notice's lines as Tesseract laid them out at 1,750 px: lines 47 px tall, the last one cut.
    private static let noticeLines = [
        span("如有问题，请拨打分机8021或发送邮件至", x: 310, y: 990, width: 871, height: 47),
        span("it-help@example.com联系信息技术组。感谢大家的理解与配", x: 217, y: 1059, width: 1302, height: 52),
        span("A", confidence: 50.4, x: 215, y: 1130, width: 61, height: 29),
        span("岂。", confidence: 35, x: 222, y: 1155, width: 54, height: 19),
        span("行政部", x: 1395, y: 1281, width: 139, height: 46),
        span("2024年3月12日", x: 1209, y: 1351, width: 320, height: 46),
    ]

    @Test func twoShortPiecesStackedInOneLinesHeightAreACutLine() {
        let page = RecognizedText(text: "", meanConfidence: 80, words: [], lines: Self.noticeLines, resolution: 0)
        #expect(HalvedLines.candidates(in: page) == [2])
    }

    /// Two real lines under each other are two lines' height together; a short line under a long one is
    /// not its half; pieces side by side are not stacked.
    @Test func linesThatAreNotHalvesOfOneAreLeftAlone() {
        let typical = 30.0
        // Two lines of an 1871 page, the second a paragraph's last word: each 21–22 px, 45 together.
        #expect(!HalvedLines.isCut(
            Self.span("referred to the Committee and ordered to be", x: 121, y: 645, width: 717, height: 21),
            Self.span("printed.", x: 447, y: 668, width: 64, height: 22), typical: typical))
        // A small mark over a line of small print: as tall as one line together, but not as wide.
        #expect(!HalvedLines.isCut(
            Self.span("“oS", x: 168, y: 2405, width: 43, height: 19),
            Self.span("54 TRAVEL&LEISURE SEPTEMBER 1993", x: 164, y: 2426, width: 634, height: 17), typical: typical))
        // Two short pieces side by side on one line.
        #expect(!HalvedLines.isCut(
            Self.span("合", x: 100, y: 100, width: 20, height: 20),
            Self.span("！", x: 130, y: 104, width: 20, height: 18), typical: typical))
        // A full-height line and a short one under it.
        #expect(!HalvedLines.isCut(
            Self.span("配合", x: 100, y: 100, width: 60, height: 30),
            Self.span("！", x: 100, y: 125, width: 60, height: 10), typical: typical))
    }

    /// What replaces the pieces: a reading surer by `margin` with a letter or a digit in it; a mark alone
    /// (two specks read `t` over `,` at no confidence, read whole as `|` at 74) is kept out, and so is a
    /// reading not 5 points surer than the pieces (`A` at 50.4 and `岂。` at 35: 40.1 by their characters).
    /// The reader is scripted here; the notice below is read by Tesseract.
    @Test func onlyASurerReadingWithALetterReplacesThePieces() throws {
        let image = try #require(PixImage(reading: TestSupport.fixture("zh_notice.png").path))
        let text = Self.noticeLines.map(\.text).joined(separator: "\n")
        let page = RecognizedText(text: text, meanConfidence: 80, words: [], lines: Self.noticeLines, resolution: 0)
        func reading(_ text: String, _ confidence: Double) -> (PixImage) -> RecognizedText {
            { _ in
                RecognizedText(text: text, meanConfidence: confidence,
                               words: [Self.span(text, confidence: confidence, x: 10, y: 10, width: 40, height: 40)], lines: [], resolution: 0)
            }
        }
        for (text, confidence) in [("|", 95.0), ("合!", 44.0)] {
            var again = page
            #expect(HalvedLines.join(&again, on: image, with: reading(text, confidence)) == 0, "\(text) at \(confidence)")
            #expect(again == page)
        }
        var joined = page
        #expect(HalvedLines.join(&joined, on: image, with: reading("合!", 95)) == 1)
        #expect(joined.lines.map(\.text) == ["如有问题，请拨打分机8021或发送邮件至", "it-help@example.com联系信息技术组。感谢大家的理解与配", "合!", "行政部", "2024年3月12日"])
        #expect(joined.lines[2].box == PageBox(x: 215, y: 1130, width: 61, height: 44))
        #expect(joined.text.hasSuffix("配\n合!\n行政部\n2024年3月12日"), "\(joined.text)")
    }

    /// The notice, read by real Tesseract in both modes: `合！` is read whole on its own line, and
    /// neither half of it is left in the text.
    @Test(arguments: ScanMode.allCases)
    func theNoticesLastLineIsReadWhole(mode: ScanMode) throws {
        let configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        let pipeline = try PagePipeline(configuration: configuration)
        let page = try #require(try PageSource(root: TestSupport.fixture("zh_notice.png")).list().pages.first)
        let record = pipeline.process(page)
        #expect(record.error == nil)
        #expect(record.layout?.joinedLines == 1, "\(String(describing: record.layout))")
        let last = try #require(record.lines.firstIndex { $0.text.hasSuffix("理解与配") })
        #expect(record.lines[last + 1].text.hasPrefix("合"), "\(record.lines[(last + 1)...].map(\.text))")
        #expect(record.lines[last + 1].confidence >= 80)
        #expect(!record.text.contains("岂"))
        #expect(record.text.contains("配\n\n合") || record.text.contains("配\n合"), "\(record.text.suffix(40))")
        // Joined, the page's error is its punctuation's width alone (`：` read `:`, `（` `(`): under a
        // third of what it was with the line cut (0.0115 accurate, 0.0153 fast).
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("zh_notice"), chinese: true)
        #expect(cer <= 0.005, "CER \(cer)")
    }
}
