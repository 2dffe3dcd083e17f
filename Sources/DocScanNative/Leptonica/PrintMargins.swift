import DocScanCore

/// The straight edges of a page's print: its left margin, where lines start, its right margin, where
/// justified lines end, and how its lines slant at the top and at the foot of the print. When no edge of
/// the sheet shows (a close-up, a sheet on a table as light as it), these are the only lines left that
/// were straight and parallel on the paper, and where they converge the page was photographed at a tilt.
///
/// Each margin is the straight line that the most long line pieces (`TextLineDewarp.textLinePieces`)
/// start (or end) at, within `toleranceLetters` of a letter's height, and that nearly none start before
/// (end beyond): a paragraph's indent or a centred heading lies inside it, not on it. A page set
/// ragged-right has a right margin only where `minimumSupport` long lines end together, along its
/// longest lines.
package struct PrintMargins {
    /// A margin as x = `x0` + `slope` · y, in the mask's pixels.
    package struct Margin {
        package let x0: Double, slope: Double
        /// The pieces that start (end) on it.
        package let support: Int
        package func x(at y: Double) -> Double { x0 + slope * y }
    }

    package let left: Margin, right: Margin
    /// The slant of the lines (dy/dx) at the print's top and foot, fitted to every long piece's slant
    /// against its height.
    package let topSlant: Double, footSlant: Double
    /// The middle heights of the top and foot line pieces.
    package let top: Double, foot: Double
    /// The pieces measured.
    package let pieces: Int

    /// How long a piece must be, in letter heights, to say where its line starts and ends and how it
    /// slants.
    static let longLetters = 8.0
    /// A piece starts on a margin within this share of the print's letter height.
    static let toleranceLetters = 0.8
    /// How steep a margin may be (dx/dy): a page turned 14° (deskewing comes later), seen at a tilt.
    static let steepest = 0.25
    /// The fewest long pieces on each margin, and the least share of the long pieces' height they span
    /// (a notice's left margin, between its title, salutation and indented paragraphs, spans 0.47).
    static let minimumSupport = 4
    static let minimumSpan = 0.4

    /// The margins of `mask`'s (1-bit) print; nil when it has too few line pieces, or either margin
    /// is not held by enough of them.
    package init?(mask: PixImage) {
        guard mask.depth == 1 else { return nil }
        let found = TextLineDewarp.textLinePieces(of: mask, minimumWidth: max(24, mask.width / 60))
        // A piece's letter height is its box's less its slant (`LinePieceModel.thickness(of:)`): a page
        // turned a few degrees has boxes twice as tall as its letters.
        let thicknesses = found.map { LinePieceModel.thickness(of: $0) }
        let heights = thicknesses.sorted()
        guard heights.count >= Self.minimumSupport else { return nil }
        let letter = heights[heights.count / 2]
        let kept = zip(found, thicknesses).filter { (0.5 * letter...2.5 * letter).contains($1) && $0.points.count >= 3 }.map(\.0)
        let middles = kept.map { Double($0.frame.y) + Double($0.frame.height) / 2 }
        let long = kept.map { Double($0.frame.width) >= Self.longLetters * letter }
        guard let top = middles.min(), let foot = middles.max(), foot - top > 4 * letter else { return nil }
        // Only a long piece (`longLetters`) says where its line starts and ends: a table's or a
        // receipt's columns start and end at several places, and a margin through two of them slants
        // (a scanned receipt's prices and tax codes made one that converged by 0.09). A piece the photo's
        // border cuts says nothing of it either. Either only says that the line reaches beyond a margin
        // inside the photo.
        let starts = kept.indices.map { i in (y: middles[i], x: Double(kept[i].frame.x), cut: kept[i].frame.x <= 2 || !long[i]) }
        let ends = kept.indices.map { i in
            let end = kept[i].frame.x + kept[i].frame.width
            return (y: middles[i], x: Double(end), cut: end >= mask.width - 2 || !long[i])
        }
        let tolerance = Self.toleranceLetters * letter
        // The margins are held by the long lines, whose height is what they must span (a title and a
        // signature, short lines above and below them, do not count).
        let longMiddles = kept.indices.filter { long[$0] }.map { middles[$0] }
        guard let longTop = longMiddles.min(), let longFoot = longMiddles.max(), longFoot > longTop,
              let left = Self.margin(through: starts, outward: -1, tolerance: tolerance, height: longFoot - longTop),
              let right = Self.margin(through: ends, outward: 1, tolerance: tolerance, height: longFoot - longTop)
        else { return nil }
        // The lines' slant against their height: long pieces only, whose slant their letters' shapes
        // do not sway.
        let slants = kept.indices.compactMap { i -> (x: Double, y: Double)? in
            guard long[i], let slope = StraightLineFit(kept[i].points)?.slope else { return nil }
            return (middles[i], slope)
        }
        guard slants.count >= Self.minimumSupport, let fit = StraightLineFit(Self.withoutOutliers(slants)) else { return nil }
        let slant = { (y: Double) in fit.meanY + (fit.slope ?? 0) * (y - fit.meanX) }
        self.left = left
        self.right = right
        topSlant = slant(top)
        footSlant = slant(foot)
        self.top = top
        self.foot = foot
        pieces = kept.count
    }

    /// The line x = x0 + slope · y through the most of `ends` (within `tolerance`) with the fewest
    /// beyond it on the `outward` side (−1: left), tried through every pair a quarter of the print's
    /// `height` apart and refitted to the ends on it. An end the photo's border `cut` counts only as
    /// beyond.
    static func margin(through ends: [(y: Double, x: Double, cut: Bool)], outward: Double, tolerance: Double, height: Double) -> Margin? {
        let whole = ends.filter { !$0.cut }
        func offset(_ end: (y: Double, x: Double, cut: Bool), _ x0: Double, _ slope: Double) -> Double { (end.x - x0 - slope * end.y) * outward }
        var best: (score: Int, x0: Double, slope: Double)?
        for i in whole.indices {
            for j in whole.indices where whole[j].y - whole[i].y >= height / 4 {
                let slope = (whole[j].x - whole[i].x) / (whole[j].y - whole[i].y)
                guard abs(slope) <= steepest else { continue }
                let x0 = whole[i].x - slope * whole[i].y
                var on = 0, beyond = 0
                for end in ends {
                    let offset = offset(end, x0, slope)
                    if offset > tolerance { beyond += 1 } else if !end.cut, offset >= -tolerance { on += 1 }
                }
                let score = on - 3 * beyond
                if score > (best?.score ?? Int.min) { best = (score, x0, slope) }
            }
        }
        guard let best else { return nil }
        let on = whole.filter { abs(offset($0, best.x0, best.slope)) <= tolerance }
        let beyond = ends.filter { offset($0, best.x0, best.slope) > tolerance }.count
        guard on.count >= minimumSupport, beyond * 20 <= ends.count,
              let top = on.map(\.y).min(), let foot = on.map(\.y).max(), foot - top >= minimumSpan * height,
              let fit = StraightLineFit(on.map { (x: $0.y, y: $0.x) }), let slope = fit.slope
        else { return nil }
        return Margin(x0: fit.meanY - slope * fit.meanX, slope: slope, support: on.count)
    }

    /// `points` without those whose y strays from the median by more than three times the median
    /// straying (a piece that runs into a picture, two lines run together).
    static func withoutOutliers(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let ys = points.map(\.y).sorted()
        let median = ys[ys.count / 2]
        let strays = points.map { abs($0.y - median) }.sorted()
        let limit = max(3 * strays[strays.count / 2], 1e-4)
        return points.filter { abs($0.y - median) <= limit }
    }
}
