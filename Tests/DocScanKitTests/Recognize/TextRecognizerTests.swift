import DocScanCore
import DocScanNative
import Foundation
@testable import DocScanKit
import Testing

/// The signs of a failed layout analysis that send a page to be read as one block as well.
struct TextRecognizerTests {
    private func line(_ text: String, x: Int = 20, y: Int, width: Int = 400, height: Int = 25) -> RecognizedSpan {
        .line(text, x: x, y: y, width: width, height: height)
    }

    private func page(_ lines: [RecognizedSpan]) -> RecognizedText {
        RecognizedText(text: lines.map(\.text).joined(separator: "\n"), meanConfidence: 90, words: lines, lines: lines, resolution: 300)
    }

    /// Rows of a receipt read row by row show no sign; a line read down a column of the page (many rows
    /// tall, narrow), not along its side, counts as much as `missedLines` lines left out, and each line
    /// left out counts one.
    @Test func linesReadDownAColumnAndPrintLeftUnreadAreCounted() {
        let rows = (0..<12).map { line("ITEM \($0) NP 1.19 F", y: 40 * $0) }
        #expect(TextRecognizer.layoutFailures(of: page(rows), missed: 0, width: 600) == 0)

        let column = line("HF NEEBABNOHENENWNERN", x: 480, y: 0, width: 18, height: 460)
        #expect(TextRecognizer.layoutFailures(of: page(rows + [column]), missed: 0, width: 600) == TextRecognizer.missedLines)

        // A heading twice as tall as the body is no column, nor is a short wide block of text.
        let heading = line("HOLLOWAY FRESH MARKET", y: -80, height: 50)
        #expect(TextRecognizer.layoutFailures(of: page(rows + [heading]), missed: 0, width: 600) == 0)

        // Marks read down either side of the page are the sheet's edge, not a column of print.
        let leftEdge = line("ce aE", x: 4, y: 100, width: 12, height: 230)
        let rightEdge = line("re ET", x: 584, y: 60, width: 14, height: 300)
        #expect(TextRecognizer.layoutFailures(of: page(rows + [leftEdge, rightEdge]), missed: 0, width: 600) == 0)

        #expect(TextRecognizer.layoutFailures(of: page(rows + [column]), missed: 2, width: 600) == TextRecognizer.missedLines + 2)
        // Too few lines to know how tall the text is: only the missed lines count.
        #expect(TextRecognizer.layoutFailures(of: page([column]), missed: 2, width: 600) == 2)
    }

    /// Two columns of prose (lines beside each other, a third of a line off) are not read as one block;
    /// a receipt read in columns (names beside their prices, on one baseline) and a page of one column
    /// may be.
    @Test func onlyColumnsOfProseKeepTheirColumns() {
        let left = (0..<12).map { line("a line of the first column of prose \($0)", y: 40 * $0, width: 380) }
        let right = (0..<12).map { line("a line of the second column \($0)", x: 440, y: 40 * $0 + 9, width: 380) }
        #expect(TextRecognizer.isProseInColumns(ReadingOrder.arrange(left + right).layout))

        let names = (0..<12).map { line("ITEM \($0)", y: 40 * $0, width: 120) }
        let prices = (0..<12).map { line("1.\($0)9 F", x: 500, y: 40 * $0, width: 70) }
        #expect(!TextRecognizer.isProseInColumns(ReadingOrder.arrange(names + prices).layout))
        #expect(!TextRecognizer.isProseInColumns(ReadingOrder.arrange(left).layout))
    }

    /// A reading of `words` (text, confidence), one to a line, with Tesseract's mean confidence `mean`.
    private func reading(_ words: [(String, Double)], mean: Double) -> RecognizedText {
        let spans = words.enumerated().map { RecognizedSpan(text: $0.element.0, confidence: $0.element.1, box: PageBox(x: 20, y: 40 * $0.offset, width: 300, height: 25)) }
        return RecognizedText(text: words.map(\.0).joined(separator: "\n"), meanConfidence: mean, words: spans, lines: spans, resolution: 300)
    }

