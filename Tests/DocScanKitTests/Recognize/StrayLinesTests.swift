import DocScanCore
@testable import DocScanKit
import Testing

/// Lines read at almost no confidence down a stripe or along the page's top or bottom edge go, and so do
/// a facing page's line ends along its side; lines read with confidence at the top or bottom, and
/// doubtful lines inside the page, stay.
struct StrayLinesTests {
    static func span(_ text: String, _ confidence: Double, x: Int, y: Int, width: Int, height: Int) -> RecognizedSpan {
        RecognizedSpan(text: text, confidence: confidence, box: PageBox(x: x, y: y, width: width, height: height))
    }

    /// The open cookbook's own lines next to the facing page's strip (1,880 px wide page).
    static let cookbookLines = [
        span("Divide the dough into 8-10 equal pieces. Knead", 94, x: 298, y: 1574, width: 588, height: 30),
        span("the individual pieces by hand for a little while,", 96, x: 298, y: 1615, width: 586, height: 30),
        span("with butter.", 97, x: 287, y: 1898, width: 108, height: 24),
    ]

    /// A page of `lines`, each line one word.
    static func page(_ lines: [RecognizedSpan], confidence: Double) -> RecognizedText {
        RecognizedText(text: lines.map(\.text).joined(separator: "\n"), meanConfidence: confidence, words: lines, lines: lines, resolution: 300)
    }

    @Test func straysGoFromTheLinesTheWordsAndTheText() {
        // A page 1,000 px tall: its top and bottom 30 px are the edge band.
        let lines = [
            Self.span("GL em —— =", 23, x: 160, y: 7, width: 600, height: 40),
            Self.span("THE KEEPER'S LEDGER", 96, x: 400, y: 160, width: 300, height: 24),
            Self.span("By the time the ferry reached Carrow Point", 95, x: 100, y: 230, width: 900, height: 30),
            Self.span("LULA adAIA ALDLULA LEAR", 0, x: 1050, y: 230, width: 17, height: 571),
            Self.span("j", 83, x: 500, y: 300, width: 10, height: 44),
            Self.span("thinned to a pale haze", 22, x: 100, y: 400, width: 700, height: 30),
            Self.span("Page 175", 91, x: 450, y: 975, width: 100, height: 22),
            Self.span("ee seers", 12, x: 100, y: 980, width: 300, height: 18),
        ]
        var page = Self.page(lines, confidence: 60)
        #expect(StrayLines.strip(&page, width: 1100, height: 1000) == 3)
        let expected = ["THE KEEPER'S LEDGER", "By the time the ferry reached Carrow Point", "j", "thinned to a pale haze", "Page 175"]
        #expect(page.lines.map(\.text) == expected)
        #expect(page.text == expected.joined(separator: "\n"))
        #expect(page.words.map(\.text) == expected)
    }

    /// A photo of an open book, warped to its page (1,880 px wide): the facing page's line ends along the
    /// left side and specks of its margin along the right go, read with confidence or not; the page's
    /// own lines stay.
    @Test func theFacingPagesSliverGoes() {
        let lines = [
            Self.span("uttermilk", 91, x: 0, y: 1577, width: 101, height: 29),
            Self.span("shed barley goats", 68, x: 0, y: 1627, width: 163, height: 33),
            Self.span("putter", 92, x: 6, y: 1836, width: 63, height: 38),
        ] + Self.cookbookLines + [
            Self.span("golden. Enjoy them warm from the oven with butter.", 96, x: 953, y: 1302, width: 643, height: 35),
            Self.span("¥", 0, x: 1851, y: 148, width: 19, height: 37),
            Self.span("WH", 38, x: 1859, y: 734, width: 14, height: 40),
        ]
        var page = Self.page(lines, confidence: 80)
        #expect(StrayLines.strip(&page, width: 1880, height: 2500) == 5)
        #expect(page.lines.map(\.text) == lines[3...6].map(\.text))
    }

