import DocScanCore
@testable import DocScanKit
import Testing

/// Lines Tesseract ran across a gutter (a column's row, a caption in the gutter, the next column's row)
/// are cut into their columns' pieces; a table read row by row, a letter-spaced heading and a line's
/// stray mark keep their lines.
struct CrossedGuttersTests {
    /// A line of pieces (text, left edge, width) on one row: its words laid out across each piece by
    /// their length, as Tesseract reports them.
    private static func row(_ pieces: [(text: String, x: Int, width: Int)], y: Int, height: Int = 40)
        -> (line: RecognizedSpan, words: [RecognizedSpan]) {
        var words: [RecognizedSpan] = []
        for piece in pieces {
            let parts = piece.text.split(separator: " ").map(String.init)
            let characters = parts.reduce(0) { $0 + $1.count } + parts.count - 1
            var offset = 0
            for part in parts {
                let x = piece.x + piece.width * offset / characters
                let width = max(1, piece.width * part.count / characters)
                words.append(.line(part, x: x, y: y, width: width, height: height))
                offset += part.count + 1
            }
        }
        let first = pieces[0], last = pieces[pieces.count - 1]
        let line = RecognizedSpan.line(
            pieces.map(\.text).joined(separator: " "), x: first.x, y: y, width: last.x + last.width - first.x, height: height)
        return (line, words)
    }

    /// The page read as blocks, one line a block, in the order given.
    private static func page(_ rows: [(line: RecognizedSpan, words: [RecognizedSpan])]) -> RecognizedText {
        RecognizedText(
            text: rows.map(\.line.text).joined(separator: "\n\n"), meanConfidence: 90, words: rows.flatMap(\.words),
            lines: rows.map(\.line), resolution: 300)
    }

    /// The magazine page of a photo stress set as Tesseract read it in accurate mode (its boxes, fewer
    /// of its lines): four rows of the left column joined with the caption in the gutter and the right
    /// column's rows. Cut, the columns read in order again once the column steps have run.
    @Test func linesJoinedAcrossAGutterAreCutIntoTheirColumns() {
        var read = Self.page([
            Self.row([("drunkenly attacking the Serbs", 228, 484)], y: 2212, height: 37),
            Self.row([("when I entered the Troubador", 229, 481)], y: 2263, height: 33),
            Self.row([("Café, housed in a crowded bar", 228, 483)], y: 2314, height: 33),
            Self.row([("in a 14th-century stone build-", 230, 478)], y: 2365, height: 38),
            Self.row([("ing just off Placa, Dubrovnik’s", 231, 481)], y: 2417, height: 37),
            Self.row([("gunners and warplanes. It took", 1674, 518)], y: 2217),
            Self.row([("him 10 days to turn the fa-", 1674, 518)], y: 2268, height: 38),
            Self.row([("mous Nautika restaurant into", 1675, 520)], y: 2320, height: 31),
            Self.row([("a war museum. On the terrace,", 1675, 519)], y: 2371, height: 36),
            Self.row([("with its splendid view over the", 1675, 520)], y: 2422),
            Self.row([("main boulevard.", 230, 244), ("THE TERRA-COTTA", 998, 383),
                      ("city’s western walls and the Adriatic, he’d", 1468, 727)], y: 2457, height: 52),
            Self.row([("You hear a lot about revenge in Croa-", 274, 639), ("ROOFS OF", 1100, 178),
                      ("placed a collection of phosphorous shells", 1469, 727)], y: 2517, height: 46),
            Self.row([("tia—people want to get even, and they", 229, 686), ("DUBROVNIK,", 1067, 246),
                      ("and cluster bombs (“two hundred and", 1469, 726)], y: 2564, height: 45),
            Self.row([("want their land back. (The Serbs now con-", 229, 684),
                      ("forty-seven bomblets inside”).", 1469, 527)], y: 2613, height: 48),
            Self.row([("trol a third of Croatia, a slender shard of a", 229, 686)], y: 2669, height: 35),
            Self.row([("Are there still risks? One official said", 1520, 677)], y: 2674, height: 33),
            Self.row([("state with Dubrovnik near its southern", 229, 686)], y: 2720, height: 34),
            Self.row([("tip.) This doesn’t augur well for peace or", 229, 686)], y: 2771, height: 42),
            Self.row([("THE SHELLING,", 1043, 295)], y: 2657, height: 22),
            Self.row([("ARE MOSTLY", 1073, 235)], y: 2701, height: 20),
            Self.row([("RESTORED NOW.", 1033, 314), ("several grenades are hurled into the", 1469, 728)], y: 2725, height: 41),
            Self.row([("Dubrovnik region every few days. So far", 1471, 727)], y: 2775),
        ])
        #expect(CrossedGutters.split(&read) == 8)
        let lines = read.lines.map(\.text)
        // Every line now stands in one column (or the gutter): no line runs from the left column's
        // print into the caption's or the right column's.
        #expect(read.lines.allSatisfy { $0.box.x >= 998 || $0.box.x + $0.box.width <= 1000 })
        #expect(lines.contains("You hear a lot about revenge in Croa-") && lines.contains("ROOFS OF")
            && lines.contains("placed a collection of phosphorous shells"))
        // The text and the words follow the lines.
        #expect(read.text.split(separator: "\n").map(String.init).filter { !$0.isEmpty } == lines)
        #expect(read.words.map(\.text).joined(separator: " ") == lines.joined(separator: " "))

