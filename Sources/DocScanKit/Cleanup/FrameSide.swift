import DocScanNative
import Foundation

/// A side of the sheet's outline that is the photo's border, pulled in to the sheet's print or laid along it.
///
/// On a pale desk the curled, shaded end of a sheet may leave no straight edge, and the outline finder
/// takes the frame's border for that side: the warp then maps a wedge of desk into the page, and its
/// lines come out sheared. A real sheet running out of the frame has its print up to the border. So
/// when the print keeps far from the one such side (its nearest letters more than twice as far from it
/// as from the opposite side, and `widestBand` letter heights more), the side is laid along the print's
/// own margin (`marginDirection`; failing that, parallel to the opposite side), as far outside the print
/// as the opposite side is (at least two letter heights). On pale
/// planks a German letter read at CER 0.35 by the frame's side, 0.003 pulled in; a curled receipt
/// 0.50 → 0.14.
enum FrameSide {
    /// How many letter heights more the print must keep from the frame's side than from the opposite one.
    static let widestBand = 4.0
    /// The share of letters nearest a side left out of its margin (stray specks, a mark on the desk).
    static let strayShare = 0.02

    /// `quad` with each side along the frame's border that keeps far from the print pulled in, and the
    /// names of the sides pulled in (`top`, `right`, `bottom`, `left`); nil when none is.
    static func pulledIn(_ quad: PageQuad, letters photo: PhotoLetters) -> (quad: PageQuad, sides: [String])? {
        // A sheet with two sides along the border runs out of the frame at a corner, where its print
        // may thin out (a curled 1871 page so, its left side pulled in: CER 0.029 → 0.050).
        let sides = quad.scaled(by: photo.factor).sides
        let alongBorder = sides.indices.filter {
            isAlongBorder(sides[$0], width: Double(photo.reducedWidth), height: Double(photo.reducedHeight))
        }
        guard sides.count == 4, alongBorder.count == 1, let (_, inside, height) = photo.inside(quad) else { return nil }
        let print = inside.filter { Double($0.height) >= 0.5 * height && Double($0.height) <= 2 * height }.map(\.centre)
        guard print.count >= TextBeyondSheet.fewestLetters else { return nil }
        var lines = sides.map { PageQuad.line(of: $0) }
        var pulled: [Int] = []
        for index in alongBorder {
            let opposite = sides[(index + 2) % 4]
            let band = margin(of: print, from: sides[index]), other = margin(of: print, from: opposite)
            guard band > 2 * other, band > other + widestBand * height else { continue }
            // Along the print's margin, or else parallel to the opposite side; the normal points out here.
            let parallel = (-opposite.normalX, -opposite.normalY)
            let (nx, ny) = marginDirection(of: print, along: sides[index], height: height, near: parallel) ?? parallel
            lines[index] = (nx, ny, outermost(of: print, along: (nx, ny)) + max(other, 2 * height))
            pulled.append(index)
        }
        guard !pulled.isEmpty else { return nil }
        // The side pulled in must lie within the outline it came from.
        guard let moved = PageQuad.bounded(by: lines, scaledDownBy: photo.factor, width: photo.width, height: photo.height),
              moved.corners.allSatisfy({ quad.distanceOutside($0) <= 2 / photo.factor }), moved.area < quad.area
        else { return nil }
        return (moved, pulled.map { sideNames[$0] })
    }

    /// `quad` with each side along the frame's border whose opposite side is the sheet's own edge laid
    /// along the print instead, and the names of the sides so laid; nil when none would turn by
    /// `smallestTurn` to `largestTurn`.
    ///
    /// A sheet photographed close up runs out of the frame, and the outline finder takes the border for
    /// those sides: the warp then straightens the sides it saw and shears the page along the others. A
    /// Chinese table page with its right side in the frame and its left and foot beyond it came out level
    /// at its top and slanting 1.2° at its foot, and its table was read in broken rows (CER 0.194 accurate;
    /// so laid, 0.117).
    /// The print still shows where those sides ran: a left or right side is laid along the print's own
    /// margin (`marginDirection`, which the lines start or end at, as the sheet's edge; failing that,
    /// parallel to the opposite side), a top or foot parallel to the opposite side (the print's first
    /// and last lines are of any length: a paragraph's short last line), as far outside the print as the
    /// opposite side is, at least two letter heights, and never inside the border's place. The corners
    /// may then lie beyond the photo (up to `outsideShare` of its longer side): the warp fills them with
    /// the paper's level.
    static func realigned(_ quad: PageQuad, letters photo: PhotoLetters) -> (quad: PageQuad, sides: [String])? {
        let sides = quad.scaled(by: photo.factor).sides
        let width = Double(photo.reducedWidth), height = Double(photo.reducedHeight)
        let alongBorder = sides.indices.filter { isAlongBorder(sides[$0], width: width, height: height) }
        guard sides.count == 4, !alongBorder.isEmpty, let (_, inside, letter) = photo.inside(quad) else { return nil }
        let print = inside.filter { Double($0.height) >= 0.5 * letter && Double($0.height) <= 2 * letter }.map(\.centre)
        guard print.count >= TextBeyondSheet.fewestLetters else { return nil }
        var lines = sides.map { PageQuad.line(of: $0) }
        var laid: [Int] = []
        for index in alongBorder where !alongBorder.contains((index + 2) % 4) {
            let opposite = sides[(index + 2) % 4]
            let parallel = (-opposite.normalX, -opposite.normalY)
            let isUpright = index % 2 == 1
            let (nx, ny) = isUpright ? marginDirection(of: print, along: sides[index], height: letter, near: parallel) ?? parallel : parallel
            let turn = acos(min(1, nx * sides[index].normalX + ny * sides[index].normalY)) * 180 / .pi
            guard turn >= smallestTurn, turn <= largestTurn else { continue }
            let border = max(sides[index].start.x * nx + sides[index].start.y * ny, sides[index].end.x * nx + sides[index].end.y * ny)
            lines[index] = (nx, ny, max(outermost(of: print, along: (nx, ny)) + max(margin(of: print, from: opposite), 2 * letter), border))
            laid.append(index)
        }
        guard !laid.isEmpty,
              let moved = PageQuad.bounded(by: lines, scaledDownBy: photo.factor, width: photo.width, height: photo.height, clamped: false),
              moved.corners.allSatisfy({ quad.distanceOutside($0) <= outsideShare * Double(max(photo.width, photo.height)) })
        else { return nil }
        return (moved, laid.map { sideNames[$0] })
    }

