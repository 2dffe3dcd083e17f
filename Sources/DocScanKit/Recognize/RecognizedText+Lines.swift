import DocScanCore
import DocScanNative
import Foundation

/// Edits of a page's reading line by line, keeping its three views (the lines, the words and the text)
/// in step: the primary-language and thresholded re-reads replace lines, the unread-ink read adds them
/// and the column gaps move them.
extension RecognizedText {
    /// The lines that hold more than spaces.
    var textLines: [RecognizedSpan] {
        lines.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The median height of the lines with text; nil with fewer than three, too few to tell.
    var typicalLineHeight: Int? {
        let heights = textLines.map(\.box.height).sorted()
        return heights.count >= 3 ? heights[heights.count / 2] : nil
    }

    /// The line each word belongs to (indexes into `lines`; nil for a word no line's box holds): of the
    /// lines whose box holds the word's centre, one whose text still has the word unclaimed by an
    /// earlier word, the nearest up or down; else the nearest whose text holds it (a Han character in a
    /// run of them); else the first whose box holds it.
    ///
    /// Lines' boxes overlap where lines slant or a facing page's line ends, higher or lower than the
    /// page's own, were joined to them: an old book's photo had line boxes 46–75 px tall 36 px apart, so
    /// the first box holding a word's centre was often the line above's, and its own line showed no words.
    /// Every edit of lines goes by it, so a line's words are taken out or replaced with it, not its
    /// neighbours' too.
    func lineOfEachWord() -> [Int?] {
        var unclaimed = lines.map { line in
            Dictionary(line.text.split(separator: " ").map { (String($0), 1) }, uniquingKeysWith: +)
        }
        return words.map { word in
            let holding = lines.indices.filter { lines[$0].box.containsCentre(of: word.box) }
            // Twice the distance between centres, in whole pixels.
            func offset(_ line: Int) -> Int {
                abs(lines[line].box.y * 2 + lines[line].box.height - word.box.y * 2 - word.box.height)
            }
            if let line = holding.filter({ unclaimed[$0][word.text, default: 0] > 0 }).min(by: { offset($0) < offset($1) }) {
                unclaimed[line][word.text, default: 0] -= 1
                return line
            }
            // Han characters are words of their own, written without spaces between them.
            return holding.filter { lines[$0].text.contains(word.text) }.min { offset($0) < offset($1) } ?? holding.first
        }
    }

    /// Where each line's text stands in `text`, found by walking the lines' texts in order, so a line
    /// repeated elsewhere on the page is not mistaken for it; nil for a line whose text is not found.
    func lineRanges() -> [Range<String.Index>?] {
        var ranges: [Range<String.Index>?] = []
        var cursor = text.startIndex
        for line in lines {
            let trimmed = line.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty, let range = text.range(of: trimmed, range: cursor..<text.endIndex) {
                cursor = range.upperBound
                ranges.append(range)
            } else {
                ranges.append(nil)
            }
        }
        return ranges
    }

    /// Reads each line Tesseract was less than `doubtful` sure of again on its own, cut out of `image`
    /// and read with `read` (`LineReading`), and puts in its place each reading `keeps` accepts for it.
    /// The re-reads differ only in the image, the reader and the rule of what is kept.
    /// - Returns: how many lines were replaced.
    @discardableResult
    mutating func rereadLines(
        under doubtful: Double, on image: PixImage, with read: (PixImage) throws -> RecognizedText,
        keeping keeps: (_ line: RecognizedSpan, _ reading: LineReading) -> Bool
    ) rethrows -> Int {
        var readings: [Int: LineReading] = [:]
        for (index, line) in lines.enumerated() where line.confidence < doubtful {
            guard let reading = try LineReading.read(line.box, on: image, with: read), keeps(line, reading) else { continue }
            readings[index] = reading
        }
        replaceLines(readings)
        return readings.count
    }

    /// The words of each line (indexes into `words`, in their order), as `lineOfEachWord()` assigns them.
    func wordsOfEachLine() -> [[Int]] {
        var grouped = Array(repeating: [Int](), count: lines.count)
        for (word, line) in lineOfEachWord().enumerated() {
            if let line { grouped[line].append(word) }
        }
        return grouped
    }

    /// Puts each reading in place of its line (by index): in the lines, in the text and in the words
    /// (the line's words, `lineOfEachWord()`, give way to the reading's, where the first of them was).
    mutating func replaceLines(_ readings: [Int: LineReading]) {
        guard !readings.isEmpty else { return }
        let owners = lineOfEachWord()
        var replaced = Set<Int>()
        var kept: [RecognizedSpan] = []
        for (word, owner) in zip(words, owners) {
            guard let owner, let reading = readings[owner] else {
                kept.append(word)
                continue
            }
            if replaced.insert(owner).inserted { kept += reading.words }
        }
        // A line none of whose words are left (all claimed by lines its box overlaps) gets its reading's at the end.
        for (index, reading) in readings.sorted(by: { $0.key < $1.key }) where !replaced.contains(index) {
            kept += reading.words
        }
        words = kept
        // From the last line back, so that the ranges of earlier lines stay valid.
        let ranges = lineRanges()
        for (index, reading) in readings.sorted(by: { $0.key > $1.key }) {
            if let range = ranges[index] { text.replaceSubrange(range, with: reading.text) }
            lines[index].text = reading.text
            lines[index].confidence = reading.confidence
        }
    }

    /// Adds lines read on their own, each after the line it sits under (the nearest line above it that
    /// it overlaps horizontally, else the nearest above it at all), in the lines, the words and the
    /// text; a line with none above comes first.
    mutating func insertLines(_ readings: [(box: PageBox, reading: LineReading)]) {
        insert(readings.map { (box: $0.box, reading: $0.reading, anchor: anchor(under: $0.box)) })
    }

    /// Adds one line right after line `index` (first when nil), in the lines, the words and the text.
    mutating func insertLine(_ box: PageBox, _ reading: LineReading, after index: Int?) {
        insert([(box: box, reading: reading, anchor: index)])
    }

    /// Moves lines one at a time, each where `next` says (the line, and the line to put it after; nil
    /// for first), until `next` finds none.
    /// - Returns: how many lines were moved. Moves that do not settle within one per line contradict each
    ///   other (one line moved back and forth for ever): the page is then left as it was, and 0 returned.
    ///   A move that leaves the line where it is ends the moves, the others kept: asked again, `next`
    ///   would ask for it for ever, and every move of the page would be undone as contradictory (the
    ///   split-columns step once did so on a magazine page, `SplitColumns.rowPiece`).
    mutating func moveLines(_ next: ([RecognizedSpan]) -> (line: Int, after: Int?)?) -> Int {
        let original = self
        for moved in 0...original.lines.count {
            guard let move = next(lines) else { return moved }
            // Put after the line that stands before it once it is taken out: where it is.
            guard move.line != (move.after.map { $0 + 1 } ?? 0) else { return moved }
            guard moved < original.lines.count else { break }
            guard let taken = removeLine(at: move.line) else { return moved }
            insertLine(taken.box, taken.reading, after: move.after)
        }
        self = original
        return 0
    }

    /// Moves lines as `moveLines` does, `next` given the page's typical line height too, and then leaves
    /// one blank line between blocks where the lines moved out of them left them empty.
    /// - Returns: how many lines were moved; 0 for a page with too few lines to tell their height.
    mutating func moveLines(byLineHeight next: ([RecognizedSpan], Int) -> (line: Int, after: Int?)?) -> Int {
        guard let typical = typicalLineHeight else { return 0 }
        let moved = moveLines { next($0, typical) }
        if moved > 0 { collapseBlankLines() }
        return moved
    }

    /// Leaves one blank line wherever lines taken out of the text left several in a row.
    mutating func collapseBlankLines() {
        while text.contains("\n\n\n") {
            text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n")
        }
    }

    /// Takes line `index` out of the lines, its words (`lineOfEachWord()`) out of the words and its text
    /// (with the line break before it) out of the text; nil when its text is not found.
    mutating func removeLine(at index: Int) -> (box: PageBox, reading: LineReading)? {
        guard let range = lineRanges()[index] else { return nil }
        var start = range.lowerBound
        if start > text.startIndex, text[text.index(before: start)] == "\n" { start = text.index(before: start) }
        text.removeSubrange(start..<range.upperBound)
        if text.hasPrefix("\n") { text.removeFirst() }
        let owners = lineOfEachWord()
        let moved = words.indices.filter { owners[$0] == index }.map { words[$0] }
        words = words.indices.filter { owners[$0] != index }.map { words[$0] }
        let line = lines.remove(at: index)
        return (line.box, LineReading(text: line.text, confidence: line.confidence, words: moved))
    }

    /// Adds each reading after the line at its anchor (first when nil); anchors index the lines as
    /// they are before any is added.
    private mutating func insert(_ readings: [(box: PageBox, reading: LineReading, anchor: Int?)]) {
        guard !readings.isEmpty else { return }
        // As UTF-8 offsets, which a native string measures and finds again without walking its characters.
        let ends = lineRanges().map { $0.map { text.utf8.distance(from: text.startIndex, to: $0.upperBound) } }
        // Top to bottom, left to right; then inserted from the last place back, so that earlier places
        // stay where they were and readings under one line keep their order after it.
        let placed = readings.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }.enumerated().map { item in
            (order: item.offset, line: RecognizedSpan(text: item.element.reading.text, confidence: item.element.reading.confidence, box: item.element.box),
             words: item.element.reading.words, anchor: item.element.anchor)
        }
        let textEnd = { (anchor: Int?) in anchor.flatMap { ends[$0] } ?? -1 }
        for item in placed.sorted(by: { (textEnd($0.anchor), $0.order) > (textEnd($1.anchor), $1.order) }) {
            if let anchor = item.anchor, let end = ends[anchor] {
                text.insert(contentsOf: "\n" + item.line.text, at: text.utf8.index(text.startIndex, offsetBy: end))
            } else {
                text = item.line.text + (text.isEmpty ? "" : "\n") + text
            }
        }
        for item in placed.sorted(by: { ($0.anchor ?? -1, $0.order) > ($1.anchor ?? -1, $1.order) }) {
            guard let anchor = item.anchor else {
                lines.insert(item.line, at: 0)
                words.insert(contentsOf: item.words, at: 0)
                continue
            }
            let above = lines[anchor].box
            lines.insert(item.line, at: anchor + 1)
            let lastWord = words.lastIndex { above.containsCentre(of: $0.box) }
            words.insert(contentsOf: item.words, at: lastWord.map { $0 + 1 } ?? words.endIndex)
        }
    }

    /// The index of the line `box` sits under: the nearest above it that overlaps it horizontally,
    /// else the nearest above it; nil when no line is above it.
    private func anchor(under box: PageBox) -> Int? {
        let above = lines.indices.filter { lines[$0].box.y + lines[$0].box.height / 2 < box.y + box.height / 2 }
        let overlapping = above.filter { lines[$0].box.x < box.x + box.width && box.x < lines[$0].box.x + lines[$0].box.width }
        let nearest = { (candidates: [Int]) in candidates.max { lines[$0].box.y + lines[$0].box.height < lines[$1].box.y + lines[$1].box.height } }
        return nearest(overlapping) ?? nearest(above)
    }
}

extension PageBox {
    /// Whether the centre of `other` lies inside this box (edges included): a word belongs to the line
    /// whose box holds its centre.
    func containsCentre(of other: PageBox) -> Bool {
        let x = other.x + other.width / 2, y = other.y + other.height / 2
        return x >= self.x && x <= self.x + width && y >= self.y && y <= self.y + height
    }

    /// How far this box and `other` overlap across the page, in pixels; negative when a gap parts them.
    func horizontalOverlap(with other: PageBox) -> Int {
        min(x + width, other.x + other.width) - max(x, other.x)
    }
}
