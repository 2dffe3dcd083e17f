import DocScanCore

/// Takes out the bars Tesseract reads down a table's ruled column, inside its rows.
///
/// A table's vertical rule crosses every row, and Tesseract reads it as a `|` standing alone between
/// the cells' words (`2.0 | Hall`), row after row at the same place across the page. `EdgeMarks` takes
/// such marks out only at a line's ends, since a bar inside a line may be the text's own (`Law Office? |
/// Above the Law`). Bars standing alone inside lines, on `leastRows` lines or more within `alignment`
/// of the page's width of one another across, are a rule, and go. Measured on the eval sets, Fixtures
/// and the photo stress set (both modes): such columns of 3 to 11 bars on the photographed table of
/// eval/real (fast) and on the ruled table of a Chinese manual page in every variant, none in a
/// ground truth.
///
/// Where a cell's text starts close to the rule, Tesseract reads the bar as the first letter of the
/// cell's first word (`|ka-kemo`, 31 words of Fixtures' photographed verb table in fast mode, where
/// the page is worked small). A bar at a word's start counts where the word starts, and in a rule's
/// column only the bar goes from the word.
enum RuledColumns {
    static let bars: Set<Substring> = ["|", "¦"]
    static let alignment = 0.015
    static let leastRows = 3

    /// Takes the ruled columns' bars out of the lines, words and text of a page `width` pixels wide.
    /// - Returns: how many bars went.
    static func strip(_ page: inout RecognizedText, width: Int) -> Int {
        // Each bar standing alone in a line or at a word's start: its line, its place among the line's
        // bars from the left, and where it stands across the page (its centre; a word's start).
        var found: [(line: Int, rank: Int, centre: Double)] = []
        var barsOfLine: [Int: [RecognizedSpan]] = [:]
        let wordsOfLine = page.wordsOfEachLine().map { $0.map { page.words[$0] } }
        for index in page.lines.indices {
            let lineBars = wordsOfLine[index].filter { isBar($0.text) || startsWithBar($0.text) }
                .sorted { $0.box.x < $1.box.x }
            barsOfLine[index] = lineBars
            for (rank, bar) in lineBars.enumerated() {
                found.append((index, rank, isBar(bar.text) ? Double(bar.box.x) + Double(bar.box.width) / 2 : Double(bar.box.x)))
            }
        }
        // Runs of bars across the page, each within `alignment` of the page's width of the next.
        let sorted = found.sorted { $0.centre < $1.centre }
        var ruled: [Int: Set<Int>] = [:]
        var start = 0
        for end in sorted.indices where end == sorted.count - 1 || sorted[end + 1].centre - sorted[end].centre > alignment * Double(width) {
            let run = sorted[start...end]
            if Set(run.map(\.line)).count >= leastRows {
                for bar in run { ruled[bar.line, default: []].insert(bar.rank) }
            }
            start = end + 1
        }
        var readings: [Int: LineReading] = [:]
        var removed = 0
        for (index, ranks) in ruled {
            let line = page.lines[index], lineBars = barsOfLine[index] ?? []
            // The line's text must stand bar for bar with its words; else it is left as it is.
            guard let text = dropping(ranks, ofBarsIn: line.text, count: lineBars.count) else { continue }
            let gone = ranks.map { lineBars[$0] }
            let words = wordsOfLine[index].filter { !(gone.contains($0) && isBar($0.text)) }
                .map { word in
                    guard gone.contains(word), startsWithBar(word.text) else { return word }
                    var trimmed = word
                    trimmed.text.removeFirst()
                    return trimmed
                }
            readings[index] = LineReading(text: text, confidence: line.confidence, words: words)
            removed += ranks.count
        }
        page.replaceLines(readings)
        return removed
    }

    /// Whether `text` is a bar alone.
    static func isBar(_ text: String) -> Bool { bars.contains(Substring(text)) }

    /// Whether `text` is a word with a bar glued to its start (`|ka-kemo`).
    static func startsWithBar(_ text: String) -> Bool {
        text.count > 1 && text.first.map { bars.contains(Substring(String($0))) } == true
    }

    /// `text` without the bars at `ranks` (0 the first from the left, counting bars alone and bars at a
    /// word's start): a bar alone goes with the space before it, a bar at a word's start from the word;
    /// nil when the text does not hold `count` such bars.
    static func dropping(_ ranks: Set<Int>, ofBarsIn text: String, count: Int) -> String? {
        // Every word of the text with the space before it.
        var pieces: [(space: Substring, word: Substring)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let space = rest.prefix(while: \.isWhitespace)
            rest = rest[space.endIndex...]
            let word = rest.prefix { !$0.isWhitespace }
            rest = rest[word.endIndex...]
            pieces.append((space, word))
        }
        let barPieces = pieces.indices.filter { isBar(String(pieces[$0].word)) || startsWithBar(String(pieces[$0].word)) }
        guard barPieces.count == count else { return nil }
        let dropped = Set(ranks.map { barPieces[$0] })
        return pieces.indices.compactMap { index -> String? in
            let (space, word) = pieces[index]
            guard dropped.contains(index) else { return String(space) + String(word) }
            return isBar(String(word)) ? nil : String(space) + String(word.dropFirst())
        }.joined()
    }
}
