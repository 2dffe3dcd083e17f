import DocScanCore
import Foundation

/// Puts back in place the lines Tesseract read out of their column's order.
///
/// Tesseract's layout analysis sometimes makes a block of a single line or two inside a column (beside
/// an illustration, or where noise broke the column's edge) and reads it after the rest of the page: a
/// book page beside an engraving came out with four of its lines at the end. A line that stands in the
/// gap between two lines read one after the other, under the first and over the second and across the
/// same column as both, can only be read between them, so it is moved there. Lines of other columns
/// never stand in such a gap, so multi-column pages keep Tesseract's order.
enum ColumnGaps {
    /// Moves each line standing in the gap between two lines read one after the other to that gap.
    /// - Returns: how many lines were moved.
    static func fill(_ page: inout RecognizedText) -> Int {
        // Each move puts one line in its place for good, so there are never more moves than lines; when
        // the gaps contradict each other (a row read as two pieces, `ans` and `none of them harmed`,
        // each with a gap under it), one line moves back and forth for ever, and Tesseract's order stands.
        page.moveLines { lines in
            guard let gap = misplaced(lines) else { return nil }
            // Right after the gap's upper line: the nearest line above the moved one may stand in another
            // column (a headline across the page), and putting it there would move it again, page after page.
            return (gap.line, gap.line < gap.upper ? gap.upper - 1 : gap.upper)
        }
    }

    /// The most lines a gap may hold: Tesseract's stray blocks are a line or two. A gap holding more is
    /// not a gap but the rest of a column read in another order.
    static let mostLinesInGap = 2

    /// The first line standing in the gap between two lines read one after the other (the topmost, when
    /// the gap holds two), and the upper of the two.
    static func misplaced(_ lines: [RecognizedSpan]) -> (line: Int, upper: Int)? {
        guard lines.count >= 3 else { return nil }
        let candidates = lines.indices.filter { !lines[$0].text.trimmingCharacters(in: .whitespaces).isEmpty }
        for upper in 0..<(lines.count - 1) {
            let above = lines[upper].box, below = lines[upper + 1].box
            let inGap = candidates.filter { index in
                let box = lines[index].box
                return index != upper && index != upper + 1
                    && above.y + above.height / 2 <= box.y && box.y + box.height <= below.y + below.height / 2
                    && sharesColumn(box, above) && sharesColumn(box, below)
            }
            guard !inGap.isEmpty, inGap.count <= mostLinesInGap else { continue }
            if let line = inGap.min(by: { lines[$0].box.y < lines[$1].box.y }) { return (line, upper) }
        }
        return nil
    }

    /// Whether two boxes lie across the same column: overlapping by most of the narrower one's width.
    static func sharesColumn(_ a: PageBox, _ b: PageBox) -> Bool {
        Double(a.horizontalOverlap(with: b)) >= 0.6 * Double(min(a.width, b.width))
    }
}
