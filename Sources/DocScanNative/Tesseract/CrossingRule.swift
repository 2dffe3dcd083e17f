import DocScanCore

/// A piece of a table's vertical rule that Tesseract counted into one row of a cell's text.
///
/// Where a ruled table's cells hold several lines, the rule between two cells crosses them all, and
/// Tesseract puts its piece in one of the rows: as a `|` word as tall as the cell, as a blob read as
/// nothing, or joined to the row's first word (`se-ran` and the rule read `Bis`). That line's box then
/// spans the cell's rows, and the reading order, which joins lines that share a height, chained the
/// rows of the cell into one (a photographed linguistics thesis table, fast mode: seven such lines,
/// 112–126 px high where the page's words are 33, and half the table's rows read as one line each of a
/// cell's three). A thin piece is no text of the row and is taken out of the line; the line's box is
/// the box of its words of a row's height.
enum CrossingRule {
    /// How many times as tall as the page's words of text a rule's piece, or a word it joined, is.
    static let tallness = 2.5
    /// How many times as tall as wide a rule's piece is at least.
    static let thinness = 4
    /// How many times as tall as its words' box a line's box is when a rule made it so: a row's box
    /// stands a little over its words' as a rule (specks beside a receipt's prices made boxes 1.6–2
    /// times as tall, which were left: re-read in a tighter box, a price changed).
    static let inflation = 2.5

    /// The median height of the words holding a letter or a digit: punctuation is lower, and a line of
    /// a word and a full stop has no middle of its own. Nil without such words.
    static func typicalHeight(of words: [RecognizedSpan]) -> Double? {
        let heights = words.filter { $0.text.contains { $0.isLetter || $0.isNumber } }.map(\.box.height).sorted()
        return heights.isEmpty ? nil : Double(heights[heights.count / 2])
    }

    /// Which of a line's words (their boxes) are pieces of a rule, and the box the line has: the box of
    /// its words of a row's height where a rule or blobs read as nothing inflated `line`, else `line`.
    static func trimmed(_ line: PageBox, words: [PageBox], typicalHeight: Double) -> (rules: Set<Int>, box: PageBox) {
        let tall = Set(words.indices.filter { Double(words[$0].height) > tallness * typicalHeight })
        let rules = Set(tall.filter { words[$0].height >= thinness * words[$0].width })
        // A word a rule joined stays, but not in the box; a line of large print alone stays as it is.
        let kept = words.indices.filter { !tall.contains($0) }.map { words[$0] }
        guard let first = kept.first else { return ([], line) }
        let box = kept.dropFirst().reduce(first) { $0.union($1) }
        guard !rules.isEmpty || Double(line.height) > inflation * Double(box.height) else { return ([], line) }
        return (rules, box)
    }

    /// `line` without one word standing alone for each of `texts` (the first such from the left) and
    /// the space before it; nil when one is not found.
    static func removing(_ texts: [String], from line: String) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for text in texts {
            guard let index = words.firstIndex(of: text) else { return nil }
            words.remove(at: index)
        }
        return words.joined(separator: " ")
    }
}
