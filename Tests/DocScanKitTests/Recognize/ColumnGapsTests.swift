import DocScanCore
@testable import DocScanKit
import Foundation
import Testing

/// Lines read out of their column's order go back into the gap they stand in; columns keep their order.
struct ColumnGapsTests {
    static func span(_ text: String, x: Int, y: Int, width: Int = 300) -> RecognizedSpan {
        RecognizedSpan(text: text, confidence: 90, box: PageBox(x: x, y: y, width: width, height: 20))
    }

    static func page(_ lines: [RecognizedSpan]) -> RecognizedText {
        RecognizedText(
            text: lines.map(\.text).joined(separator: "\n"), meanConfidence: 90,
            words: lines.map { $0 }, lines: lines, resolution: 300)
    }

    @Test func aLineReadLastGoesBackIntoItsGap() {
        var page = Self.page([
            Self.span("one", x: 0, y: 0), Self.span("two", x: 0, y: 30), Self.span("four", x: 0, y: 90),
            Self.span("five", x: 0, y: 120), Self.span("three", x: 0, y: 60),
        ])
        #expect(ColumnGaps.fill(&page) == 1)
        #expect(page.text == "one\ntwo\nthree\nfour\nfive")
        #expect(page.lines.map(\.text) == ["one", "two", "three", "four", "five"])
        #expect(page.words.map(\.text) == ["one", "two", "three", "four", "five"])
    }

    /// A line a little wider than its column (a caption reaching into the next one), read last, stands
    /// in the gap of the left column; the nearest line above it is the right column's last. It goes into
    /// the gap once, not after the right column on every move.
    @Test func aWideLineGoesIntoItsGapOnce() {
        let left = [Self.span("left 0", x: 0, y: 0), Self.span("left 1", x: 0, y: 30), Self.span("left 2", x: 0, y: 60)]
        let byline = Self.span("byline", x: 0, y: 200)
        let right = (0..<5).map { Self.span("right \($0)", x: 400, y: 30 * $0) }
        let caption = Self.span("caption", x: 0, y: 140, width: 420)
        var page = Self.page(left + [byline] + right + [caption])
        #expect(ColumnGaps.fill(&page) == 1)
        let expected = left + [caption, byline] + right
        #expect(page.lines == expected)
        #expect(page.text == expected.map(\.text).joined(separator: "\n"))
        #expect(page.words.map(\.text) == expected.map(\.text))
    }

    /// A row read as two pieces (`ans` and `none of them harmed`, as on a magazine page beside a
    /// photo) makes two gaps that contradict each other: the line under them belongs in both, and moved
    /// back and forth on every turn, 121 times on the photo stress set's magazine page (its CER 0.353;
    /// left in Tesseract's order, 0.341). Tesseract's order stands.
    @Test func gapsThatContradictEachOtherMoveNothing() {
        func span(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> RecognizedSpan {
            RecognizedSpan(text: text, confidence: 90, box: PageBox(x: x, y: y, width: width, height: height))
        }
        let lines = [
            span("Saracens, Ottomans, Austri-", 504, 1385, 276, 19), span("none of them harmed", 577, 1414, 203, 19),
            span("neighbors, tried to destroy us,", 499, 1472, 279, 22), span("ans", 502, 1420, 30, 11),
            span("our city. But the Serbs, our", 500, 1443, 280, 21), span("and we won't forget.", 497, 1502, 280, 22),
        ]
        var page = Self.page(lines)
        #expect(ColumnGaps.fill(&page) == 0)
        #expect(page.lines == lines)
        #expect(page.text == lines.map(\.text).joined(separator: "\n"))
    }

    @Test func columnsAndColumnsReadInTurnKeepTheirOrder() {
        // Two columns, the left read first: no right line stands across the left column.
        let columns = (0..<4).map { Self.span("left \($0)", x: 0, y: 30 * $0) } + (0..<4).map { Self.span("right \($0)", x: 400, y: 30 * $0) }
        var twoColumns = Self.page(columns)
        #expect(ColumnGaps.fill(&twoColumns) == 0)
        #expect(twoColumns.lines == columns)
        // A column whose lines were read in two runs: the gap between the runs' ends holds more than
        // a stray block, so nothing moves.
        let runs = [0, 1, 5, 6, 2, 3, 4].map { Self.span("line \($0)", x: 0, y: 30 * $0) }
        var twoRuns = Self.page(runs)
        #expect(ColumnGaps.fill(&twoRuns) == 0)
        #expect(twoRuns.lines == runs)
    }
}
