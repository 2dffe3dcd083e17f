import DocScanCore
@testable import DocScanKit
import Foundation
import Testing

/// Marks read at the ends of lines where there was no print go; marks inside lines, and words that only
/// begin or end with a mark, stay.
struct EdgeMarksTests {
    /// A line of words 20 px wide and 10 apart, from x 0.
    static func line(_ words: [String], y: Int) -> (line: RecognizedSpan, words: [RecognizedSpan]) {
        let spans = words.enumerated().map { index, word in
            RecognizedSpan(text: word, confidence: 80, box: PageBox(x: 30 * index, y: y, width: 20, height: 20))
        }
        let box = PageBox(x: 0, y: y, width: 30 * words.count - 10, height: 20)
        return (RecognizedSpan(text: words.joined(separator: " "), confidence: 80, box: box), spans)
    }

    static func page(_ lines: [[String]]) -> RecognizedText {
        let made = lines.enumerated().map { line($1, y: 40 * $0) }
        return RecognizedText(
            text: made.map(\.line.text).joined(separator: "\n"), meanConfidence: 80,
            words: made.flatMap(\.words), lines: made.map(\.line), resolution: 300)
    }

    @Test func marksAtTheEndsOfLinesGoFromTheLinesTheWordsAndTheText() {
        var page = Self.page([
            ["|", "HOLLOWAY", "FRESH", "MARKET"],
            ["OAT", "MILK", "1.65", "F", "|"],
            ["!", "in", "a", "well-greased", "pan"],
            ["{"],
            ["|", "|", "four", "tablespoons", "]"],
            ["52019", "2.0", "|Hall", "|", "A"],
            ["Attention", "!"],
            ["(a)", "[b]", "I"],
        ])
        #expect(EdgeMarks.strip(&page) == 7)
        let expected = [
            "HOLLOWAY FRESH MARKET", "OAT MILK 1.65 F", "in a well-greased pan", "four tablespoons",
            "52019 2.0 |Hall | A", "Attention !", "(a) [b] I",
        ]
        #expect(page.lines.map(\.text) == expected)
        #expect(page.text == expected.joined(separator: "\n"))
        #expect(page.words.map(\.text) == expected.flatMap { $0.split(separator: " ").map(String.init) })
    }

    /// A page of Chinese keeps the layout's spaces inside its lines.
    @Test func theSpacesInsideALineStay() {
        #expect(EdgeMarks.stripped("| 域名服务      DNS (BIND)   |") == ("域名服务      DNS (BIND)", 1, 1))
        #expect(EdgeMarks.stripped("用户管理") == ("用户管理", 0, 0))
    }
}
