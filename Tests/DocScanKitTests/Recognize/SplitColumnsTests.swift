import DocScanCore
@testable import DocScanKit
import Testing

/// A column Tesseract read in two pieces, other text between them, is read in one; a form's rows, and a
/// paragraph under two columns of unequal length, keep Tesseract's order.
struct SplitColumnsTests {
    private func line(_ text: String, x: Int, y: Int, width: Int, height: Int = 40) -> RecognizedSpan {
        .line(text, x: x, y: y, width: width, height: height)
    }


    /// The magazine page of the photo stress set as Tesseract read it in accurate mode (its boxes,
    /// fewer of its lines): the left column cut where the caption between the columns begins, its
    /// lower piece read after the caption, and the right column's lower piece after the page's foot.
    @Test func aColumnReadInTwoPiecesIsReadInOne() {
        var read = RecognizedText.blocks([
            line("want their land back. (The Serbs now con-", x: 290, y: 2622, width: 734, height: 37),
            line("trol a third of Croatia, a slender shard of a", x: 290, y: 2673, width: 734, height: 35),
            line("need receives flour, sugar, margarine, oil, cans of beef,", x: 1344, y: 641, width: 973, height: 42),
            line("mackerel oil and, sometimes, clothing", x: 1344, y: 693, width: 677, height: 39),
            line("forty-seven bomblets inside”).", x: 1583, y: 2626, width: 533, height: 39),
            line("Are there still risks? One official said", x: 1635, y: 2677, width: 683, height: 32),
            line("ARE MOSTLY", x: 1182, y: 2706, width: 239, height: 20),
            line("state with Dubrovnik near its southern", x: 289, y: 2724, width: 734, height: 33),
            line("tip.) This doesn’t augur well for peace or", x: 290, y: 2775, width: 733, height: 42),
            line("54 * TRAVEL&LEISURE SEPTEMBER 1993", x: 222, y: 3394, width: 855, height: 25),
            line("RESTORED NOW,", x: 1143, y: 2749, width: 317, height: 20),
            line("several grenades are hurled into the", x: 1583, y: 2728, width: 735, height: 40),
            line("Dubrovnik region every few days. So far", x: 1585, y: 2779, width: 734, height: 40),
        ])
        #expect(SplitColumns.join(&read) == 5)
        let expected = [
            "want their land back. (The Serbs now con-", "trol a third of Croatia, a slender shard of a",
            "state with Dubrovnik near its southern", "tip.) This doesn’t augur well for peace or",
            "need receives flour, sugar, margarine, oil, cans of beef,", "mackerel oil and, sometimes, clothing",
            "forty-seven bomblets inside”).", "Are there still risks? One official said",
            "several grenades are hurled into the", "Dubrovnik region every few days. So far",
            "ARE MOSTLY", "RESTORED NOW,", "54 * TRAVEL&LEISURE SEPTEMBER 1993",
        ]
        #expect(read.lines.map(\.text) == expected)
        // The text and the words move with the lines.
        #expect(read.text.split(separator: "\n").map(String.init) == expected)
        #expect(read.words.map(\.text) == expected)
    }

