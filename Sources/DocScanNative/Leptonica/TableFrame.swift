import DocScanCore

/// The four outer rules of a ruled table (a form's, an invoice's, a lab report's box): straight lines
/// that were a rectangle on the paper. When no edge of the sheet shows, they say how the page was
/// photographed more exactly than the print's margins do, and a table's print gives the margins little
/// to go by (its cells' lines are short and start at every column).
///
/// The frame is the largest mark of the mask at least `minimumWidth` of its width and `minimumHeight`
/// of its height wide and tall (a grid's rules are one mark), clear of its border and covering at most
/// `densest` of its box; each side is where that mark starts, row by row (column by column): the
/// straight line most rows keep to and almost none reach beyond. A table a curl bends has none.
package struct TableFrame {
    /// A side as `across` = `offset` + `slope` · `along`: x against y for the left and right sides,
    /// y against x for the top and foot, in the mask's pixels.
    package struct Side {
        package let offset: Double, slope: Double
        package func at(_ along: Double) -> Double { offset + slope * along }
    }

    package let left: Side, right: Side, top: Side, foot: Side
    /// The least share of a side's rows (columns) on its line.
    package let straightness: Double

    /// The least share of the mask's width and of its height the frame spans.
    static let minimumWidth = 0.4
    static let minimumHeight = 0.15
    /// The share of each side's rows (columns) that must lie on its line, within `tolerance` pixels,
    /// measured along its middle `middleShare` (clear of the corners, which blur rounds); the share that
    /// may lie beyond it (the ends of rules across a table open at that side, which is framed by its
    /// next rule down); and how much of the side the rows on it must span.
    static let minimumOnLine = 0.6
    static let maximumBeyond = 0.1
    static let minimumSpan = 0.7
    static let tolerance = 1.5
    static let middleShare = 0.8
    /// About how many points of a side the lines tried run through.
    static let tries = 40
    /// The largest share of its box the table's mark may cover.
    static let densest = 0.15
    /// How steep a side may be against the axis it runs along (dx/dy for the left side).
    static let steepest = 0.25

    /// The outer rules of the largest ruled table in `mask` (1-bit); nil when it has none that spans
    /// enough of it or a side is not a straight rule.
    package init?(mask: PixImage) {
        // A mark touching the photo's border is no table seen whole: a scanned receipt's dark border
        // made a frame of the scan's edges.
        guard mask.depth == 1,
              let wide = mask.keepingMarks(width: Int(Self.minimumWidth * Double(mask.width)), height: 0)?.withoutEdgeMarks(),
              let boxes = ComponentBoxes(of: wide, connectivity: 8)
        else { return nil }
        let tallEnough = Int(Self.minimumHeight * Double(mask.height))
        let frames = (0..<boxes.count).map(boxes.frame(at:)).filter { $0.height >= tallEnough }
        // A table's rules are thin lines round mostly empty cells; a mark covering more of its box is a
        // picture in a frame (a banknote's engraving, a sixth of its border's box against under a tenth
        // for ruled tables with their print set against the rules).
        guard let frame = frames.max(by: { $0.width * $0.height < $1.width * $1.height }),
              let grid = wide.cropped(to: frame), let rows = grid.setPixelRuns(), let inked = grid.setPixelCount,
              Double(inked) <= Self.densest * Double(frame.width * frame.height)
        else { return nil }
        // Where the mark starts and ends along each row and down each column.
        var (starts, ends) = ([Double?](repeating: nil, count: frame.height), [Double?](repeating: nil, count: frame.height))
        var (tops, feet) = ([Double?](repeating: nil, count: frame.width), [Double?](repeating: nil, count: frame.width))
        for (y, runs) in rows.enumerated() {
            guard let first = runs.first, let last = runs.last else { continue }
            starts[y] = Double(first.lowerBound)
            ends[y] = Double(last.upperBound - 1)
            for run in runs {
                for x in run {
                    if tops[x] == nil { tops[x] = Double(y) }
                    feet[x] = Double(y)
                }
            }
        }
        guard let left = Self.side(starts, outward: -1), let right = Self.side(ends, outward: 1),
              let top = Self.side(tops, outward: -1), let foot = Self.side(feet, outward: 1)
        else { return nil }
        straightness = [left, right, top, foot].map(\.onLine).min() ?? 0
        let (x, y) = (Double(frame.x), Double(frame.y))
        // Moved from the frame's box into the mask's pixels.
        self.left = Side(offset: left.offset + x - left.slope * y, slope: left.slope)
        self.right = Side(offset: right.offset + x - right.slope * y, slope: right.slope)
        self.top = Side(offset: top.offset + y - top.slope * x, slope: top.slope)
        self.foot = Side(offset: foot.offset + y - foot.slope * x, slope: foot.slope)
    }

    /// The straight line that the most of `profile` (where the mark starts, by row or column, along its
    /// middle) keeps to within `tolerance`, with nearly none beyond it on the `outward` side (−1: towards
    /// lower values), tried through pairs of points a quarter of the profile apart and refitted to the
    /// points on it; nil when too few keep to it or they do not span most of the side. A rule broken
    /// where it is faintest leaves the print inside it for those rows: inside the frame, not beyond.
    static func side(_ profile: [Double?], outward: Double) -> (offset: Double, slope: Double, onLine: Double)? {
        let margin = Int(Double(profile.count) * (1 - middleShare) / 2)
        let points = profile.indices.dropFirst(margin).dropLast(margin).compactMap { i in profile[i].map { (x: Double(i), y: $0) } }
        guard points.count >= 20, let first = points.first?.x, let last = points.last?.x else { return nil }
        let length = last - first
        func offset(_ point: (x: Double, y: Double), _ offset: Double, _ slope: Double) -> Double { (point.y - offset - slope * point.x) * outward }
        // Lines through pairs of about `tries` points spread along the side.
        let step = max(1, points.count / tries)
        let spread = stride(from: 0, to: points.count, by: step).map { points[$0] }
        var best: (score: Int, offset: Double, slope: Double)?
        for a in spread {
            for b in spread where b.x - a.x >= length / 4 {
                let slope = (b.y - a.y) / (b.x - a.x)
                guard abs(slope) <= steepest else { continue }
                let base = a.y - slope * a.x
                var on = 0, beyond = 0
                for point in points {
                    let off = offset(point, base, slope)
                    if off > tolerance { beyond += 1 } else if off >= -tolerance { on += 1 }
                }
                let score = on - 3 * beyond
                if score > (best?.score ?? Int.min) { best = (score, base, slope) }
            }
        }
        guard let best else { return nil }
        let on = points.filter { abs(offset($0, best.offset, best.slope)) <= tolerance }
        let beyond = points.filter { offset($0, best.offset, best.slope) > tolerance }.count
        guard Double(on.count) >= minimumOnLine * Double(points.count), Double(beyond) <= maximumBeyond * Double(points.count),
              let from = on.first?.x, let to = on.last?.x, to - from >= minimumSpan * length,
              let fit = StraightLineFit(on), let slope = fit.slope, abs(slope) <= steepest
        else { return nil }
        return (fit.meanY - slope * fit.meanX, slope, Double(on.count) / Double(points.count))
    }
}
