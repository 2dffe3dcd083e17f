import DocScanCore
@testable import DocScanNative
import Testing

/// A piece of a table's vertical rule that Tesseract counted into a row is taken out of it, and the
/// row's box is its words' (`CrossingRule`). The boxes are those Tesseract gave, in fast mode, for a
/// photographed thesis table whose rules cross each cell's three lines (its words 33 px high).
struct CrossingRuleTests {
    private static func box(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PageBox {
        PageBox(x: x, y: y, width: width, height: height)
    }

    /// `3.1 | se-kor dia`: the bar 112 px high went, the line is its words' height again.
    @Test func aBarAsTallAsTheCellIsARulesPiece() {
        let words = [Self.box(84, 642, 43, 25), Self.box(187, 637, 6, 112), Self.box(204, 641, 86, 25), Self.box(297, 639, 43, 26)]
        let trimmed = CrossingRule.trimmed(Self.box(84, 637, 256, 112), words: words, typicalHeight: 33)
        #expect(trimmed.rules == [1])
        #expect(trimmed.box == Self.box(84, 639, 256, 28))
    }

    /// `Bis timuri`: the rule joined to the first word (read `Bis`) is no thin piece and stays in the
    /// text, but the line's box is the other word's; `se-ruar dia`, 122 px high by a blob read as
    /// nothing, is its words' box.
    @Test func aLineARuleInflatedGetsItsWordsBox() {
        let joined = CrossingRule.trimmed(Self.box(1310, 623, 195, 126), words: [Self.box(1310, 627, 105, 122), Self.box(1424, 623, 81, 43)], typicalHeight: 33)
        #expect(joined.rules.isEmpty)
        #expect(joined.box == Self.box(1424, 623, 81, 43))
        let blob = CrossingRule.trimmed(Self.box(543, 633, 170, 122), words: [Self.box(561, 645, 100, 17), Self.box(669, 636, 44, 26)], typicalHeight: 33)
        #expect(blob.rules.isEmpty)
        #expect(blob.box == Self.box(561, 636, 152, 26))
    }

    /// Left as Tesseract gave them: a receipt's row its specks made twice its words' height (re-read in
    /// a tighter box, a price changed), a line of large print, a drop capital's line, and a bar of the
    /// text's own height.
    @Test func linesNoRuleCrossesKeepTheirBoxes() {
        let receipt = Self.box(21, 191, 429, 36)
        #expect(CrossingRule.trimmed(receipt, words: [Self.box(21, 208, 120, 18), Self.box(300, 208, 114, 18)], typicalHeight: 18).box == receipt)
        let heading = Self.box(100, 100, 600, 90)
        #expect(CrossingRule.trimmed(heading, words: [Self.box(100, 100, 300, 90), Self.box(420, 102, 280, 88)], typicalHeight: 30).box == heading)
        let bar = Self.box(100, 100, 500, 30)
        let kept = CrossingRule.trimmed(bar, words: [Self.box(100, 100, 200, 30), Self.box(320, 98, 4, 34), Self.box(340, 100, 260, 30)], typicalHeight: 30)
        #expect(kept.rules.isEmpty)
        #expect(kept.box == bar)
    }

    /// A line of a full stop and a word has no middle height of its own: the page's words of text give
    /// it, so the word is not taken for a tall one (it shrank a line to its full stop, 6 × 5 px, and a
    /// page's columns were read in another order).
    @Test func thePagesWordsOfTextSetTheHeight() {
        let words = [RecognizedSpan(text: ".", confidence: 90, box: Self.box(570, 2680, 6, 5)),
                     RecognizedSpan(text: "THE", confidence: 90, box: Self.box(580, 2664, 60, 21)),
                     RecognizedSpan(text: "terra-cotta", confidence: 90, box: Self.box(650, 2664, 200, 20))]
        let typical = CrossingRule.typicalHeight(of: words)
        #expect(typical == 21)
        let line = Self.box(570, 2664, 668, 21)
        #expect(CrossingRule.trimmed(line, words: words.map(\.box), typicalHeight: typical ?? 0).box == line)
    }

    @Test func aBarIsTakenOutOfALinesTextWithItsSpace() {
        #expect(CrossingRule.removing(["|"], from: "3.1 | se-kor dia") == "3.1 se-kor dia")
        #expect(CrossingRule.removing(["|"], from: "3.1  se-kor dia") == nil)
    }
}
