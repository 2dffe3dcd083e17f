import DocScanCore
import Foundation

/// Joins the pieces of a column, and of its lines, that Tesseract read with other text between them.
///
/// Tesseract's layout analysis sometimes cuts a column where something beside it changes (a picture or
/// its caption set into the gutter) and reads its lower piece only after the next column: a magazine
/// page of the photo stress set came out as the left column down to `a slender shard of a`, the right
/// column's upper half, the caption, and only then `state with Dubrovnik near its southern`, the line
/// printed right under it (accurate CER 0.35, fast 0.07 where the cut fell elsewhere). It also cuts a
/// short justified line at its widest space and reads the right piece elsewhere (`Regular` …
/// `passengers`). So:
/// - a piece of a line (on its row, right of its end, and spanned together with it by a line of the
///   column above or below, or by a row of pieces already joined: beside a picture set into a column,
///   every line may be cut) is put right after it;
/// - a line whose column goes on right under it, the next line of that column read elsewhere, later,
///   is followed by that line, and so line by line by the rest of the piece;
/// - a piece of a line left of its start, read after it, goes before it when a line of the column read
///   before the piece starts where the piece does and runs on across the space between them (a
///   column's edge moving out again under a picture, a justified line cut there).
///
/// Only where Tesseract jumped away: a line followed by the line to its right on its own row (a form's
/// label and its value, a table's cells) keeps its order, as do two lines each read with a line beside
/// it (the form's values, one under the other; a line's own pieces are not beside it), a line read
/// after a line above it across its own width (a full-width paragraph under two columns of unequal
/// length, read after the longer one), and two lines farther apart than their column's lines are (a
/// signature on the right between them). Small print beside a column's line (a caption) is no part
/// of it.
enum SplitColumns {
    /// The farthest apart two lines of one column may be, centre to centre, in typical line heights
    /// (their boxes hold the ascenders and descenders: consecutive lines of a column are 1.2–1.4 apart;
    /// a paragraph's blank line makes 2.4). Centres, not boxes: a line without descenders has a short box.
    static let widestPitch = 1.8
    /// The closest: lines that overlap more stand on a page read bent, where order is anyone's guess.
    static let closestPitch = 0.6
    /// The least height of a line whose row goes on in a piece, in typical line heights: a caption's small
    /// print beside a column (a book's engraving captioned `THEY TIP-TOED ALONG.`, 0.4) is no line of it.
    static let smallestLineStart = 0.6
    /// How much farther apart than the column's neighbouring lines two lines may be to follow each other.
    static let widestPitchChange = 1.25
    /// How far in from the line above a column's line may start, in typical line heights: a
    /// paragraph's indent. It may start any way farther out: a column widens again under a picture.
    static let deepestIndent = 3.0
    /// The widest space between a line's end and the next piece on its row, in typical line heights,
    /// for the two to be one line whatever stands above or below them: a space within a line, never a
    /// gutter. Tesseract cut every line of a paragraph where its characters stood in one grid across
    /// the lines (a Chinese page photographed close, at a tilt) and read the left pieces as one block
    /// and the right ones as another: the pieces stood 0.03–0.4 apart (a cell of a timetable's row
    /// cut `&S 39H: Geospat` | `al data` 0.27), where the eval sets' column gutters measure 1.1 and
    /// more. No line spans such a paragraph's pieces, each of its lines being cut.
    static let wordSpace = 0.5
    /// After a full-width stop or bracket (`。`, `，`, `）` …) the space is wider by the blank half of
    /// the mark's square, which Chinese type sets as wide as a character: a line of a Chinese page
    /// photographed close, cut after `终端运行。`, stood 0.64 line heights from its piece.
    static let fullWidthMarkSpace = 0.5
    /// How far a piece may reach back over its line's end, in typical line heights: Tesseract may put
    /// the character at the cut in both pieces (`服务器上运` | `运行所有的程序`, 25 px, 0.86 of the page's
    /// typical line height, over each other, a Chinese page photographed close). Two lines on one row
    /// overlapping so are one line.
    static let seamOverlap = 1.0
    /// The marks that end a piece with their square's blank half.
    static let fullWidthMarks: Set<Character> = ["。", "，", "、", "；", "：", "！", "？", "）", "」", "』", "》", "】", "〉"]

