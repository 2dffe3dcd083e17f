import DocScanCore
import Foundation

/// Puts the text of tables, receipts and forms in rows, and leaves columns of prose alone.
///
/// Tesseract's automatic page segmentation cuts a table into blocks and reads it block by block: all the
/// item names, then all the codes, then all the prices. A person reads it row by row. After recognition
/// the page's line boxes tell the layouts apart. In a table most lines have a neighbour at the same
/// height, printed on the same baseline as they are (a row), and they are short cells. Columns of prose
/// also have lines beside each other, but those meet only by chance (their centres are off by a third of
/// a line on average), and where a typeset page aligns its columns exactly, their lines are long. A
/// table's lines are joined by height, left to right; any other page keeps Tesseract's order.
///
/// Measured on the eval set: a table photo has 61–85% of its lines beside another, their centres off by
/// 0.04 of a line, cells 4–12 times as wide as high, 42% of them reaching their column's right edge; a
/// two-column book page 71%, off by 0.38; two-column magazine pages 97%, off by 0.06–0.11, lines 13–16
/// times as wide as high, 63–84% of them reaching the edge (justified); one-column pages 0–21%.
enum ReadingOrder {
    /// The least share of lines beside another for a page to be a table.
    static let minimumSideBySide = 0.4
    /// The most the centres of lines in one row may be off, as a share of the line height (median).
    static let maximumRowOffset = 0.15
    /// The longest median cell (width ÷ height) a table may have; lines of a typeset column run 20–40.
    static let maximumCellAspect = 20.0
    /// Cells this short (median width ÷ height) are a table whatever their edges: prices, codes, units.
    static let shortCellAspect = 8.0
    /// The most lines beside another that may end at their column's right edge for a table of longer
    /// cells: justified columns of prose end there 63–84% of the time (a two-column magazine page whose
    /// rows align exactly), a table's ragged cells 42%.
    static let maximumJustifiedShare = 0.55
    /// How many typical lines tall a box standing on end must be to be no row's (`standsOnEnd`).
    static let uprightHeight = 2.0
    /// The fewest lines a page needs to be judged: a few lines are whatever Tesseract made of them.
    static let minimumLines = 4
    /// The most lines that go on in lowercase from the line above them in their column (of those that
    /// begin with a letter) for a table of longer cells. Sentences run on from line to line in a column
    /// of prose (75–87% of the lines of the eval set's multi-column pages begin in lowercase, their
    /// ragged columns as well as their justified ones); a table's cells begin anew (receipts 0 of 16 and
    /// 19, a timetable photo 2 of 5). Without it two ragged columns of prose whose lines share their
    /// baselines were joined line by line across the columns, as a table's rows.
    static let maximumContinuedShare = 0.5
    /// The fewest such lines for the share to count.
    static let minimumContinuations = 6

    /// The page's layout, and its text in rows when it is a table; nil text keeps Tesseract's.
    static func arrange(_ lines: [RecognizedSpan]) -> (layout: PageLayout, rowText: String?) {
        let lines = readable(lines)
        // For each line beside another: how far off the nearest such line's centre is.
        var offsets: [Double] = [], aspects: [Double] = [], justified = 0
        for line in lines {
            let neighbours = lines.filter { areBeside(line.box, $0.box) }
            guard let offset = neighbours.map({ centreOffset(line.box, $0.box) }).min() else { continue }
            offsets.append(offset)
            aspects.append(Double(line.box.width) / Double(line.box.height))
            if reachesColumnEdge(line.box, among: lines) { justified += 1 }
        }
        let share = lines.isEmpty ? 0 : Double(offsets.count) / Double(lines.count)
        let offset = median(offsets), aspect = median(aspects)
        let justifiedShare = offsets.isEmpty ? 0 : Double(justified) / Double(offsets.count)
        let isTable = lines.count >= minimumLines && share >= minimumSideBySide
            && (offset ?? .infinity) <= maximumRowOffset
            && ((aspect ?? .infinity) < shortCellAspect
                || ((aspect ?? .infinity) < maximumCellAspect && justifiedShare < maximumJustifiedShare
                    && (continuedShare(lines) ?? 0) < maximumContinuedShare))
        let layout = PageLayout(
            order: isTable ? "rows" : "blocks", sideBySide: (share * 100).rounded() / 100,
            rowOffset: offset.map { ($0 * 100).rounded() / 100 }, cellAspect: aspect.map { ($0 * 10).rounded() / 10 },
            justified: offsets.isEmpty ? nil : (justifiedShare * 100).rounded() / 100)
        return (layout, isTable ? rows(of: lines).map { $0.map(\.text).joined(separator: "  ") }.joined(separator: "\n") : nil)
    }

