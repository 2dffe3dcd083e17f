import DocScanCore
import Foundation

/// Puts the pieces of a table's row that Tesseract read after the row under it back before that row.
///
/// On a table whose rows Tesseract mostly reads whole, it sometimes cuts two neighbouring rows into
/// pieces and reads them interleaved: a photographed timetable came out as `Andrej Milivojevic`,
/// `L&S 39C: How does history`, then the header cells `Time`, `Units`, `Location` of the row above,
/// then `Monday 5:00-7:00 pm 105 Cory`, the rest of the first row. The page is no table to
/// `ReadingOrder` (only a third of its lines stand beside another: the other rows were read whole), so
/// its order stood. A line read right after a line of the row under it (above it by less than a line's
/// height, beside it, not over it) belongs before that row, when both rows are cut into at least
/// `leastPieces` pieces: a table's cells. A date beside an address, the foot of one column beside the
/// head of the next, are a single piece on their line and stay where Tesseract read them.
enum RowPieces {
    /// The fewest pieces a line of the page must be cut into for its pieces to be a table's cells.
    static let leastPieces = 3

    /// Moves each row piece read after the row under it to before that row.
    /// - Returns: how many lines were moved.
    static func order(_ page: inout RecognizedText) -> Int {
        page.moveLines { misplaced($0, typicalHeight: $1) }
    }

    /// The first line read right after a line of the row under it, and the line with text it belongs
    /// after: the one read before that row's run of lines (nil when the run begins the page).
    static func misplaced(_ lines: [RecognizedSpan], typicalHeight: Int) -> (line: Int, after: Int?)? {
        let readable = lines.indices.filter { !lines[$0].text.trimmingCharacters(in: .whitespaces).isEmpty }
        func pieces(beside index: Int) -> Int {
            readable.filter { sameRow(lines[$0].box, lines[index].box) }.count
        }
        for (position, index) in readable.enumerated().dropFirst() {
            let previous = readable[position - 1]
            let box = lines[index].box, under = lines[previous].box
            let bottom = box.y + box.height
            guard bottom <= under.y, under.y - bottom < typicalHeight,
                  box.x + box.width <= under.x || under.x + under.width <= box.x,
                  pieces(beside: index) >= leastPieces, pieces(beside: previous) >= leastPieces
            else { continue }
            // Back to the first of the lines of the row under it read one after the other.
            var start = position - 1
            while start > 0, sameRow(lines[readable[start - 1]].box, under) { start -= 1 }
            return (index, start > 0 ? readable[start - 1] : nil)
        }
        return nil
    }

    /// Whether two boxes stand on one line of the page: overlapping vertically by half the lower one's
    /// height, as `ReadingOrder` joins a row (a box is on its own line).
    static func sameRow(_ a: PageBox, _ b: PageBox) -> Bool {
        ReadingOrder.verticalOverlap(a, b) >= 0.5
    }
}
