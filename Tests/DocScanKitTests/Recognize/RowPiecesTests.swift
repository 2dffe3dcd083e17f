import DocScanCore
@testable import DocScanKit
import Testing

/// Pieces of a table's row read after the row under it go back before it; lines of prose and a date
/// beside an address stay where Tesseract read them.
struct RowPiecesTests {
    private func line(_ text: String, x: Int, y: Int, width: Int, height: Int = 30) -> RecognizedSpan {
        .line(text, x: x, y: y, width: width, height: height)
    }


    /// The photographed timetable as Tesseract read it in fast mode: the first row's first two cells,
    /// then three header cells of the row above, then the rest of the first row. A line without text
    /// (Tesseract gives some) is no place to put a line after.
    @Test func headerCellsReadAfterTheFirstRowGoBeforeIt() {
        var read = RecognizedText.blocks([
            line("Meets Fall 2015: M-W-F 10:00-11:00 in 100 Lewis Hall", x: 463, y: 377, width: 1158, height: 38),
            line(" ", x: 150, y: 470, width: 20),
            line("Andrej Milivojevic", x: 179, y: 559, width: 302, height: 33),
            line("L&S 39C: How does history", x: 520, y: 559, width: 426, height: 33),
            line("Time", x: 1404, y: 515, width: 84, height: 24),
            line("Units", x: 1592, y: 513, width: 87, height: 25),
            line("Location", x: 1732, y: 512, width: 143, height: 25),
            line("Monday 5:00-7:00 pm 105 Cory", x: 1129, y: 555, width: 731, height: 36),
            line("count: Reading and writing 52019 Hall", x: 519, y: 598, width: 1261, height: 36),
        ])
        #expect(RowPieces.order(&read) == 3)
        #expect(read.lines.map(\.text).filter { $0 != " " } == [
            "Meets Fall 2015: M-W-F 10:00-11:00 in 100 Lewis Hall", "Time", "Units", "Location", "Andrej Milivojevic",
            "L&S 39C: How does history", "Monday 5:00-7:00 pm 105 Cory", "count: Reading and writing 52019 Hall",
        ])
        #expect(read.text == """
            Meets Fall 2015: M-W-F 10:00-11:00 in 100 Lewis Hall
            Time
            Units
            Location

            Andrej Milivojevic

            L&S 39C: How does history

            Monday 5:00-7:00 pm 105 Cory

            count: Reading and writing 52019 Hall
            """)
    }

    /// A date beside an address's last line is a single piece on its line, and the head of a second
    /// column of prose beside the foot of the first is one of two: neither is a table's cell.
    @Test func aDateBesideAnAddressAndColumnsOfProseStay() {
        var letter = RecognizedText.blocks([
            line("Mr Daniel Okafor", x: 100, y: 400, width: 300),
            line("27 Elmgrove Road", x: 100, y: 440, width: 300),
            line("Bristol BS6 6AH", x: 100, y: 480, width: 280),
            line("3 March 2023", x: 1200, y: 445, width: 250),
        ])
        let before = letter
        #expect(RowPieces.order(&letter) == 0)
        #expect(letter == before)

        let left = (0..<3).map { line("the first column's line \($0)", x: 100, y: 400 + 40 * $0, width: 600) }
        let right = (0..<3).map { line("the second column's line \($0)", x: 800, y: 370 + 40 * $0, width: 600) }
        var columns = RecognizedText.blocks(left + right)
        let unchanged = columns
        #expect(RowPieces.order(&columns) == 0)
        #expect(columns == unchanged)
    }
}
