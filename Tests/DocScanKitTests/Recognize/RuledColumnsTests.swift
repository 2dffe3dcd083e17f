import DocScanCore
@testable import DocScanKit
import Testing

/// Bars read down a table's ruled column go from inside its rows; a bar of the text's own, and bars that
/// do not line up, stay.
struct RuledColumnsTests {
    /// A line of words, each `width` px wide with 20 px between them from `x`, and a bar 10 px wide
    /// wherever the text has `|`.
    static func line(_ text: String, x: Int, y: Int) -> (line: RecognizedSpan, words: [RecognizedSpan]) {
        var words: [RecognizedSpan] = []
        var left = x
        for word in text.split(separator: " ") {
            let width = word == "|" ? 10 : 20 * word.count
            words.append(RecognizedSpan(text: String(word), confidence: 90, box: PageBox(x: left, y: y, width: width, height: 30)))
            left += width + 20
        }
        return (RecognizedSpan(text: text, confidence: 90, box: PageBox(x: x, y: y, width: left - x, height: 30)), words)
    }

    static func page(_ rows: [(line: RecognizedSpan, words: [RecognizedSpan])]) -> RecognizedText {
        RecognizedText(
            text: rows.map(\.line.text).joined(separator: "\n"), meanConfidence: 90,
            words: rows.flatMap(\.words), lines: rows.map(\.line), resolution: 300)
    }

    @Test func aRuleReadDownTheRowsGoes() {
        // The bar before the last cell stands at the same place in every row (x 240 or 244).
        var page = Self.page([
            Self.line("Monday 5:00 | Cory", x: 0, y: 0),
            Self.line("writing 2.0 | Hall", x: 4, y: 50),
            Self.line("science 2.0 | Hall", x: 4, y: 100),
            Self.line("Tuesday 3:0 | Hall", x: 0, y: 150),
        ])
        #expect(RuledColumns.strip(&page, width: 1000) == 4)
        let expected = ["Monday 5:00 Cory", "writing 2.0 Hall", "science 2.0 Hall", "Tuesday 3:0 Hall"]
        #expect(page.lines.map(\.text) == expected)
        #expect(page.text == expected.joined(separator: "\n"))
        #expect(!page.words.contains { $0.text == "|" })
        #expect(page.words.count == 12)
    }

    /// A bar read as the first letter of a cell's first word, row after row where the rule stands (x
    /// 240 or 244 as above), goes from the word; one at a word's start elsewhere stays.
    @Test func aRuleReadAtTheStartOfTheCellsWordsGoesFromThem() {
        var page = Self.page([
            Self.line("Monday 5:00 |Cory", x: 0, y: 0),
            Self.line("writing 2.0 | Hall", x: 4, y: 50),
            Self.line("science 2.0 |Hall |x", x: 4, y: 100),
            Self.line("Tuesday 3:0 |Hall", x: 0, y: 150),
        ])
        #expect(RuledColumns.strip(&page, width: 1000) == 4)
        let expected = ["Monday 5:00 Cory", "writing 2.0 Hall", "science 2.0 Hall |x", "Tuesday 3:0 Hall"]
        #expect(page.lines.map(\.text) == expected)
        #expect(page.text == expected.joined(separator: "\n"))
        #expect(page.words.filter { $0.text.hasPrefix("|") }.map(\.text) == ["|x"])
        #expect(page.words.contains { $0.text == "Cory" })
    }

    @Test func barsOfTheTextItselfStay() {
        let rows = [
            Self.line("Paperless In A Law Office? | Above the Law", x: 0, y: 0),
            Self.line("one | two", x: 0, y: 50),
            Self.line("three four five | six", x: 0, y: 100),
            Self.line("seven eight nine ten eleven | twelve", x: 0, y: 150),
        ]
        var page = Self.page(rows)
        #expect(RuledColumns.strip(&page, width: 1000) == 0)
        #expect(page.lines.map(\.text) == rows.map(\.line.text))
    }
}