    /// A single-block reading that read much more of the page than the layout analysis, fairly surely, is
    /// kept though Tesseract is less sure of it on average. The figures are a scanned receipt's in worn
    /// thermal print, each letter broken into specks (SROIE's receipt 252, not in the repository): as laid
    /// out, four lines at a mean of 54, `192176` the only word read fairly surely; as one block, all 34
    /// lines at 39, 155 characters fairly surely (case-insensitive CER 0.94 → 0.35).
    @Test func aBlockReadingMuchMoreOfThePageIsKept() {
        let laidOut = reading([("%", 20), ("dd,", 30), ("192176", 83), ("Cash", 55), ("Sales", 50), ("Arif", 30)], mean: 54)
        let lines = (0..<31).map { ("LINE\($0)", 62.0) } + (0..<40).map { ("x\($0)", 20.0) }
        #expect(TextRecognizer.readsMore(reading(lines, mean: 39), than: laidOut))
        // Less sure by more than `coverageMargin` on average: the layout's reading stays.
        #expect(!TextRecognizer.readsMore(reading(lines, mean: 38), than: laidOut))
        // What a picture read as one block adds is seldom fairly sure: not more of the page read.
        let picture = laidOut.words.map { ($0.text, $0.confidence) } + (0..<60).map { ("Ww\($0)", 35.0) }
        #expect(!TextRecognizer.readsMore(reading(picture, mean: 45), than: laidOut))
        // Nearly three times as much, but 11 characters more, under `coverageGain`: a few words are no
        // coverage; nor the 20 more of a poster photo whose pictures a single block read as Han characters.
        let few = reading([("192176", 83), ("Cash", 70), ("Sales", 70), ("No", 70)], mean: 60)
        #expect(!TextRecognizer.readsMore(few, than: laidOut))
        let poster = reading([("满300减30满200减20", 70), ("新品上市", 70), ("购物凑奖精装礼品", 70)], mean: 52)
        let posterBlock = reading(poster.words.map { ($0.text, $0.confidence) } + [("满399减99满52减199", 70), ("一一", 65), ("SALE", 66)], mean: 41)
        #expect(!TextRecognizer.readsMore(posterBlock, than: poster))
        // A page read as nothing laid out has its own bar (`emptyPageBlock`).
        #expect(!TextRecognizer.readsMore(reading(lines, mean: 39), than: reading([], mean: 0)))
    }
}

/// A page on which Tesseract's layout analysis finds no text at all is read as one block.
struct EmptyLayoutTests {
    /// Two lines of large Chinese print (`Fixtures/sparse/zh_two_lines.png`): as laid out, Tesseract
    /// reads nothing on them (nor does the tesseract CLI with `--psm 3`); docscan read an empty page in
    /// both modes before. Read as one block, both lines come out.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aPageTheLayoutAnalysisReadsNothingOnIsReadAsOneBlock(mode: ScanMode) throws {
        let url = TestSupport.special("sparse/zh_two_lines.png")
        let image = try #require(PixImage(reading: url.path))
        let configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: "chi_sim"), jobs: 1)
        let engine = try #require(try configuration.recognizers.make(configuration.models, nil))
        let laidOut = try engine.recognize(image, resolution: 0, deadline: PageDeadline(limit: nil))
        #expect(laidOut.words.isEmpty, "Tesseract's layout analysis now reads this page: \(laidOut.text)")

        let record = try #require(try TestSupport.scan(url, mode: mode, languages: "chi_sim,eng").first)
        let truth = try String(contentsOf: TestSupport.special("sparse/zh_two_lines.gt.txt"), encoding: .utf8)
        #expect(CharacterErrorRate.of(record.text, reference: truth, chinese: true) <= 0.15, "\(record.text)")
        #expect(record.layout?.segmentation == "single_block")
    }
}