    /// Moves each piece of a line right after the line, and each line that continues a column right after
    /// the line above it in that column.
    /// - Returns: how many lines were moved.
    static func join(_ page: inout RecognizedText) -> Int {
        page.moveLines { misplaced($0, typicalHeight: $1) }
    }

    /// The first line read out of its place: a piece of a row (cut at a justified line's wide space)
    /// not read right after the row's left part, a line that continues the column of a row it was not
    /// read after, or a row's left piece read after it; and the line to put it after (nil: first).
    static func misplaced(_ lines: [RecognizedSpan], typicalHeight: Int) -> (line: Int, after: Int?)? {
        let page = ReadPage(lines: lines, height: Double(typicalHeight))
        return page.rowPiece() ?? page.columnLine() ?? page.leftPiece()
    }

    /// A page's lines with text, in reading order, cut into rows: lines read one after the other, each
    /// a piece of the line before it (on its row, to its right, in one column with it: a line above or
    /// below spans both), as Tesseract cuts a justified line at a wide space.
    private struct ReadPage {
        let height: Double
        /// The lines with text, in reading order.
        let readable: [Int]
        /// The boxes of the lines with text, in reading order.
        let boxes: [PageBox]
        /// Whether each line with text ends in a full-width mark (`fullWidthMarks`).
        let endsInFullWidthMark: [Bool]
        /// Each row as positions in `readable`, and the box around its lines; while `init` cuts the
        /// rows, the rows cut so far (`isPiece` spans a row's pieces with the rows above it).
        private(set) var rows: [(lines: Range<Int>, box: PageBox)] = []

        init(lines: [RecognizedSpan], height: Double) {
            self.height = height
            readable = lines.indices.filter { !lines[$0].text.trimmingCharacters(in: .whitespaces).isEmpty }
            boxes = readable.map { lines[$0].box }
            endsInFullWidthMark = readable.map { index in
                lines[index].text.trimmingCharacters(in: .whitespaces).last.map { fullWidthMarks.contains($0) } ?? false
            }
            var start = 0
            for position in boxes.indices.dropFirst() {
                let row = start..<position
                if !isPiece(position, of: row) {
                    rows.append((row, box(of: row)))
                    start = position
                }
            }
            if !boxes.isEmpty { rows.append((start..<boxes.count, box(of: start..<boxes.count))) }
            byMiddle = rows.indices.map { (ReadingOrder.middle(rows[$0].box), $0) }.sorted { $0.middle < $1.middle }
        }

        /// The rows by the height of their middle, to find a row's neighbours without trying every row.
        private var byMiddle: [(middle: Double, row: Int)] = []

        /// The rows whose middle lies from `low` to `high`.
        func rows(middleFrom low: Double, to high: Double) -> [(lines: Range<Int>, box: PageBox)] {
            var first = 0, last = byMiddle.count
            while first < last {
                let half = (first + last) / 2
                if byMiddle[half].middle < low { first = half + 1 } else { last = half }
            }
            return byMiddle[first...].prefix { $0.middle <= high }.map { rows[$0.row] }
        }

        /// Whether the line at `position` is a piece of `row`'s line: on its row and adjoining its end
        /// (`adjoins`), or right of its end and in its column (another line or row of pieces above or
        /// below spans the row and half the piece: a column widens again under a picture; the rows beside
        /// a picture may all be cut).
        func isPiece(_ position: Int, of row: Range<Int>) -> Bool {
            guard let last = row.last else { return false }
            let end = boxes[last], piece = boxes[position]
            guard RowPieces.sameRow(end, piece), Double(end.height) >= smallestLineStart * height else { return false }
            if adjoins(last, position) { return true }
            guard piece.x >= end.x + end.width else { return false }
            let whole = box(of: row)
            func spansBoth(_ span: PageBox) -> Bool {
                (continues(span, whole) || continues(whole, span) || narrows(span, whole))
                    && Self.overlap(span, piece) >= 0.5 * Double(piece.width) && Self.overlap(span, whole) >= 0.8 * Double(whole.width)
            }
            return boxes.indices.contains { !row.contains($0) && $0 != position && spansBoth(boxes[$0]) }
                || rows.contains { $0.lines.count > 1 && !$0.lines.contains(position) && $0.lines != row && spansBoth($0.box) }
        }

