import DocScanCore
import DocScanNative

/// Which way a page's text is up, from its punctuation: full stops and commas (`。，、` in Chinese and
/// Japanese, `.` and `,` in Latin script, a decimal point) are small lone marks at the foot of a line,
/// beside a character; turned upside down they sit at its head.
///
/// Han has no ascenders for Leptonica's count (`TextOrientation`), so every Chinese page went to OSD:
/// 0.7–0.9 s of an upright Chinese page's 5–8 s on this machine. Counted on the orient stage's reduced
/// copy, the marks leave that stage at 50–90 ms (reducing the page included). The lines are the copy's
/// dark pixels closed across the gaps between characters; a mark counts when it is small beside its
/// line's height, nothing lies above or below it in the line (the dots of i and j, of 氵 and 灬, a
/// character's radicals), no mark of its size lies beside it at its height (a quotation mark's two
/// strokes), and a character of at least half the line's height stands within 0.6 line heights of it (a
/// photo's grain in a line of texture does not).
///
/// The page is counted as it is and turned a quarter: a page whose lines run across it has its marks
/// at the feet or heads of those lines and almost none in the other direction. On the 176 pages of the
/// eval sets, Fixtures and the photo stress sets, each turned four ways, a C prototype of these rules
/// gave no wrong verdict (`correction`), on Chinese and Latin scans and on photos; most photos give too
/// few marks to decide, and go to OSD as before.
public struct PunctuationMarks: Codable, Equatable, Sendable {
    /// Lone marks at the foot and at the head of the page's lines, as it is.
    public var low: Int
    public var high: Int
    /// The same with the page turned a quarter clockwise: few when the lines run across the page.
    public var lowTurned: Int
    public var highTurned: Int

    enum CodingKeys: String, CodingKey {
        case low, high, lowTurned = "low_turned", highTurned = "high_turned"
    }

    /// How many marks the winning side needs, how many times it must outnumber the other, and how many
    /// times the marks counted a quarter turned (which a page with its lines across it barely has).
    /// Marks can lean the wrong way: Fixtures' upright photo of small book type counts 47 at the heads
    /// of its lines against 27 at their feet (at 1,600 px its print is small, and most of its counted
    /// marks are specks of 1–3 px), and a real photo of a curled cookbook page turned a quarter counted
    /// 8 against 2 with its lines down the page; neither is decided.
    static let minimumMarks = 8
    static let ratio = 4

    /// Clockwise degrees that turn the page upright, when the marks show it: 0 or 180; nil when they do
    /// not decide. A page turned a quarter has its lines down the page: `quarterCorrection`.
    public var correction: Int? {
        Self.feetWin(low: low, high: high, across: lowTurned + highTurned).map { $0 ? 0 : 180 }
    }

    /// Clockwise degrees that turn a page lying on its side upright, when the marks counted with it turned
    /// a quarter clockwise show it: 90 (they sit at the feet of its lines so turned) or 270 (at their
    /// heads); nil when they do not decide. The rule is `correction`'s with the two counts swapped: the
    /// lines run across the page turned, so the page as it is must have almost no marks.
    ///
    /// An upright page of vertical Chinese or Japanese has its lines down the page too, and smeared print
    /// can line up its marks across the page, so a quarter turn is checked by reading the page's square
    /// both ways (`PageOrienter`): a page that reads clearly better as it is keeps its orientation. Over
    /// the nine eval sets of this machine (1,240 page-runs, both modes) the counts turned 23 Chinese
    /// scans and photos on their side rightly (8–67 marks at the side that won, 0–2 on the page as it
    /// is), without OSD; they proposed a quarter turn for two upright photos of a report smeared by
    /// camera shake and held askew, which read better as they were (46 against 18, 52 against 14).
    public var quarterCorrection: Int? {
        Self.feetWin(low: lowTurned, high: highTurned, across: low + high).map { $0 ? 90 : 270 }
    }

    /// Whether the marks at the feet of the lines (`low`) or at their heads (`high`) win, when they
    /// decide: the winner has `minimumMarks`, `ratio` times the loser's and `ratio` times the marks
    /// counted the other way (`across`), where lines running across the page leave almost none.
    private static func feetWin(low: Int, high: Int, across: Int) -> Bool? {
        let winner = max(low, high), loser = min(low, high)
        guard winner >= minimumMarks, winner >= ratio * loser, ratio * across <= winner else { return nil }
        return low > high
    }

