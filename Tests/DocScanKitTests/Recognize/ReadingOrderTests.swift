import DocScanCore
import Foundation
import Testing

@testable import DocScanKit

/// The reading-order decision on line boxes laid out by hand.
struct ReadingOrderTests {
    private func line(_ text: String, x: Int, y: Int, width: Int, height: Int = 40) -> RecognizedSpan {
        RecognizedSpan(text: text, confidence: 90, box: PageBox(x: x, y: y, width: width, height: height))
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

    /// Two justified columns of prose whose lines happen to share baselines stay in columns.
    @Test func justifiedColumnsStayInColumns() {
        let left = (0..<10).map { line("left column line \($0)", x: 50, y: 100 + $0 * 50, width: $0 == 9 ? 300 : 600) }
        let right = (0..<10).map { line("right column line \($0)", x: 700, y: 100 + $0 * 50, width: $0 == 4 ? 200 : 600) }
        let arranged = ReadingOrder.arrange(left + right)
        #expect(arranged.layout.order == "blocks")
        #expect(arranged.rowText == nil)
    }

    /// Columns whose lines meet only by chance stay in columns, however short their lines.
    @Test func columnsThatMeetByChanceStayInColumns() {
        let left = (0..<10).map { line("left \($0)", x: 50, y: 100 + $0 * 50, width: 200) }
        let right = (0..<10).map { line("right \($0)", x: 400, y: 118 + $0 * 50, width: 200) }
        #expect(ReadingOrder.arrange(left + right).layout.order == "blocks")
    }
}