        /// Whether the line at `right` adjoins the end of the line at `left`: starts within a word space
        /// of it (`wordSpace`, wider after a full-width mark), or reaches back over it by at most
        /// `seamOverlap` and runs on past it; both as tall as a line of the page (small print beside a
        /// line is no part of it).
        func adjoins(_ left: Int, _ right: Int) -> Bool {
            let (end, start) = (boxes[left], boxes[right])
            let space = wordSpace + (endsInFullWidthMark[left] ? fullWidthMarkSpace : 0)
            let gap = Double(start.x - (end.x + end.width))
            return gap <= space * height && gap >= -seamOverlap * height
                && start.x > end.x && start.x + start.width > end.x + end.width
                && Double(min(end.height, start.height)) >= smallestLineStart * height
        }

        /// The box around a row's lines.
        func box(of row: Range<Int>) -> PageBox {
            boxes[row].dropFirst().reduce(boxes[row.lowerBound]) { $0.union($1) }
        }

        /// Whether `lower` is the next line of `upper`'s column: a line's pitch below it, across the
        /// same column, starting no farther in than a paragraph's indent.
        func continues(_ upper: PageBox, _ lower: PageBox) -> Bool {
            isUnder(upper, lower) && Double(lower.x - upper.x) <= deepestIndent * height
        }

        /// Whether `lower` stands a line's pitch below `upper`, across the same column.
        func isUnder(_ upper: PageBox, _ lower: PageBox) -> Bool {
            let pitch = ReadingOrder.middle(lower) - ReadingOrder.middle(upper)
            return pitch >= closestPitch * height && pitch <= widestPitch * height && ColumnGaps.sharesColumn(upper, lower)
        }

        /// Whether `lower` is the next line of `upper`'s column where a picture set into the column moves
        /// its left edge in: a line's pitch below it, across the same column, starting farther in than a
        /// paragraph's indent, and the column's next line starting where `lower` does.
        func narrows(_ upper: PageBox, _ lower: PageBox) -> Bool {
            guard isUnder(upper, lower), Double(lower.x - upper.x) > deepestIndent * height else { return false }
            return boxes.contains { next in
                continues(lower, next) && Double(abs(next.x - lower.x)) <= deepestIndent * height
            }
        }

        /// The move (line, after) putting the line at `position` after the line at `after`.
        func move(_ position: Int, after: Int) -> (line: Int, after: Int?) {
            let line = readable[position], anchor = readable[after]
            return (line, line < anchor ? anchor - 1 : anchor)
        }

        /// The first piece of a row standing to the right of the row's end, within the row's column (a
        /// line above or below spans both), but read elsewhere. A piece read right after the row is in
        /// its place, though the rows were cut without it (`init` knows only the rows above it when it
        /// cuts): moved there again, it would be moved for ever, and every move of the page undone.
        func rowPiece() -> (line: Int, after: Int?)? {
            for (row, _) in rows {
                guard let last = row.last else { continue }
                let middle = ReadingOrder.middle(boxes[last])
                let pieces = rows(middleFrom: middle - 2 * height, to: middle + 2 * height).map(\.lines)
                    .filter { $0 != row }.compactMap(\.first).filter { $0 != last + 1 && isPiece($0, of: row) }
                if let nearest = pieces.min(by: { boxes[$0].x < boxes[$1].x }) { return move(nearest, after: last) }
            }
            return nil
        }

        /// The first row read after a row it stands left of, on that row and in its column: a line of
        /// the column within two rows' pitch, read before it, starts where it does (within a line's
        /// height) and runs on across the space between the two (Tesseract cut a justified line where
        /// the column's edge moves out under a picture, and read the left piece at the page's end).
        /// Small print, or an engraving read as letters, beside a column over a wider line is no piece.
        func leftPiece() -> (line: Int, after: Int?)? {
            let reach = 2 * widestPitch * height
            for (row, _) in rows {
                guard let first = row.first else { continue }
                let start = boxes[first], middle = ReadingOrder.middle(start)
                guard Double(start.height) >= smallestLineStart * height else { continue }
                let readLater = rows(middleFrom: middle - height, to: middle + height).filter { $0.lines.lowerBound >= row.upperBound }
                for (piece, box) in readLater {
                    guard RowPieces.sameRow(box, start),
                          piece.allSatisfy({ Double(boxes[$0].height) >= smallestLineStart * height })
                    else { continue }
                    let touching = piece.last.map { adjoins($0, first) } ?? false
                    guard touching || box.x + box.width <= start.x else { continue }
                    let across = boxes.indices.contains { other in
                        let line = boxes[other]
                        return other < piece.lowerBound && !row.contains(other)
                            && abs(ReadingOrder.middle(line) - middle) <= reach && !RowPieces.sameRow(line, start)
                            && Double(abs(line.x - box.x)) <= height && ColumnGaps.sharesColumn(line, box)
                            && line.x <= box.x + box.width && line.x + line.width >= start.x
                    }
                    guard across || touching else { continue }
                    let anchor = readable[first]
                    return (readable[piece.lowerBound], anchor == 0 ? nil : anchor - 1)
                }
            }
            return nil
        }