    public init(low: Int, high: Int, lowTurned: Int, highTurned: Int) {
        self.low = low
        self.high = high
        self.lowTurned = lowTurned
        self.highTurned = highTurned
    }

    /// The marks of `image` (the orient stage's reduced copy) as it is and turned a quarter; nil when
    /// its dark pixels cannot be found.
    static func measure(_ image: PixImage) -> PunctuationMarks? {
        guard let mask = image.darkPixels(), let turned = mask.rotated(quarterTurns: 1),
              let asIs = count(in: mask), let quarter = count(in: turned)
        else { return nil }
        return PunctuationMarks(low: asIs.low, high: asIs.high, lowTurned: quarter.low, highTurned: quarter.high)
    }

    /// Lone marks at the foot and at the head of the lines of a 1-bit `mask` whose lines run across it.
    static func count(in mask: PixImage) -> (low: Int, high: Int)? {
        // Wide enough to join the characters of a line (and a column's lines where they touch), narrow
        // enough to leave the lines apart: lines are joined only across, never down.
        guard let joined = mask.closed(width: max(3, mask.width / 60), height: 1),
              let lineBoxes = ComponentBoxes(of: joined, connectivity: 8),
              let pieceBoxes = ComponentBoxes(of: mask, connectivity: 8)
        else { return nil }
        // A text line is long beside its height; a paragraph joined into one block, a picture or a rule is not.
        let lines = (0..<lineBoxes.count).map(lineBoxes.frame(at:)).filter {
            $0.height >= 8 && $0.height <= 200 && $0.width >= 6 * $0.height
        }
        guard !lines.isEmpty else { return (0, 0) }
        // Each piece of print in the line that holds its centre.
        let byTop = lines.indices.sorted { lines[$0].y < lines[$1].y }
        var pieces = [[PageBox]](repeating: [], count: lines.count)
        for index in 0..<pieceBoxes.count {
            let piece = pieceBoxes.frame(at: index)
            let cx = piece.x + piece.width / 2, cy = piece.y + piece.height / 2
            for line in byTop {
                let box = lines[line]
                if box.y > cy { break }
                if cy < box.y + box.height, cx >= box.x, cx < box.x + box.width {
                    pieces[line].append(piece)
                    break
                }
            }
        }
        var low = 0, high = 0
        for (line, inLine) in zip(lines, pieces) {
            let height = Double(line.height)
            let small = 0.35 * height, tiny = 0.08 * height
            for mark in inLine {
                guard Double(mark.height) <= small, Double(mark.width) <= small,
                      Double(mark.height) >= tiny, Double(mark.width) >= tiny,
                      Self.standsAlone(mark, among: inLine, lineHeight: height)
                else { continue }
                let centre = (Double(mark.y) + Double(mark.height) / 2 - Double(line.y)) / height
                if centre > 0.62 { low += 1 } else if centre < 0.38 { high += 1 }
            }
        }
        return (low, high)
    }

    /// Whether `mark` is a lone mark of its line: nothing above or below it, no mark of its size beside it
    /// at its height, and a character of at least half the line's height within 0.6 line heights.
    private static func standsAlone(_ mark: PageBox, among pieces: [PageBox], lineHeight: Double) -> Bool {
        var besideCharacter = false
        let markCentre = Double(mark.y) + Double(mark.height) / 2
        for other in pieces where other != mark {
            let gap = other.x >= mark.x ? other.x - (mark.x + mark.width) : mark.x - (other.x + other.width)
            if gap < 0 { return false }
            let small = Double(other.height) <= 0.35 * lineHeight && Double(other.width) <= 0.35 * lineHeight
            if small {
                let rise = Double(other.y) + Double(other.height) / 2 - markCentre
                if Double(gap) < 1.5 * Double(mark.height), abs(rise) < 0.5 * Double(mark.height) { return false }
            }
            if Double(other.height) >= 0.5 * lineHeight, Double(gap) <= 0.6 * lineHeight { besideCharacter = true }
        }
        return besideCharacter
    }
}