    /// The least turn, in degrees, for which a side along the border is laid along the print
    /// (`realigned`).
    static let smallestTurn = 0.4
    /// The most: a sheet photographed close up lies square to the camera within a few degrees, and a
    /// larger turn comes from a curled sheet, whose opposite side and print margin bend (7–17° on the
    /// curled pages of the photo sets whose outline had a side along the border).
    static let largestTurn = 4.0
    /// How far beyond the outline a realigned quadrilateral's corner may lie, as a share of the photo's
    /// longer side.
    static let outsideShare = 0.1

    /// How many stretches along a side the print's margin is sampled in (`marginDirection`).
    static let marginStretches = 12
    /// How far the print's margin may turn from the opposite side, in degrees, to be followed.
    static let largestMarginTurn = 10.0

    /// The outward normal of the print's own margin along `side`: a line fitted to the nearest letter in
    /// each of `marginStretches` stretches along it, those more than two letter heights farther in than
    /// the median left out (an indented paragraph, a short line); nil when too few stretches have print,
    /// or when it turns more than `largestMarginTurn` from `side`'s opposite. The opposite side's
    /// direction is right for a flat sheet, not for a curled end: an English letter curled on pale
    /// planks, its side laid parallel to the opposite one, got no curl model in fast mode and was read
    /// bent (CER 0.38); laid along its print's margin, its pieces were modelled and straightened (0.001).
    private static func marginDirection(
        of print: [PageQuad.Point], along side: PageQuad.Side, height: Double, near reference: (Double, Double)
    ) -> (Double, Double)? {
        var nearest = [(point: PageQuad.Point, distance: Double)?](repeating: nil, count: marginStretches)
        for point in print {
            let along = PageQuad.fraction(of: point, along: side)
            guard along >= 0, along < 1 else { continue }
            let stretch = Int(along * Double(marginStretches))
            let distance = -PageQuad.distance(of: point, beyond: side)
            if distance < nearest[stretch]?.distance ?? .infinity { nearest[stretch] = (point, distance) }
        }
        let found = nearest.compactMap { $0 }
        guard found.count >= marginStretches / 2 else { return nil }
        let median = found.map(\.distance).sorted()[found.count / 2]
        let margin = found.filter { $0.distance <= median + 2 * height }.map(\.point)
        guard margin.count >= marginStretches / 2 - 1 else { return nil }
        // The line's direction is the points' principal axis; its normal points out through `side`.
        let mx = margin.map(\.x).reduce(0, +) / Double(margin.count), my = margin.map(\.y).reduce(0, +) / Double(margin.count)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for point in margin {
            sxx += (point.x - mx) * (point.x - mx)
            syy += (point.y - my) * (point.y - my)
            sxy += (point.x - mx) * (point.y - my)
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        var normal = (-sin(angle), cos(angle))
        if normal.0 * side.normalX + normal.1 * side.normalY < 0 { normal = (-normal.0, -normal.1) }
        guard normal.0 * reference.0 + normal.1 * reference.1 >= cos(largestMarginTurn * .pi / 180) else { return nil }
        return normal
    }

    /// Whether `side` runs along one border of a `width` × `height` image.
    private static func isAlongBorder(_ side: PageQuad.Side, width: Double, height: Double) -> Bool {
        let ends = [side.start, side.end]
        return ends.allSatisfy { $0.x <= 2 } || ends.allSatisfy { $0.y <= 2 }
            || ends.allSatisfy { $0.x >= width - 3 } || ends.allSatisfy { $0.y >= height - 3 }
    }

    /// The sides' names, clockwise from the top as `PageQuad.sides` gives them.
    private static let sideNames = ["top", "right", "bottom", "left"]

    /// How far the print reaches along the unit normal (`nx`, `ny`): its outermost letters', strays left out.
    private static func outermost(of print: [PageQuad.Point], along normal: (Double, Double)) -> Double {
        let reach = print.map { $0.x * normal.0 + $0.y * normal.1 }.sorted()
        return reach[Int(Double(reach.count - 1) * (1 - strayShare))]
    }

    /// How far the print keeps inside `side`: the distance of its nearest letters, strays left out.
    private static func margin(of print: [PageQuad.Point], from side: PageQuad.Side) -> Double {
        let distances = print.map { -PageQuad.distance(of: $0, beyond: side) }.sorted()
        return distances[Int(Double(distances.count - 1) * strayShare)]
    }
}
