import DocScanCore
@testable import DocScanKit
import Testing

/// Lines read at almost no confidence down a stripe or along the page's top or bottom edge go; lines
/// read with confidence there, and doubtful lines inside the page, stay.
struct StrayLinesTests {
    static func span(_ text: String, _ confidence: Double, x: Int, y: Int, width: Int, height: Int) -> RecognizedSpan {
        RecognizedSpan(text: text, confidence: confidence, box: PageBox(x: x, y: y, width: width, height: height))
    }

    @Test func straysGoFromTheLinesTheWordsAndTheText() {
        // A page 1,000 px tall: its top and bottom 30 px are the edge band.
        let lines = [
            Self.span("GL em —— =", 23, x: 160, y: 7, width: 600, height: 40),
            Self.span("THE KEEPER'S LEDGER", 96, x: 400, y: 160, width: 300, height: 24),
            Self.span("By the time the ferry reached Carrow Point", 95, x: 100, y: 230, width: 900, height: 30),
            Self.span("LULA adAIA ALDLULA LEAR", 0, x: 1050, y: 230, width: 17, height: 571),
            Self.span("j", 83, x: 500, y: 300, width: 10, height: 44),
            Self.span("thinned to a pale haze", 22, x: 100, y: 400, width: 700, height: 30),
            Self.span("Page 175", 91, x: 450, y: 975, width: 100, height: 22),
            Self.span("ee seers", 12, x: 100, y: 980, width: 300, height: 18),
        ]
        var page = RecognizedText(
            text: lines.map(\.text).joined(separator: "\n"), meanConfidence: 60,
            words: lines, lines: lines, resolution: 300)
        #expect(StrayLines.strip(&page, height: 1000) == 3)
        let expected = ["THE KEEPER'S LEDGER", "By the time the ferry reached Carrow Point", "j", "thinned to a pale haze", "Page 175"]
        #expect(page.lines.map(\.text) == expected)
        #expect(page.text == expected.joined(separator: "\n"))
        #expect(page.words.map(\.text) == expected)
    }

    @Test func aPageOfFewLinesIsLeftAlone() {
        let lines = [Self.span("=", 5, x: 0, y: 0, width: 20, height: 20), Self.span("Total", 90, x: 0, y: 500, width: 100, height: 20)]
        var page = RecognizedText(text: "=\nTotal", meanConfidence: 50, words: lines, lines: lines, resolution: 300)
        #expect(StrayLines.strip(&page, height: 1000) == 0)
        #expect(page.text == "=\nTotal")
    }
}
