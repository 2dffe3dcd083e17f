import DocScanNative
import Foundation

/// A side of the sheet's outline that is the photo's border, pulled in to the sheet's print.
///
/// On a pale desk the curled, shaded end of a sheet may leave no straight edge, and the outline finder
/// takes the frame's border for that side: the warp then maps a wedge of desk into the page, and its
/// lines come out sheared. A real sheet running out of the frame has its print up to the border. So
/// when the print keeps far from the one such side (its nearest letters more than twice as far from it
/// as from the nearest of the other three sides, and `widestBand` letter heights more), the side is laid
/// along the print's own margin (`marginDirection`; failing that, parallel to the opposite side), as far
/// outside the print as the opposite side is (at least two letter heights). On pale
/// planks a German letter read at CER 0.35 by the frame's side, 0.003 pulled in; a curled receipt
/// 0.50 → 0.14. The nearest side, not the opposite one: a page's foot often keeps twice the margin of
/// its head (a footer, a short last page), and a Chinese manual page on planks in a 12-MP frame, its
/// faint top edge lost among the planks' seams, kept the frame's top (measured against its foot's
/// margin, the side stayed): its table's rows came out sheared, read at 0.34 (fast) and 0.33
/// (accurate); pulled in, 0.10 and 0.04. Fixtures' curled lab report so too (its left side): 0.046 →
/// 0.014 and 0.042 → 0.008.
enum FrameSide {
    /// How many letter heights more the print must keep from the frame's side than from the nearest other one.
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
            let nearest = sides.indices.filter { $0 != index }.map { margin(of: print, from: sides[$0]) }.min() ?? other
            guard band > 2 * nearest, band > nearest + widestBand * height else { continue }
            // Along the print's margin, or else parallel to the opposite side; the normal points out here.
            let parallel = (-opposite.normalX, -opposite.normalY)
            let (nx, ny) = marginDirection(of: print, along: sides[index], height: height, near: parallel) ?? parallel
            let reach = print.map { $0.x * nx + $0.y * ny }.sorted()
            let outermost = reach[Int(Double(reach.count - 1) * (1 - strayShare))]
            lines[index] = (nx, ny, outermost + max(other, 2 * height))
            pulled.append(index)
        }
        guard !pulled.isEmpty else { return nil }
        // The side pulled in must lie within the outline it came from.
        guard let moved = PageQuad.bounded(by: lines, scaledDownBy: photo.factor, width: photo.width, height: photo.height),
              moved.corners.allSatisfy({ quad.distanceOutside($0) <= 2 / photo.factor }), moved.area < quad.area
        else { return nil }
        let names = ["top", "right", "bottom", "left"]
        return (moved, pulled.map { names[$0] })
    }

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

    /// How far the print keeps inside `side`: the distance of its nearest letters, strays left out.
    private static func margin(of print: [PageQuad.Point], from side: PageQuad.Side) -> Double {
        let distances = print.map { -PageQuad.distance(of: $0, beyond: side) }.sorted()
        return distances[Int(Double(distances.count - 1) * strayShare)]
    }
}