    /// Lines of the sliver that do not reach the side (one reaching further in than any line at the side)
    /// go with it; a line of the page reaching into the strip from past the gutter keeps the whole
    /// sliver, since no gutter parts it then.
    @Test func aSliversLineAwayFromTheSideGoesWithIt() {
        let lines = [
            Self.span("lime; ; hour", 48, x: 5, y: 1372, width: 119, height: 42),
            Self.span("uttermilk", 61, x: 0, y: 1577, width: 101, height: 30),
            Self.span("shed barley groal", 79, x: 0, y: 1628, width: 163, height: 33),
            Self.span("he", 85, x: 41, y: 2142, width: 37, height: 29),
            Self.span("beg ony", 16, x: 47, y: 1119, width: 166, height: 56),
        ] + Self.cookbookLines
        var page = Self.page(lines, confidence: 80)
        #expect(StrayLines.strip(&page, width: 1880, height: 2500) == 5)
        #expect(page.lines.map(\.text) == lines[5...].map(\.text))

        // The same strip with a line of the page reaching into it from past the gutter: nothing goes.
        var crowded = Self.page(lines + [Self.span("Put the breads on the prepared sheet", 95, x: 120, y: 2000, width: 600, height: 30)], confidence: 80)
        #expect(StrayLines.strip(&crowded, width: 1880, height: 2500) == 0)
    }

    /// A curled foot read as garbage along the bottom edge, running from under the sliver across under
    /// the page's column, goes as an edge line and takes no part in the sliver: the sliver still goes
    /// (eval/real's cookbook turned −33°, 1,886×2,541, accurate mode: with the foot, the sliver reached
    /// past 15% of the page and every line of it was kept). Read with confidence, the same line is no
    /// edge line: it joins the sliver and takes it across, and nothing goes.
    @Test(arguments: [(12.0, 6), (85.0, 0)])
    func anEdgeLineDoesNotStopTheSliver(footConfidence: Double, gone: Int) {
        let lines = [
            Self.span("lime; 1 hour", 60, x: 4, y: 1378, width: 118, height: 48),
            Self.span("uttermilk", 79, x: 0, y: 1582, width: 99, height: 30),
            Self.span("shed barley groats", 78, x: 0, y: 1632, width: 160, height: 33),
            Self.span("Lg pi", 39, x: 1, y: 2095, width: 124, height: 74),
            Self.span("hx J lig", 33, x: 0, y: 2332, width: 83, height: 46),
            Self.span("— sere ,", footConfidence, x: 100, y: 2482, width: 677, height: 59),
        ] + Self.cookbookLines
        var page = Self.page(lines, confidence: 80)
        #expect(StrayLines.strip(&page, width: 1886, height: 2541) == gone)
        #expect(page.lines.map(\.text) == (gone > 0 ? Self.cookbookLines : lines).map(\.text))
    }

    /// eval/real's open cookbook turned 7°, accurate mode, 1,888 px wide: the facing page's line ends
    /// (`oo nh, %`) joined to the page's first line.
    static func joinedCookbookPage() -> RecognizedText {
        let words = [
            span("wl", 45, x: 9, y: 50, width: 60, height: 24), span("A", 45, x: 100, y: 52, width: 32, height: 22),
            span("oo", 60, x: 12, y: 190, width: 40, height: 40), span("nh,", 55, x: 80, y: 195, width: 60, height: 40),
            span("%", 40, x: 180, y: 200, width: 83, height: 30),
            span("bined.", 95, x: 361, y: 210, width: 80, height: 27), span("You", 96, x: 450, y: 210, width: 45, height: 20),
            span("dough.", 96, x: 361, y: 252, width: 63, height: 27), span("Use", 96, x: 437, y: 249, width: 37, height: 20),
            span("Preheat", 95, x: 318, y: 1304, width: 95, height: 28), span("the", 96, x: 420, y: 1304, width: 40, height: 28),
            span("a", 30, x: 92, y: 1890, width: 20, height: 25), span("a", 30, x: 130, y: 1892, width: 22, height: 25),
            span("with", 96, x: 297, y: 1898, width: 50, height: 24), span("butter.", 96, x: 355, y: 1898, width: 50, height: 24),
        ]
        let lines = [
            span("wl A", 45, x: 9, y: 50, width: 123, height: 24),
            span("oo nh, % bined. You", 74, x: 12, y: 190, width: 483, height: 45),
            span("dough. Use", 96, x: 361, y: 249, width: 113, height: 30),
            span("Preheat the", 95, x: 318, y: 1304, width: 142, height: 28),
            span("a a", 30, x: 92, y: 1890, width: 60, height: 27),
            span("with butter.", 96, x: 297, y: 1898, width: 108, height: 24),
        ]
        return RecognizedText(
            text: lines.map(\.text).joined(separator: "\n"), meanConfidence: 80, words: words, lines: lines, resolution: 300)
    }