        /// The first line that begins the next row of a row's column but was read elsewhere, later.
        func columnLine() -> (line: Int, after: Int?)? {
            for (row, above) in rows {
                guard let last = row.last else { continue }
                // The one row right under it in its column.
                let middle = ReadingOrder.middle(above)
                let under = rows(middleFrom: middle, to: middle + 3 * widestPitch * height)
                    .filter { $0.lines != row && $0.lines.contains { continues(above, boxes[$0]) } }
                guard under.count == 1, let (next, below) = under.first, next.lowerBound > last + 1 else { continue }
                // Read on along its row, to the right: a form's label and its value, a table's cells; or
                // both read with a line beside them, row by row (the form's values under each other).
                let end = boxes[last], following = boxes[last + 1]
                if RowPieces.sameRow(end, following), following.x >= end.x + end.width / 2 { continue }
                if readAlongRow(row), readAlongRow(next) { continue }
                // It too must have that one row over it, and no other line may stand between them (on
                // a page read bent, lines overlap and a column's order is anyone's guess).
                let over = rows(middleFrom: ReadingOrder.middle(below) - 3 * widestPitch * height, to: ReadingOrder.middle(below))
                    .filter { $0.lines != next && $0.lines.contains { continues(boxes[$0], below) } }
                guard over.count == 1, over.first?.lines == row else { continue }
                let between = boxes.indices.contains { position in
                    guard !row.contains(position), !next.contains(position) else { return false }
                    let other = boxes[position], middle = ReadingOrder.middle(other)
                    return middle > ReadingOrder.middle(above) && middle < ReadingOrder.middle(below)
                        && !RowPieces.sameRow(other, above) && !RowPieces.sameRow(other, below)
                        && (ColumnGaps.sharesColumn(other, above) || ColumnGaps.sharesColumn(other, below))
                }
                guard !between else { continue }
                // As far apart as the column's other lines: farther, and a line of the page's flow beside
                // them takes the place between (a letter's signature on the right, between `Respectfully
                // submitted.` and `The PRESIDENT,` on the left).
                let pitch = ReadingOrder.middle(below) - ReadingOrder.middle(above)
                let overAbove = rows(middleFrom: ReadingOrder.middle(above) - 2 * widestPitch * height, to: ReadingOrder.middle(above))
                    .filter { continues($0.box, above) }.map { ReadingOrder.middle(above) - ReadingOrder.middle($0.box) }.min()
                let underBelow = rows(middleFrom: ReadingOrder.middle(below), to: ReadingOrder.middle(below) + 2 * widestPitch * height)
                    .filter { continues(below, $0.box) }.map { ReadingOrder.middle($0.box) - ReadingOrder.middle(below) }.min()
                if let usual = [overAbove, underBelow].compactMap({ $0 }).max(), pitch > widestPitchChange * usual { continue }
                // Read after a line over it across its width: a paragraph under two columns.
                let before = boxes[next.lowerBound - 1]
                if before.y + before.height <= below.y + below.height / 2, Self.overlap(before, below) >= 0.5 * Double(before.width) { continue }
                return move(next.lowerBound, after: last)
            }
            return nil
        }

        /// Whether the line read right before `row` or right after it stands on its row. Its own pieces do
        /// not count: a justified line Tesseract cut in two is still one line of its column.
        func readAlongRow(_ row: Range<Int>) -> Bool {
            guard let first = row.first, let last = row.last else { return false }
            return (boxes.indices.contains(first - 1) && RowPieces.sameRow(boxes[first], boxes[first - 1]))
                || (boxes.indices.contains(last + 1) && RowPieces.sameRow(boxes[last], boxes[last + 1]))
        }

        /// How much two boxes overlap across the page, in pixels; 0 when apart.
        static func overlap(_ a: PageBox, _ b: PageBox) -> Double {
            Double(max(0, a.horizontalOverlap(with: b)))
        }
    }
}
