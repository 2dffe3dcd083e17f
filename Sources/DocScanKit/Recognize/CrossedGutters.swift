import DocScanCore
import Foundation

/// Cuts the lines Tesseract ran across a gutter into the pieces of their columns.
///
/// Where a caption stands in the gutter between two columns, Tesseract's layout analysis sometimes
/// joins a row of the left column, the caption's line and the row of the right column into one line:
/// a magazine page of a photo stress set came out with `You hear a lot about revenge in Croa- ROOFS OF
/// placed a collection of phosphorous shells` and three more such lines, and no column could be read
/// in its order (accurate CER 0.43). A wide space in a line is a gutter when the lines around it stop
/// at it: lines on both sides of it, above and below, end before it or begin after it, and few run
/// across it. The line is cut there, its pieces put where it was, one after the other, for the column
/// steps that follow (`ColumnGaps`, `SplitColumns`) to read with their columns.
///
/// A table Tesseract read row by row keeps its rows: its rows run across the gaps between its columns,
/// so the gaps are no gutters. A heading's letter-spaced words are no gutter either: the lines beside a
/// gutter must end and begin at it.
enum CrossedGutters {
    /// The narrowest space in a line that can be a gutter, in the line's height (or the page's typical
    /// line height, when larger): the widest spaces of a justified line are under one.
    static let narrowestGutter = 1.5
    /// How far above and below a line the lines that tell a gutter are looked for, in typical line heights.
    static let reach = 8.0
    /// The fewest rows of two lines, one on either side of a gutter, within `reach`.
    static let leastLinesBeside = 3
    /// How many lines may run across a gutter, as a share of those rows: other lines joined across it,
    /// a heading over both columns.
    static let mostAcross = 0.5

    /// Cuts each line that runs across a gutter at it.
    /// - Returns: how many cuts were made.
    static func split(_ page: inout RecognizedText) -> Int {
        guard let typical = page.typicalLineHeight else { return 0 }
        var cuts = 0
        // Each cut leaves one more line; a page has no more gutters to cut than words.
        for _ in 0..<page.words.count {
            guard let cut = firstCut(in: page, typicalHeight: typical),
                  page.cutLine(cut.line, at: cut.space)
            else { break }
            cuts += 1
        }
        return cuts
    }

    /// The first line with a space that is a gutter, and the space (page x from the word before it to the
    /// word after it).
    static func firstCut(in page: RecognizedText, typicalHeight: Int) -> (line: Int, space: Range<Int>)? {
        let wordsOfLines = page.wordsOfEachLine()
        let lines = page.lines.indices.map { index in
            wordsOfLines[index].map { page.words[$0] }.sorted { $0.box.x < $1.box.x }
        }
        let spaces = page.lines.indices.map { index in
            wideSpaces(
                in: lines[index], narrowest: narrowestGutter * Double(max(page.lines[index].box.height, typicalHeight)), overMarks: true)
        }
        for (index, words) in lines.enumerated() {
            for (start, end, split) in spaces[index] {
                guard readsSomething(words[..<split]), readsSomething(words[split...]),
                      isGutter(from: start, to: end, beside: index, of: page.lines, spaces: spaces, typicalHeight: typicalHeight)
                else { continue }
                return (index, start..<end)
            }
        }
        return nil
    }

    /// The spaces between a line's words (left to right) at least `narrowest` wide: where each begins
    /// and ends, and the index of the word after it.
    ///
    /// `overMarks`: only words with a letter or a digit bound a space. A speck in a gutter is read as a
    /// word of its own (`_`, `—`), which halved the magazine page's gutter in 4 of the 6 rows Tesseract
    /// ran across it in a dim photo (fast mode), and those rows were left joined (CER 0.24 against 0.05
    /// cut). Marks between two words go with the word after them. (`ColumnsReadAcross` counts the marks:
    /// a cookbook photo's facing-page sliver, read as marks beside its lines, was read as a column of its
    /// own so, 0.012; over the marks, as one block with the sliver's letters before its lines, 0.019.)
    static func wideSpaces(in words: [RecognizedSpan], narrowest: Double, overMarks: Bool = false) -> [(start: Int, end: Int, split: Int)] {
        let bounding = overMarks ? words.indices.filter { isLettered(words[$0]) } : Array(words.indices)
        return zip(bounding, bounding.dropFirst()).compactMap { previous, next in
            let start = words[previous].box.x + words[previous].box.width, end = words[next].box.x
            return Double(end - start) >= narrowest ? (start, end, previous + 1) : nil
        }
    }