    /// A piece read right after its row stays where it is, though the rows were cut without it: the row
    /// spanning both (`Vinko …` and `in Bosnia …`, joined by then) is read after them. The magazine page
    /// of the photo stress set in dim light, fast mode (its boxes, fewer of its lines): the piece was
    /// moved after its row again and again, every move of the page was undone, and the page's columns
    /// stayed read row by row across them (CER 0.42). The piece of a cut line read at the end goes back.
    @Test func aPieceAlreadyAfterItsRowStaysAndTheOtherMovesHold() {
        var read = RecognizedText.blocks([
            line("a whole line of the page over both of its columns", x: 165, y: 1600, width: 1170, height: 24),
            line("the left part of a justified line", x: 165, y: 1640, width: 500, height: 24),
            line("prewar economy.", x: 165, y: 1712, width: 173, height: 18),
            line("General Ratko Mladić, commander of all Serb forces", x: 772, y: 1704, width: 563, height: 24),
            line("Vinko Milutinovitch turned his battered face from", x: 195, y: 1735, width: 537, height: 21),
            line("in Bosnia, who said he’d “make sure Dubrovnik has a", x: 777, y: 1735, width: 565, height: 25),
            line("the wheel of his beat-up Volvo taxi and said, “There nice tourist season.”", x: 167, y: 1766, width: 1179, height: 27),
            line("and its right part, read last", x: 700, y: 1640, width: 635, height: 24),
        ])
        #expect(SplitColumns.join(&read) == 1)
        #expect(read.lines.map(\.text) == [
            "a whole line of the page over both of its columns", "the left part of a justified line",
            "and its right part, read last", "prewar economy.", "General Ratko Mladić, commander of all Serb forces",
            "Vinko Milutinovitch turned his battered face from", "in Bosnia, who said he’d “make sure Dubrovnik has a",
            "the wheel of his beat-up Volvo taxi and said, “There nice tourist season.”",
        ])
    }

    /// A short justified line cut at its widest space, its right piece read after the next column
    /// (Fixtures/photos/inset_columns, fast mode): the piece goes back after its line. The next
    /// column's line beside it is no piece: no line of either column spans both.
    @Test func aPieceOfAJustifiedLineGoesBackAfterIt() {
        var read = RecognizedText.blocks([
            line("river, and a retired", x: 151, y: 1456, width: 460, height: 37),
            line("postman who", x: 151, y: 1508, width: 273, height: 32),
            line("every Thursday to play", x: 152, y: 1557, width: 461, height: 32),
            line("old toll house now tells the", x: 1088, y: 1460, width: 460, height: 25),
            line("story of the crossing, with", x: 1088, y: 1508, width: 460, height: 32),
            line("photographs of the first", x: 1087, y: 1557, width: 462, height: 32),
            line("crosses", x: 490, y: 1516, width: 121, height: 17),
        ])
        #expect(SplitColumns.join(&read) == 1)
        #expect(read.lines.map(\.text) == [
            "river, and a retired", "postman who", "crosses", "every Thursday to play", "old toll house now tells the",
            "story of the crossing, with", "photographs of the first",
        ])
    }

    /// A column's justified line cut in two, the line under it cut too and read after the column's
    /// foot (a magazine page with a picture and its caption set into the gutter): the cut line under
    /// goes back, its pieces together. Each line's own pieces are no row read along (a form's label and
    /// its value) that would keep Tesseract's order.
    @Test func aCutLineReadAfterItsColumnsFootGoesBack() {
        var read = RecognizedText.blocks([
            line("The council has twice tried to close", x: 183, y: 1702, width: 634, height: 25),
            line("the service.", x: 151, y: 1750, width: 211, height: 25),
            line("Each time the village", x: 401, y: 1750, width: 416, height: 32),
            line("meeting in the church hall and sent a", x: 151, y: 1847, width: 668, height: 32),
            line("delegation to the county offices. The", x: 152, y: 1895, width: 665, height: 32),
            line("second campaign ended with a grant", x: 152, y: 1943, width: 666, height: 32),
            line("that paid for a new engine and a ramp", x: 151, y: 1992, width: 666, height: 32),
            line("collected", x: 152, y: 1798, width: 148, height: 25),
            line("signatures, held a public", x: 338, y: 1798, width: 479, height: 32),
            line("THE FERRY AT", x: 752, y: 1272, width: 196, height: 20),
        ])
        #expect(SplitColumns.join(&read) == 2)
        #expect(read.lines.map(\.text) == [
            "The council has twice tried to close", "the service.", "Each time the village", "collected",
            "signatures, held a public", "meeting in the church hall and sent a", "delegation to the county offices. The",
            "second campaign ended with a grant", "that paid for a new engine and a ramp", "THE FERRY AT",
        ])
    }

    /// A picture set into a column moves its left edge in, and Tesseract cut every justified line
    /// beside the picture in two and read the right pieces after the left ones: each piece goes back
    /// after its line's left piece. The first row's only full line above starts farther in than an
    /// indent (the column narrows there); the rows under it are spanned only by the rows joined above.
    @Test func theLinesBesideAPictureInAColumnAreJoined() {
        var read = RecognizedText.blocks([
            line("water. The river changes every hour,", x: 660, y: 623, width: 499, height: 24),
            line("she says,", x: 790, y: 660, width: 137, height: 24),
            line("people on it.", x: 803, y: 696, width: 202, height: 24),
            line("carried a bride", x: 803, y: 732, width: 232, height: 19),
            line("wedding dress, a", x: 802, y: 768, width: 260, height: 24),
            line("brass", x: 1095, y: 768, width: 67, height: 19),
            line("and so do the", x: 952, y: 660, width: 210, height: 19),
            line("She has", x: 1041, y: 696, width: 121, height: 19),
            line("in her", x: 1067, y: 732, width: 96, height: 19),
            line("band and a piano, and she", x: 803, y: 805, width: 359, height: 24),
            line("intends to carry many more", x: 803, y: 841, width: 359, height: 24),
        ])
        #expect(SplitColumns.join(&read) == 3)
        #expect(read.lines.map(\.text) == [
            "water. The river changes every hour,", "she says,", "and so do the", "people on it.", "She has",
            "carried a bride", "in her", "wedding dress, a", "brass", "band and a piano, and she",
            "intends to carry many more",
        ])
    }

    /// Under a picture set into a column, the column's left edge moves out again, and Tesseract cut the
    /// two justified lines there where the edge moved, reading their left pieces at the page's end:
    /// each goes before its line, the next line of the column (starting where they do, running on
    /// across the space) vouching that they are one column's lines.
    @Test func leftPiecesReadAtThePagesEndGoBeforeTheirLines() {
        var read = RecognizedText.blocks([
            line("ferryman, and a ledger of", x: 1026, y: 1412, width: 526, height: 32),
            line("fares from the year the service", x: 1026, y: 1460, width: 521, height: 32),
            line("opens on Saturday", x: 1140, y: 1508, width: 408, height: 32),
            line("is looked after by", x: 1191, y: 1557, width: 359, height: 32),
            line("volunteers from the village.", x: 881, y: 1605, width: 459, height: 32),
            line("began.", x: 882, y: 1508, width: 109, height: 32),
            line("It", x: 1055, y: 1508, width: 24, height: 32),
            line("afternoons and", x: 883, y: 1557, width: 273, height: 25),
        ])
        #expect(SplitColumns.join(&read) == 3)
        #expect(read.lines.map(\.text) == [
            "ferryman, and a ledger of", "fares from the year the service", "began.", "It", "opens on Saturday",
            "afternoons and", "is looked after by", "volunteers from the village.",
        ])
    }

    /// Two columns read right column first, then a paragraph across the page a blank line under them:
    /// the left column's lines stand left of the right column's on their rows, but no line read before
    /// them runs across the gutter, and nothing moves.
    @Test func aLeftColumnReadAfterTheRightStaysAPieceOfNoLine() {
        let right = (0..<3).map { line("right \($0)", x: 900, y: 100 + 50 * $0, width: 700) }
        let left = (0..<3).map { line("left \($0)", x: 100, y: 100 + 50 * $0, width: 700) }
        let across = [line("across 0", x: 100, y: 300, width: 1500), line("across 1", x: 100, y: 350, width: 1500)]
        #expect(SplitColumns.misplaced(right + left + across, typicalHeight: 40) == nil)
        var read = RecognizedText.blocks(right + left + across)
        #expect(SplitColumns.join(&read) == 0)
        #expect(read.lines == right + left + across)
    }

    /// The Huckleberry Finn page of the stress set photographed close: its engraving read as letters
    /// (`SAG ran YY »`) and its caption stand left of the column's lines on their rows, read after
    /// them, and the page's full-width line under them starts 2.4 line heights farther out: neither is
    /// a piece of the column's line (moved, the page read 0.060 → 0.098).
    @Test func anEngravingReadAsLettersIsNoLeftPiece() {
        let lines = [
            line("utes and minutes that there warn’t a", x: 1091, y: 1894, width: 744, height: 39),
            line("sound, and we all there so close", x: 1092, y: 1952, width: 741, height: 51),
            line("together. There was a place on my", x: 1092, y: 2019, width: 741, height: 49),
            line("ankle that got to itching; but I", x: 1096, y: 2083, width: 736, height: 46),
            line("dasn’t scratch it; and then my ear begun to itch; and next my back, right be-", x: 328, y: 2146, width: 1505, height: 60),
            line("tween my shoulders. Seemed like I'd die if I couldn’ scratch. Well, I've", x: 332, y: 2209, width: 1500, height: 61),
            line("SAG ran YY »", x: 447, y: 2007, width: 373, height: 35),
            line("THEY TIP-TOED ALONG.", x: 534, y: 2075, width: 304, height: 20),
        ]
        #expect(SplitColumns.misplaced(lines, typicalHeight: 50) == nil)
    }

    /// A book page's engraving captioned in small print beside the column's line at its height, the
    /// caption read first (the photo stress set's Huckleberry Finn page): the column's line is no piece
    /// of the caption's, though the line across the page under both spans them.
    @Test func aCaptionBesideAColumnsLineKeepsItsPlace() {
        let lines = [
            line("THEY TIP-TOED ALONG.", x: 213, y: 1446, width: 212, height: 16),
            line("together. There was a place on my", x: 603, y: 1403, width: 514, height: 42),
            line("ankle that got to itching; but I", x: 603, y: 1451, width: 513, height: 42),
            line("dasn’t scratch it; and then my ear begun to itch; and next my back", x: 65, y: 1502, width: 1052, height: 47),
            line("tween my shoulders. Seemed like I’d die if I couldn’t scratch.", x: 65, y: 1552, width: 1051, height: 51),
        ]
        var read = RecognizedText.blocks(lines)
        #expect(SplitColumns.join(&read) == 0)
        #expect(read.lines == lines)
    }

    /// A letter's signature on the right, between its closing on the left and the addressee under it
    /// (eval/public's 1871 congressional letter): the addressee is two lines' pitch under the closing,
    /// where the column's lines stand one apart, and stays after the signature.
    @Test func aSignatureBetweenTwoLinesOfTheLeftKeepsItsPlace() {
        let lines = [
            line("and the Secretary of State respectfully suggests, for the consideration", x: 171, y: 1731, width: 1227, height: 43),
            line("of Congress, the propriety of limiting the power of ministers to make", x: 172, y: 1768, width: 1225, height: 42),
            line("decrees and regulation, in the sense in which it is limited by paragraph", x: 171, y: 1805, width: 1228, height: 45),
            line("431 of the article before named—that is, “to acts necessary to organize", x: 172, y: 1842, width: 1226, height: 40),
            line("and give efficiency to the courts created by the act.”", x: 170, y: 1913, width: 902, height: 41),
            line("Respectfully submitted.", x: 208, y: 1953, width: 403, height: 35),
            line("HAMILTON FISH.", x: 1012, y: 1994, width: 348, height: 29),
            line("The PRESIDENT,", x: 207, y: 2025, width: 288, height: 31),
        ]
        var read = RecognizedText.blocks(lines)
        #expect(SplitColumns.join(&read) == 0)
        #expect(read.lines == lines)
    }

    /// A form read row by row (label, value, label, value): the next label is right under the first,
    /// but Tesseract read on along the row to its value.
    @Test func aFormsRowsKeepTheirOrder() {
        let rows = [
            line("Name:", x: 100, y: 100, width: 120), line("Jane Doe", x: 400, y: 100, width: 200),
            line("Address:", x: 100, y: 150, width: 160), line("1 Mill Road", x: 400, y: 150, width: 240),
            line("Phone:", x: 100, y: 200, width: 130), line("0123 456", x: 400, y: 200, width: 180),
        ]
        var read = RecognizedText.blocks(rows)
        #expect(SplitColumns.join(&read) == 0)
        #expect(read.lines == rows)
    }

    /// Two columns of unequal length, then a paragraph across the page right under the longer one:
    /// Tesseract read it after both columns, and so it stays.
    @Test func aParagraphUnderTwoColumnsIsReadAfterBoth() {
        let left = (0..<6).map { line("left \($0)", x: 100, y: 100 + 50 * $0, width: 700) }
        let right = (0..<3).map { line("right \($0)", x: 900, y: 100 + 50 * $0, width: 700) }
        let across = [line("across 0", x: 100, y: 400, width: 1500), line("across 1", x: 100, y: 450, width: 1500)]
        var read = RecognizedText.blocks(left + right + across)
        #expect(SplitColumns.join(&read) == 0)
        #expect(read.lines == left + right + across)
    }

    /// Lines of a page read bent overlap: the line right under another may have one between them, and
    /// nothing moves.
    @Test func overlappingLinesOfABentPageStay() {
        let lines = [
            line("Fe eremning to the region in March I visited the", x: 414, y: 671, width: 450, height: 33),
            line("At I drove along the Dalmatian coast past gnarled", x: 421, y: 716, width: 443, height: 35),
            line("rovnik I had heard but never seen.", x: 446, y: 694, width: 276, height: 33),
            line("olive trees and black-robed", x: 411, y: 744, width: 174, height: 18),
        ]
        var read = RecognizedText.blocks(lines)
        #expect(SplitColumns.join(&read) == 0)
        #expect(read.lines == lines)
    }

    /// A Chinese page photographed close, at a tilt (the photo stress set's close-ups, `--seed 2100`,
    /// accurate mode; its boxes, fewer of its lines): Tesseract cut each line of a paragraph where the
    /// characters stood in one grid across the lines, and read the left pieces, then the right ones.
    /// Each right piece starts 3–5 pixels after its left piece ends, within a word space, and goes
    /// after it, though no line of the paragraph spans both.
    @Test func aParagraphCutAlongItsCharactersGridIsReadLineByLine() {
        var read = RecognizedText.blocks([
            line("3.1.2 主服务器", x: 144, y: 176, width: 181, height: 27),
            line("一个 Skolelinux 网络需要通过选择主服务器设定配置安装一", x: 145, y: 238, width: 653, height: 37),
            line("并预设默认 IP 地址为 10.0.2.2。除主服务器设定配置外还可以《但", x: 144, y: 272, width: 735, height: 39),
            line("配置。", x: 144, y: 320, width: 56, height: 27),
            line("台主服务器 ( 主机名“tjener”是挪威语“服务器”之意)", x: 803, y: 225, width: 635, height: 39),
            line("不必需 ) 选择并安装 LTSP 服务器和工作站的设定", x: 882, y: 261, width: 554, height: 37),
        ])
        #expect(SplitColumns.join(&read) == 2)
        #expect(read.lines.map(\.text) == [
            "3.1.2 主服务器", "一个 Skolelinux 网络需要通过选择主服务器设定配置安装一", "台主服务器 ( 主机名“tjener”是挪威语“服务器”之意)",
            "并预设默认 IP 地址为 10.0.2.2。除主服务器设定配置外还可以《但", "不必需 ) 选择并安装 LTSP 服务器和工作站的设定", "配置。",
        ])
    }

    /// A line's left piece read after its right piece, 2 pixels from it (the 1871 Senate page
    /// photographed close, `--seed 2000`, accurate mode): it goes before it. The line under it, cut
    /// too, is read in order already, and its left piece, a smaller line's height, is no row of its own.
    @Test func aLeftPieceWithinAWordSpaceGoesBeforeItsLine() {
        var read = RecognizedText.blocks([
            line("PRESIDENT OF THE UNITED STATES,", x: 314, y: 727, width: 1414, height: 95),
            line("COMMUNICATING", x: 873, y: 884, width: 286, height: 28),
            line("culations for the consular courts of the United States in Japan,", x: 496, y: 968, width: 1271, height: 62),
            line("A copy of re", x: 258, y: 987, width: 236, height: 49),
            line("decreed an", x: 314, y: 1043, width: 187, height: 30),
            line("1 issued by the minister of the United States in the empire of", x: 517, y: 1022, width: 1194, height: 57),
            line("JANUARY 27, 1871.—Read, referred to the Committee on Foreign", x: 251, y: 1182, width: 1515, height: 58),
        ])
        #expect(SplitColumns.join(&read) == 1)
        #expect(read.lines.map(\.text) == [
            "PRESIDENT OF THE UNITED STATES,", "COMMUNICATING", "A copy of re",
            "culations for the consular courts of the United States in Japan,", "decreed an",
            "1 issued by the minister of the United States in the empire of",
            "JANUARY 27, 1871.—Read, referred to the Committee on Foreign",
        ])
    }

    /// Two columns whose lines stand on the same rows, a gutter 1.2 line heights wide between them (as
    /// eval/public's two-column magazine page, its gutter 1.1–1.2): the right column is read after the
    /// left and stays there, no line of either spanning both.
    @Test func aNarrowGutterIsNoWordSpace() {
        let left = (0..<4).map { line("left \($0)", x: 100, y: 100 + 50 * $0, width: 600) }
        let right = (0..<4).map { line("right \($0)", x: 748, y: 100 + 50 * $0, width: 600) }
        var read = RecognizedText.blocks(left + right)
        #expect(SplitColumns.join(&read) == 0)
        #expect(read.lines == left + right)
    }

    /// A Chinese page photographed close (`--seed 2200`, fast mode): a line ending in `。` cut from the
    /// rest of its row 21 px (0.64 line heights) before it, the right piece read first. The full stop's
    /// square has a blank half, so the two are read left to right; ending in a Latin full stop, as far
    /// apart, they would not.
    @Test func aSpaceAfterAFullWidthStopIsWider() {
        func lines(ending mark: String) -> [RecognizedSpan] {
            [
                line("3.1.5 瘦客户端", x: 77, y: 1637, width: 202, height: 32),
                line("这意味着机器直接从服务器上使用 PXE 启动，无需使用本地客户", x: 706, y: 1719, width: 805, height: 33),
                line("瘦客户机设置使普通 PC 可以作为 (X-) 终端运行\(mark)", x: 71, y: 1720, width: 614, height: 37),
                line("端硬盘。瘦客户机现在使用 X2Go 设置，因为 LTSP 已经停止对它维护与更新。", x: 68, y: 1762, width: 971, height: 33),
            ]
        }
        let read = lines(ending: "。")
        var joined = RecognizedText.blocks(read)
        #expect(SplitColumns.join(&joined) == 1)
        #expect(joined.lines.map(\.text) == [read[0], read[2], read[1], read[3]].map(\.text))
        #expect(SplitColumns.misplaced(lines(ending: "."), typicalHeight: 33) == nil)
    }

    /// The Chinese page photographed close, accurate mode: Tesseract put the character at the cut in
    /// both pieces (`服务器上运` | `运行所有的程序`), their boxes 25 px over each other (0.86 of the
    /// page's line height, 0.74 of these lines'), and read the right piece first. Two lines on one row
    /// overlapping so are one line, read left to right; a line reaching twice as far back over the
    /// other is no piece of it.
    @Test func piecesOverlappingAtTheirCutAreOneLine() {
        func lines(rightFrom x: Int) -> [RecognizedSpan] {
            [
                line("3.1.5 瘦客户端", x: 79, y: 1622, width: 199, height: 31),
                line("瘦客户机设置使普通 PC 可以作为 (X-) 终端运行。这意味着机器直接从服务器上使用 P", x: 73, y: 1704, width: 1429, height: 37),
                line("端硬盘。瘦客户机现在使用 X2Go 设置，因为 LTSP 已经停止对它维护与更新。", x: 69, y: 1746, width: 964, height: 33),
                line("运行所有的程序，所以仍然可以利用非常老的机", x: x, y: 1807, width: 1514 - x, height: 33),
                line("瘦客户机是一个很好的方法，因为它们可以有效地在 LTSP 服务器上运", x: 65, y: 1806, width: 878, height: 34),
                line("器 ( 主要是 32 位 )。其工作原理如下；服务使用 DHCP 和 TFTP 连接到网络", x: 62, y: 1849, width: 1455, height: 35),
            ]
        }
        let read = lines(rightFrom: 918)
        var joined = RecognizedText.blocks(read)
        #expect(SplitColumns.join(&joined) == 1)
        #expect(joined.lines.map(\.text) == [read[0], read[1], read[2], read[4], read[3], read[5]].map(\.text))
        #expect(SplitColumns.misplaced(lines(rightFrom: 875), typicalHeight: 34) == nil)
    }
}