    /// The facing page's line ends joined by Tesseract to the page's own lines beside them (eval/real's
    /// open cookbook turned 7°, accurate mode, 1,888 px wide): the joined line keeps its own words, and
    /// a line of the page starting closer to the sliver's widest piece than the gutter (34 px, the gutter
    /// 56), far down the page from it, stays: the sliver's lines and the column bend with the spine.
    @Test func theFacingPagesLineEndsJoinedToThePagesLinesGo() {
        var page = Self.joinedCookbookPage()
        #expect(StrayLines.strip(&page, width: 1888, height: 2536) == 3)
        let expected = ["bined. You", "dough. Use", "Preheat the", "with butter."]
        #expect(page.lines.map(\.text) == expected)
        #expect(page.text == expected.joined(separator: "\n"))
        #expect(page.words.map(\.text) == ["bined.", "You", "dough.", "Use", "Preheat", "the", "with", "butter."])
        #expect(page.lines[0].box == PageBox(x: 361, y: 210, width: 134, height: 27))
    }

    /// The same joined page is to be read again with its sliver whitened: a strip from the left side
    /// past the sliver's farthest piece (`%`, ending 263 px in), short of the page's nearest word (`with`,
    /// 297 px in), and each sliver piece's box; no word of the page is touched.
    @Test func aSliverJoinedToThePagesLinesIsWhitenedForASecondReading() throws {
        let page = Self.joinedCookbookPage()
        let boxes = try #require(StrayLines.joinedSliver(of: page, width: 1888, height: 2536))
        let strip = boxes[0]
        #expect(strip.x == 0 && strip.y == 0 && strip.height == 2536)
        #expect((263..<297).contains(strip.width))
        let sliverWords = Set(["wl", "A", "oo", "nh,", "%", "a"])
        for word in page.words {
            if sliverWords.contains(word.text) {
                #expect(boxes.contains { $0.containsCentre(of: word.box) }, "\(word.text)")
            } else {
                let touched = boxes.contains { $0.horizontalOverlap(with: word.box) > 0 && ReadingOrder.verticalOverlap($0, word.box) > 0 }
                #expect(!touched, "\(word.text)")
            }
        }
    }

    /// A sliver Tesseract read apart from the page's lines needs no second reading: taking its lines out
    /// leaves the page's order as it was.
    @Test func aSliverReadApartIsNotReadAgain() {
        let lines = [
            Self.span("uttermilk", 91, x: 0, y: 1577, width: 101, height: 29),
            Self.span("shed barley goats", 68, x: 0, y: 1627, width: 163, height: 33),
        ] + Self.cookbookLines
        #expect(StrayLines.joinedSliver(of: Self.page(lines, confidence: 80), width: 1880, height: 2500) == nil)
        #expect(StrayLines.joinedSliver(of: Self.page(Self.cookbookLines, confidence: 80), width: 1880, height: 2500) == nil)
    }

    /// Lines of the page itself that start at its side (a page cut close) stay, a short one among them:
    /// no gutter parts them from the rest.
    @Test func aPageCutCloseKeepsItsLines() {
        let lines = [
            Self.span("lot of 12 point text to test the", 96, x: 0, y: 300, width: 960, height: 50),
            Self.span("mat.", 94, x: 0, y: 381, width: 144, height: 56),
            Self.span("lazy fox. The quick brown dog", 94, x: 0, y: 460, width: 996, height: 50),
            Self.span("jumped over the lazy fox.", 95, x: 40, y: 540, width: 900, height: 50),
        ]
        var page = Self.page(lines, confidence: 90)
        #expect(StrayLines.strip(&page, width: 1100, height: 1400) == 0)
        #expect(page.lines.count == 4)
    }