    /// The page's lines in the order their text was joined: row by row for `rows`, Tesseract's otherwise.
    static func sequence(of lines: [RecognizedSpan], order: String?) -> [RecognizedSpan] {
        let lines = readable(lines)
        return order == "rows" ? rows(of: lines).flatMap { $0 } : lines
    }

    /// The lines with text and a box: what the layout is judged on and joined from.
    static func readable(_ lines: [RecognizedSpan]) -> [RecognizedSpan] {
        lines.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty && $0.box.height > 0 }
    }

    /// The lines grouped into rows, top to bottom, each row's cells left to right; a line standing on end
    /// (`standsOnEnd`) is a row of its own, where its middle is.
    static func rows(of lines: [RecognizedSpan]) -> [[RecognizedSpan]] {
        let typical = median(lines.map { Double($0.box.height) }) ?? 0
        var rows: [[RecognizedSpan]] = [], upright: [RecognizedSpan] = []
        for line in lines.sorted(by: { middle($0.box) < middle($1.box) }) {
            if standsOnEnd(line.box, typical: typical) {
                upright.append(line)
            } else if let last = rows.last, last.contains(where: { verticalOverlap($0.box, line.box) >= 0.5 }) {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        for line in upright {
            let index = rows.firstIndex { $0.contains { middle($0.box) > middle(line.box) } } ?? rows.count
            rows.insert([line], at: index)
        }
        return rows.map { $0.sorted { $0.box.x < $1.box.x } }
    }

    /// Whether a line's box stands on end, taller than wide and than `uprightHeight` typical lines: print
    /// running down the page (a receipt's watermark `www.mcdonaldsindia.net` printed up its sides), or a
    /// stripe read as print. Such a box overlaps every row it passes, and joined to them it made one row
    /// of 24 lines of a receipt (`www.mcdonaldsindia.net  Take-Out Total  VAT  1 McVeggie*  …`).
    static func standsOnEnd(_ box: PageBox, typical: Double) -> Bool {
        box.height > box.width && Double(box.height) > uprightHeight * typical
    }

    /// The share of lines beginning with a letter that begin in lowercase, of those with a line right
    /// above them in their column (starting within a line height of where they start, less than one and a
    /// half line heights above); nil when fewer than `minimumContinuations` lines have one.
    static func continuedShare(_ lines: [RecognizedSpan]) -> Double? {
        var lettered = 0, lowercase = 0
        for line in lines {
            let box = line.box
            let above = lines.filter {
                startsWith($0.box, box) && $0.box.y + $0.box.height / 2 < box.y
                    && box.y - ($0.box.y + $0.box.height) < box.height * 3 / 2
            }
            guard !above.isEmpty, let first = line.text.first(where: { !$0.isWhitespace }), first.isLetter,
                  first.isLowercase || first.isUppercase
            else { continue }
            lettered += 1
            if first.isLowercase { lowercase += 1 }
        }
        return lettered >= minimumContinuations ? Double(lowercase) / Double(lettered) : nil
    }

    /// Whether `box` ends within a line height of the right edge of the longest line that starts where
    /// it starts: a full line of a justified column.
    static func reachesColumnEdge(_ box: PageBox, among lines: [RecognizedSpan]) -> Bool {
        let column = lines.filter { startsWith($0.box, box) }
        let edge = column.map { $0.box.x + $0.box.width }.max() ?? box.x + box.width
        return edge - (box.x + box.width) <= box.height
    }

    /// Whether `other` starts where `box` starts, within `box`'s height: a line of the same column.
    static func startsWith(_ other: PageBox, _ box: PageBox) -> Bool {
        abs(other.x - box.x) <= box.height
    }

    /// Two lines side by side: at the same height (overlapping by half the lower one) and apart.
    static func areBeside(_ a: PageBox, _ b: PageBox) -> Bool {
        verticalOverlap(a, b) >= 0.5 && (b.x >= a.x + a.width || a.x >= b.x + b.width)
    }

    /// How much two boxes overlap vertically, as a share of the lower box's height.
    static func verticalOverlap(_ a: PageBox, _ b: PageBox) -> Double {
        let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return Double(max(0, overlap)) / Double(max(1, min(a.height, b.height)))
    }

    /// How far apart two boxes' vertical centres are, as a share of the lower box's height.
    static func centreOffset(_ a: PageBox, _ b: PageBox) -> Double {
        abs(middle(a) - middle(b)) / Double(max(1, min(a.height, b.height)))
    }

    static func middle(_ box: PageBox) -> Double { Double(box.y) + Double(box.height) / 2 }

    private static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }
}
