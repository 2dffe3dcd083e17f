import DocScanCore
import Foundation

/// Takes out the marks Tesseract reads at the ends of lines where there is no print: a table's ruled
/// border read `|` before each row, a receipt's torn edge, a speck or the facing page's edge in the
/// gutter of a book photo read `|`, `!` or `{`.
///
/// Only a mark standing alone, a whole word of one of these characters at the very start or end of a
/// line (or a line of nothing else), goes; inside a line (`2.0 |Hall`, `A | B`) it stays. Measured on the
/// eval sets' and Fixtures' pages (both modes): 28 lines of 8 pages began or ended so (a book photo's
/// gutter, two receipts, a table photo, a Chinese page's ruled table) and no line of their ground truth
/// does. `!` goes only at a line's start: French sets it apart at a sentence's end (`Attention !`).
enum EdgeMarks {
    /// Marks taken out at either end of a line.
    static let marks: Set<Substring> = ["|", "¦", "{", "}", "[", "]"]
    /// Marks taken out at a line's start only.
    static let leadingMarks: Set<Substring> = ["!"]

    /// Takes the marks out of the page's lines, words and text; a line of marks alone goes whole.
    /// - Returns: how many marks were taken out.
    static func strip(_ page: inout RecognizedText) -> Int {
        var removed = 0
        var readings: [Int: LineReading] = [:]
        var emptied: [Int] = []
        // Worked out only for a page with marks: most have none.
        lazy var wordsOfLine = page.wordsOfEachLine()
        for (index, line) in page.lines.enumerated() {
            let (text, leading, trailing) = stripped(line.text)
            guard leading + trailing > 0 else { continue }
            removed += leading + trailing
            if text.isEmpty {
                emptied.append(index)
                continue
            }
            // The line's words left to right, less as many marks as went from each end.
            var words = wordsOfLine[index].map { page.words[$0] }.sorted { $0.box.x < $1.box.x }
            for _ in 0..<leading where words.first.map({ isMark(Substring($0.text), leading: true) }) == true { words.removeFirst() }
            for _ in 0..<trailing where words.last.map({ isMark(Substring($0.text), leading: false) }) == true { words.removeLast() }
            readings[index] = LineReading(text: text, confidence: line.confidence, words: words)
        }
        page.replaceLines(readings)
        // From the last back, so the earlier indices stay valid.
        for index in emptied.reversed() { _ = page.removeLine(at: index) }
        return removed
    }

    /// `text` without the marks standing alone at its ends, and how many went from its start and its end.
    static func stripped(_ text: String) -> (text: String, leading: Int, trailing: Int) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var leading = 0, trailing = 0
        // Each word is a slice of `rest`, so its indices cut `rest` (and the spaces inside stay as they are).
        while let word = rest.split(maxSplits: 1, whereSeparator: \.isWhitespace).first, isMark(word, leading: true) {
            rest = rest[word.endIndex...].drop(while: \.isWhitespace)
            leading += 1
        }
        while let word = rest.split(whereSeparator: \.isWhitespace).last, isMark(word, leading: false) {
            rest = rest[..<word.startIndex]
            while rest.last?.isWhitespace == true { rest.removeLast() }
            trailing += 1
        }
        return (String(rest), leading, trailing)
    }

    private static func isMark(_ word: Substring, leading: Bool) -> Bool {
        marks.contains(word) || (leading && leadingMarks.contains(word))
    }
}