    /// A photo of an old open book (Leptonica's `cavalerie.29.jpg`, accurate mode, 1,652 px wide), its
    /// facing page's line ends joined to the page's lines: the joined lines' boxes stand 43–75 px tall
    /// 36 px apart, so a word's centre lies in two or three of them. Each word counts in the line whose
    /// text holds it (`RecognizedText.lineOfEachWord()`); counted in the first box holding it, as
    /// before, `yis-2-Vis`'s line showed no words and its box, 1,245 px wide, took the sliver across
    /// the page, and nothing went. First words of each line, as Tesseract gave them.
    @Test func aSliverOfLinesWhoseBoxesOverlapGoes() {
        let lines = [
            Self.span("ae Une belle téee", 77, x: 14, y: 1132, width: 1261, height: 69),
            Self.span("ae Quand elle a", 85, x: 19, y: 1168, width: 1259, height: 56),
            Self.span("yis-2-Vis le long de", 81.7, x: 32, y: 1204, width: 1245, height: 75),
            Self.span("5h :", 13.1, x: 47, y: 1262, width: 479, height: 16),
            Self.span("oH cette partie.", 54.5, x: 23, y: 1251, width: 1629, height: 43),
            Self.span("wi 8 1 at", 73.2, x: 33, y: 1255, width: 1618, height: 71),
        ]
        let words = [
            Self.span("ae", 26.4, x: 14, y: 1138, width: 103, height: 63),
            Self.span("Une", 96.4, x: 426, y: 1156, width: 58, height: 24),
            Self.span("belle", 92.9, x: 496, y: 1151, width: 61, height: 26),
            Self.span("téee", 51.6, x: 568, y: 1148, width: 46, height: 26),
            Self.span("ae", 36.2, x: 19, y: 1186, width: 45, height: 19),
            Self.span("Quand", 92.2, x: 393, y: 1190, width: 92, height: 34),
            Self.span("elle", 92.2, x: 491, y: 1188, width: 44, height: 25),
            Self.span("a", 85, x: 543, y: 1195, width: 14, height: 17),
            Self.span("yis-2-Vis", 0, x: 32, y: 1247, width: 89, height: 32),
            Self.span("le", 89.2, x: 394, y: 1228, width: 23, height: 26),
            Self.span("long", 89.2, x: 425, y: 1228, width: 57, height: 31),
            Self.span("de", 96.1, x: 490, y: 1225, width: 29, height: 25),
            Self.span("5h", 19.4, x: 47, y: 1263, width: 45, height: 15),
            Self.span(":", 6.8, x: 523, y: 1262, width: 3, height: 3),
            Self.span("oH", 0, x: 23, y: 1273, width: 97, height: 21),
            Self.span("cette", 94.8, x: 398, y: 1270, width: 60, height: 20),
            Self.span("partie.", 89.8, x: 487, y: 1267, width: 65, height: 18),
            Self.span("wi", 57.3, x: 33, y: 1297, width: 46, height: 20),
            Self.span("8", 31.5, x: 90, y: 1292, width: 33, height: 27),
            Self.span("1", 74.7, x: 433, y: 1298, width: 20, height: 26),
            Self.span("at", 37.7, x: 460, y: 1270, width: 49, height: 52),
        ]
        var page = RecognizedText(
            text: lines.map(\.text).joined(separator: "\n"), meanConfidence: 70, words: words, lines: lines, resolution: 300)
        #expect(page.lineOfEachWord().map { $0 ?? -1 } == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5])
        #expect(StrayLines.strip(&page, width: 1652, height: 2144) == 6)
        #expect(page.lines.map(\.text) == ["Une belle téee", "Quand elle a", "le long de", ":", "cette partie.", "1 at"])
        #expect(page.words.map(\.text) == ["Une", "belle", "téee", "Quand", "elle", "a", "le", "long", "de", ":", "cette", "partie.", "1", "at"])
    }

    @Test func aPageOfFewLinesIsLeftAlone() {
        let lines = [Self.span("=", 5, x: 0, y: 0, width: 20, height: 20), Self.span("Total", 90, x: 0, y: 500, width: 100, height: 20)]
        var page = Self.page(lines, confidence: 50)
        #expect(StrayLines.strip(&page, width: 1100, height: 1000) == 0)
        #expect(page.text == "=\nTotal")
    }
}