    /// Whether `word` holds a letter or a digit (not a mark alone: `_`, `—`, `|`).
    static func isLettered(_ word: RecognizedSpan) -> Bool {
        word.text.unicodeScalars.contains(where: CharacterSet.alphanumerics.contains)
    }

    /// Whether the space from `start` to `end` in line `index` is a gutter: within `reach`, at least
    /// `leastLinesBeside` rows of two other lines, one beginning before the space and ending in it or
    /// before it, one beginning in it or after it and ending after it, and few lines running across it.
    /// In it: the space may run on past the column's edge, the line's part before it a paragraph's short
    /// last line (`main boulevard.`). Rows, not lines on either side: a receipt's totals right of its
    /// item lines, above or below them, stand beside nothing (SROIE's receipts, not in the repository:
    /// `SR @ 6%  6.60 0.40` under a left-hand block and over a right-hand one was cut in two). A line
    /// with a wide space of its own (`spaces`) where this one's middle is does not run across it: it is
    /// another line joined across the gutter (a magazine page's caption in the gutter joined to four
    /// rows of the column right of it, in fast mode, was read row by row across the three).
    static func isGutter(
        from start: Int, to end: Int, beside index: Int, of lines: [RecognizedSpan],
        spaces: [[(start: Int, end: Int, split: Int)]], typicalHeight: Int
    ) -> Bool {
        let middle = ReadingOrder.middle(lines[index].box)
        let tolerance = typicalHeight / 2, gutter = (start + end) / 2
        var before: [PageBox] = [], after: [PageBox] = [], across = 0
        for (other, line) in lines.enumerated() where other != index && !line.text.trimmingCharacters(in: .whitespaces).isEmpty {
            let box = line.box
            guard abs(ReadingOrder.middle(box) - middle) <= reach * Double(typicalHeight) else { continue }
            let left = box.x < start + tolerance, right = box.x + box.width > end - tolerance
            if left && right {
                if !spaces[other].contains(where: { $0.start < gutter && gutter < $0.end }) { across += 1 }
            } else if left {
                before.append(box)
            } else if right {
                after.append(box)
            }
        }
        let rows = before.filter { box in after.contains { RowPieces.sameRow(box, $0) } }.count
        return rows >= leastLinesBeside && Double(across) <= mostAcross * Double(rows)
    }

    /// Whether words hold two letters or digits: a rule's bar or a stray dot beside a line is no piece.
    static func readsSomething(_ words: ArraySlice<RecognizedSpan>) -> Bool {
        words.reduce(0) { $0 + $1.text.unicodeScalars.filter(CharacterSet.alphanumerics.contains).count } >= 2
    }
}

extension RecognizedText {
    /// Cuts line `index` in two at `space` (page x): its words left of the space's middle and right of it
    /// become two lines in its place, in the lines, the words and the text. Marks lying within the space
    /// (`CrossedGutters.isLettered`) are left out: specks in a gutter, which would reach the next column's
    /// piece into it, where it ran across the gutter for the lines cut after it.
    /// - Returns: false when the line's text is not found, or a side has no words (nothing changed).
    mutating func cutLine(_ index: Int, at space: Range<Int>) -> Bool {
        let original = self
        guard let taken = removeLine(at: index) else { return false }
        let x = (space.lowerBound + space.upperBound) / 2
        let words = taken.reading.words.sorted { $0.box.x < $1.box.x }.filter { word in
            CrossedGutters.isLettered(word) || word.box.x < space.lowerBound || word.box.x + word.box.width > space.upperBound
        }
        let left = words.filter { $0.box.x + $0.box.width / 2 < x }, right = words.filter { $0.box.x + $0.box.width / 2 >= x }
        guard !left.isEmpty, !right.isEmpty else {
            self = original
            return false
        }
        func piece(_ words: [RecognizedSpan]) -> (box: PageBox, reading: LineReading) {
            let first = words[0].box, last = words[words.count - 1].box
            let box = PageBox(x: first.x, y: taken.box.y, width: last.x + last.width - first.x, height: taken.box.height)
            return (box, LineReading(joining: words))
        }
        let before = index > 0 ? index - 1 : nil
        let (leftBox, leftReading) = piece(left)
        insertLine(leftBox, leftReading, after: before)
        let (rightBox, rightReading) = piece(right)
        insertLine(rightBox, rightReading, after: index)
        return true
    }
}