        _ = ColumnGaps.fill(&read) + RowPieces.order(&read) + SplitColumns.join(&read)
        let order = read.lines.map(\.text)
        let left = [
            "ing just off Placa, Dubrovnik’s", "main boulevard.", "You hear a lot about revenge in Croa-",
            "tia—people want to get even, and they", "want their land back. (The Serbs now con-",
            "trol a third of Croatia, a slender shard of a", "state with Dubrovnik near its southern",
            "tip.) This doesn’t augur well for peace or",
        ]
        let right = [
            "a war museum. On the terrace,", "with its splendid view over the", "city’s western walls and the Adriatic, he’d",
            "placed a collection of phosphorous shells", "and cluster bombs (“two hundred and",
            "forty-seven bomblets inside”).", "Are there still risks? One official said",
            "several grenades are hurled into the", "Dubrovnik region every few days. So far",
        ]
        // The left column's rows one after the other; the right column's in its order (the caption's
        // lines may stand between them).
        if let start = order.firstIndex(of: left[0]) {
            #expect(Array(order[start...].prefix(left.count)) == left)
        } else {
            Issue.record("the left column's line is missing: \(order)")
        }
        #expect(right.compactMap { order.firstIndex(of: $0) } == right.compactMap { order.firstIndex(of: $0) }.sorted())
        #expect(right.allSatisfy(order.contains))
    }

    /// The same page in fast mode (its boxes, fewer of its lines): the caption's lines joined to the
    /// right column's rows as well as to the left column's. The other lines joined across the gap
    /// between the caption and the right column have a wide space there too: they do not run across it
    /// as a heading would, and do not keep it from being cut.
    @Test func linesJoinedAcrossTheSameGutterDoNotHideIt() {
        var rows: [(line: RecognizedSpan, words: [RecognizedSpan])] = []
        for index in 0..<5 {
            rows.append(Self.row([("a line of the left column, \(index)", 162, 418)], y: 1270 + 31 * index, height: 25))
            rows.append(Self.row([("a line of the right, \(index)", 1013, 297)], y: 1270 + 31 * index, height: 25))
        }
        rows += [
            Self.row([("main boulevard.", 162, 162), ("THE TERRA-COTTA", 625, 220),
                      ("city’s western walls and the Adriatic, he’d", 895, 415)], y: 1417, height: 32),
            Self.row([("You hear a lot about revenge in Croa-", 191, 387), ("ROOFS OF", 684, 104),
                      ("placed a collection of phosphorous shells", 895, 416)], y: 1454, height: 27),
            Self.row([("tia—people want to get even, and they", 162, 417), ("DUBROVNIK,", 665, 142),
                      ("and cluster bombs (“two hundred and", 896, 415)], y: 1482, height: 29),
            Self.row([("want their land back. (The Serbs now con-", 162, 416), ("DAMAGED DURING", 636, 203),
                      ("forty-seven bomblets inside”).", 897, 302)], y: 1512, height: 30),
            Self.row([("trol a third of Croatia, a slender shard of a", 163, 418)], y: 1547, height: 23),
            Self.row([("state with Dubrovnik near its southern", 163, 419)], y: 1579, height: 20),
            Self.row([("tip.) This doesn’t augur well for peace or", 164, 419)], y: 1610, height: 25),
            Self.row([("for the return of tourists, which Dubrovnik", 163, 423)], y: 1641, height: 23),
            Self.row([("THE SHELLING,", 652, 171)], y: 1538, height: 16),
            Self.row([("ARE MOSTLY", 671, 160), (":", 1220, 10)], y: 1566, height: 18),
            Self.row([("RESTORED NOW.", 650, 181), ("several grenades are hurled into the", 900, 418)], y: 1578, height: 28),
            Self.row([("Are there still risks? One official said", 928, 387)], y: 1547, height: 22),
            Self.row([("Dubrovnik region every few days. So far", 903, 419)], y: 1609, height: 27),
            Self.row([("they’ve exploded harmlessly in fields, but", 905, 420)], y: 1640, height: 27),
        ]
        var read = Self.page(rows)
        #expect(CrossedGutters.split(&read) == 9)
        // No line runs from the caption into the right column but the caption's line with a stray mark.
        let crossing = read.lines.filter { $0.box.x < 850 && $0.box.x + $0.box.width > 895 }.map { $0.text }
        #expect(crossing == ["ARE MOSTLY :"])
        let lines = read.lines.map { $0.text }
        #expect(["ROOFS OF", "placed a collection of phosphorous shells", "RESTORED NOW.", "DAMAGED DURING"].allSatisfy(lines.contains))
    }

    /// The same page in a dim photo, fast mode (its boxes): the last six rows of both columns read as
    /// one line each, and in four of them a speck in the gutter read as a mark (`_`, `—`) that halves
    /// the space. Marks bound no space: the rows are cut and the marks left out, each row's pieces where
    /// the row was (the column steps then read them with their columns; CER 0.24 → 0.06 on the photo).
    @Test func marksReadFromSpecksInAGutterDoNotHideIt() {
        var read = Self.page([
            Self.row([("needs. Tourism accounted for 80 percent of the city’s", 164, 561)], y: 1672, height: 27),
            Self.row([("prewar economy.", 165, 173)], y: 1712, height: 18),
            Self.row([("General Ratko Mladié, commander of all Serb forces", 772, 563)], y: 1704, height: 24),
            Self.row([("Vinko Milutinovitch tured his battered face from", 195, 537)], y: 1735, height: 21),
            Self.row([("in Bosnia, who said he’d “make sure Dubrovnik has a", 777, 565)], y: 1735, height: 25),
            Self.row([("those responsible for security take seriously a threat by", 770, 558)], y: 1672, height: 27),
            Self.row([("the wheel of his beat-up Volvo taxi and said, “There", 167, 567), ("_", 755, 21),
                      ("nice tourist season.” His nearest army base is only 15", 780, 566)], y: 1766, height: 27),
            Self.row([("were one hundred and twenty taxis in Dubrovnik. Now", 168, 570), ("_", 756, 24),
                      ("miles away in Trebinje, capital of the self-styled South", 784, 570)], y: 1798, height: 27),
            Self.row([("there are only seven, and business is still lousy. You're", 168, 573), ("—", 767, 12),
                      ("Herzegovina Serb Republic. Serb fighters there are re-", 788, 572)], y: 1829, height: 28),
            Self.row([("the first tourist I've driven in two years.” Like 70 percent", 169, 577),
                      ("—_inforced by Russian mercenaries, according to Croa-", 792, 574)], y: 1861, height: 28),
            Self.row([("of Dubrovnik’s inhabitants, he depends on Red Cross", 170, 581), ("_", 769, 19),
                      ("tian officers, as well as the notorious White Eagles,", 796, 579)], y: 1893, height: 26),
            Self.row([("food parcels to survive. Once a month, any person in", 171, 583),
                      ("fanatic Serb gunmen accused of raping, torturing and", 800, 582)], y: 1925, height: 28),
        ])
        #expect(CrossedGutters.split(&read) == 6)
        #expect(read.lines.allSatisfy { $0.box.x + $0.box.width <= 760 || $0.box.x >= 765 })
        #expect(!read.words.contains { ["_", "—"].contains($0.text) })
        let lines = read.lines.map(\.text)
        let pieces = [
            "the wheel of his beat-up Volvo taxi and said, “There", "nice tourist season.” His nearest army base is only 15",
            "were one hundred and twenty taxis in Dubrovnik. Now", "miles away in Trebinje, capital of the self-styled South",
            "there are only seven, and business is still lousy. You're",
            "Herzegovina Serb Republic. Serb fighters there are re-",
            "the first tourist I've driven in two years.” Like 70 percent",
            "—_inforced by Russian mercenaries, according to Croa-",
            "of Dubrovnik’s inhabitants, he depends on Red Cross", "tian officers, as well as the notorious White Eagles,",
            "food parcels to survive. Once a month, any person in", "fanatic Serb gunmen accused of raping, torturing and",
        ]
        // Each row's two pieces, left then right, where the row was.
        if let start = lines.firstIndex(of: pieces[0]) {
            #expect(Array(lines[start...].prefix(pieces.count)) == pieces)
        } else {
            Issue.record("the first row's left piece is missing: \(lines)")
        }
        #expect(read.text.split(separator: "\n").map(String.init).filter { !$0.isEmpty } == lines)
    }

    /// A price list Tesseract read row by row: its rows run across the gaps between its columns, so
    /// the gaps are no gutters, and the rows stay whole.
    @Test func aTableReadRowByRowKeepsItsRows() {
        let rows = (0..<8).map { index in
            Self.row([("Item number \(index)", 200, 400), ("NP", 1100, 60), ("\(index).99 F", 1800, 200)], y: 500 + index * 50)
        }
        var read = Self.page(rows)
        #expect(CrossedGutters.split(&read) == 0)
        #expect(read.lines.count == 8)
    }

    /// A scanned receipt's tax row (SROIE's, not in the repository: its boxes): item lines on the left
    /// under it, totals on the right over it, but no row with a line on either side of its space. It
    /// stays one row.
    @Test func aReceiptsRowBetweenBlocksOnEitherSideKeepsItsLine() {
        var read = Self.page([
            Self.row([("Total 7.00", 238, 290)], y: 629, height: 32),
            Self.row([("Round Adj 0.00", 245, 283)], y: 664, height: 23),
            Self.row([("Final Total 7.00", 245, 283)], y: 697, height: 31),
            Self.row([("CASH 7.00", 244, 284)], y: 766, height: 20),
            Self.row([("CHANGE 0.00", 244, 284)], y: 796, height: 20),
            Self.row([("GST Summary Amount(RM) Tax(RM)", 33, 532)], y: 837, height: 24),
            Self.row([("SR @ 6%", 33, 93), ("6.60 0.40", 342, 224)], y: 868, height: 20),
            Self.row([("INV NO: CS-SA-0129861", 33, 254)], y: 948, height: 18),
            Self.row([("Date : 11/12/2017", 34, 256)], y: 976, height: 22),
            Self.row([("Total Qty: 2", 31, 157)], y: 1010, height: 22),
        ])
        #expect(CrossedGutters.split(&read) == 0)
        #expect(read.lines.map(\.text).contains("SR @ 6% 6.60 0.40"))
    }

    /// A letter-spaced heading over a column of text: the lines under it run across its wide spaces.
    @Test func aLetterSpacedHeadingKeepsItsLine() {
        var rows = [Self.row([("WHAT", 300, 200), ("KIDS", 600, 200), ("NEED", 900, 200)], y: 200, height: 60)]
        rows += (0..<6).map { Self.row([("a line of the column under the heading, \($0)", 250, 900)], y: 300 + $0 * 50) }
        var read = Self.page(rows)
        #expect(CrossedGutters.split(&read) == 0)
        #expect(read.lines.first?.text == "WHAT KIDS NEED")
    }

    /// A mark in the gutter beside a column's line (a rule's end read as `|`) is no piece of a column.
    @Test func aStrayMarkInTheGutterIsNoPiece() {
        var rows = [Self.row([("the last line of the left column", 200, 700), ("|", 1000, 10)], y: 700)]
        rows += (0..<4).map { Self.row([("a left column's line \($0)", 200, 700)], y: 400 + $0 * 50) }
        rows += (0..<4).map { Self.row([("a right column's line \($0)", 1100, 700)], y: 400 + $0 * 50) }
        var read = Self.page(rows)
        #expect(CrossedGutters.split(&read) == 0)
        #expect(read.lines.first?.text == "the last line of the left column |")
    }
}
