import DocScanCore
import Foundation
import Testing

@testable import DocScanKit

/// The reading-order decision on line boxes laid out by hand.
struct ReadingOrderTests {
    private func line(_ text: String, x: Int, y: Int, width: Int, height: Int = 40) -> RecognizedSpan {
        .line(text, x: x, y: y, width: width, height: height)
    }

    /// A receipt as Tesseract's blocks give it: the item names, then the codes, then the prices.
    @Test func aTableReadInBlocksComesOutInRows() {
        let items = ["BROTH CHIC", "OAT MILK", "EGGS", "TEA BAGS"], codes = ["NP", "NP", "SP", "NP"], prices = ["2.19", "1.65", "2.35", "2.49"]
        let lines = items.enumerated().map { line($1, x: 10, y: 100 + $0 * 60, width: 200 + $0 * 20) }
            + codes.enumerated().map { line($1, x: 400, y: 101 + $0 * 60, width: 50) }
            + prices.enumerated().map { line($1, x: 520, y: 99 + $0 * 60, width: 90) }
        let arranged = ReadingOrder.arrange(lines)
        #expect(arranged.layout.order == "rows")
        #expect(arranged.rowText?.split(separator: "\n").first == "BROTH CHIC  NP  2.19")
        #expect(arranged.rowText?.split(separator: "\n").count == 4)
    }

    /// A receipt's watermark printed up its side (`www.mcdonaldsindia.net`, read as one line standing on
    /// end beside six rows) is a row of its own where it stands, and the rows beside it stay apart: joined
    /// by it, they were one row of every cell.
    @Test func aLineStandingOnEndJoinsNoRows() {
        let items = ["Take-Out Total", "VAT", "Service Tax", "Total Due", "Cash Tendered", "Change"]
        let prices = ["134.00", "16.75", "7.77", "159.00", "200.00", "41.00"]
        let watermark = RecognizedSpan.line("www.mcdonaldsindia.net", x: 0, y: 140, width: 30, height: 300)
        let lines = items.enumerated().map { line($1, x: 60, y: 100 + $0 * 60, width: 260) }
            + prices.enumerated().map { line($1, x: 500, y: 102 + $0 * 60, width: 110) } + [watermark]
        let arranged = ReadingOrder.arrange(lines)
        #expect(arranged.layout.order == "rows")
        #expect(arranged.rowText?.split(separator: "\n") == [
            "Take-Out Total  134.00", "VAT  16.75", "Service Tax  7.77", "www.mcdonaldsindia.net", "Total Due  159.00",
            "Cash Tendered  200.00", "Change  41.00",
        ])
    }

    /// Two justified columns of prose whose lines happen to share baselines stay in columns.
    @Test func justifiedColumnsStayInColumns() {
        let left = (0..<10).map { line("left column line \($0)", x: 50, y: 100 + $0 * 50, width: $0 == 9 ? 300 : 600) }
        let right = (0..<10).map { line("right column line \($0)", x: 700, y: 100 + $0 * 50, width: $0 == 4 ? 200 : 600) }
        let arranged = ReadingOrder.arrange(left + right)
        #expect(arranged.layout.order == "blocks")
        #expect(arranged.rowText == nil)
    }

    /// Two ragged columns of prose (left-aligned, lines of every length) whose lines share baselines stay
    /// in columns: their sentences run on from line to line, in lowercase.
    @Test func raggedColumnsOfProseStayInColumns() {
        let words = ["the", "letter", "arrived", "on", "monday", "and", "we", "read", "it", "twice"]
        let widths = [430, 520, 380, 470, 300, 510, 440, 360, 490, 410]
        let left = (0..<10).map { line("\(words[$0]) goes on in the left column", x: 50, y: 100 + $0 * 50, width: widths[$0]) }
        let right = (0..<10).map { line("\(words[9 - $0]) goes on in the right column", x: 620, y: 100 + $0 * 50, width: widths[9 - $0]) }
        let arranged = ReadingOrder.arrange(left + right)
        #expect(arranged.layout.order == "blocks")
        #expect(arranged.rowText == nil)
    }

    /// A table of longer cells whose lines begin anew, capitalized (a timetable: course, title, room),
    /// is still read row by row.
    @Test func aTableOfLongerCellsComesOutInRows() {
        let courses = ["History 7B", "Physics 110", "English R1A", "Economics 1", "Statistics 20", "Music 27", "Spanish 3", "Chemistry 1A"]
        let titles = ["Modern Europe and its wars", "Quantum mechanics seminar", "Reading and composition", "Introduction to economics",
                      "Probability and statistics", "Music of the Americas", "Intermediate Spanish course", "General chemistry laboratory"]
        let courseWidths = [330, 390, 350, 420, 360, 300, 380, 340], titleWidths = [560, 500, 470, 540, 520, 480, 550, 510]
        let lines = courses.enumerated().map { line($1, x: 50, y: 100 + $0 * 50, width: courseWidths[$0]) }
            + titles.enumerated().map { line($1, x: 520, y: 101 + $0 * 50, width: titleWidths[$0]) }
        let arranged = ReadingOrder.arrange(lines)
        #expect((arranged.layout.cellAspect ?? 0) >= ReadingOrder.shortCellAspect)
        #expect(arranged.layout.order == "rows")
        #expect(arranged.rowText?.split(separator: "\n").first == "History 7B  Modern Europe and its wars")
    }

    /// Columns whose lines meet only by chance stay in columns, however short their lines.
    @Test func columnsThatMeetByChanceStayInColumns() {
        let left = (0..<10).map { line("left \($0)", x: 50, y: 100 + $0 * 50, width: 200) }
        let right = (0..<10).map { line("right \($0)", x: 400, y: 118 + $0 * 50, width: 200) }
        #expect(ReadingOrder.arrange(left + right).layout.order == "blocks")
    }
}
