import DocScanCore
import DocScanNative

/// A sheet's four sides as they lie in a photo: how far each bows out of (positive) or into (negative)
/// the quadrilateral of its corners, along the side.
///
/// A sheet that does not lie flat (curled up at one end on a desk) has curved sides, its lines bend
/// with them, and its bright region fits no quadrilateral well: a letter curled by 240 px differed from
/// its corners' quadrilateral by 9% of its area, as much as a sheet with an object lying against it.
/// The two differ in how the boundary runs: a curled side bows smoothly, an object makes a step. Each
/// side is traced on the region's mask and smoothed; the sides are used when the trace stays close to
/// the smoothed curve (`roughness`) and curves (`curvature`), and the warp then maps the curved
/// outline, not the corners' quadrilateral, onto the flat page (`flatten`).
public struct CurvedSides: Equatable, Sendable {
    /// Per side, clockwise from the top (as `PageQuad.sides`), the smoothed offset along the side's
    /// outward normal at `samples` evenly spaced points from its first corner to its second, in pixels.
    var offsets: [[Double]]
    /// The most the traced boundary strays from its smoothed curve, in pixels.
    var roughness: Double

    /// Points traced per side.
    static let samples = 33
    /// Samples averaged either way when smoothing: a step (an object against the side) stands out from
    /// its average by about half its height, a curl's bow by a fraction of a pixel.
    static let smoothingReach = 2

    /// The outline of `solid` (a region's mask with its holes filled, placed at `offsetX`, `offsetY` in the
    /// image `quad` is in) traced along `quad`'s sides, as far as `reach` (a share of each side's length)
    /// either way; nil where a side's boundary is not found within that reach.
    static func trace(_ solid: PixImage, offsetX: Int, offsetY: Int, quad: PageQuad, reach: Double = 0.15) -> CurvedSides? {
        let sides = quad.sides
        guard sides.count == 4 else { return nil }
        func isSet(_ point: PageQuad.Point) -> Bool {
            let column = Int(point.x.rounded(.down)) - offsetX, row = Int(point.y.rounded(.down)) - offsetY
            guard column >= 0, row >= 0, column < solid.width, row < solid.height else { return false }
            return solid.pixel(x: column, y: row) == 1
        }
        var offsets: [[Double]] = []
        var roughness = 0.0
        for side in sides {
            let length = side.start.distance(to: side.end)
            let limit = Int((reach * length).rounded(.up))
            var traced: [Double] = []
            for index in 0..<samples {
                let t = Double(index) / Double(samples - 1)
                // From beyond the side inwards, the first pixel of the sheet.
                guard let found = stride(from: limit, through: -limit, by: -1).first(where: {
                    isSet(PageQuad.point(on: side, at: t, outward: Double($0)))
                }) else { return nil }
                traced.append(Double(found))
            }
            let smooth = smoothed(traced)
            roughness = max(roughness, zip(traced, smooth).map { abs($0 - $1) }.max() ?? 0)
            // The curve starts and ends at the corners: what smoothing moved there is taken out evenly.
            let first = smooth[0], last = smooth[samples - 1]
            offsets.append(smooth.indices.map { smooth[$0] - first - (last - first) * Double($0) / Double(samples - 1) })
        }
        return CurvedSides(offsets: offsets, roughness: roughness)
    }

    /// Each sample averaged with `smoothingReach` neighbours either way; near a corner, with as many
    /// as it has on its other side, so a side leaving its corner at a slant is not bent by the average.
    private static func smoothed(_ values: [Double]) -> [Double] {
        values.indices.map { index in
            let reach = min(smoothingReach, index, values.count - 1 - index)
            let window = (index - reach)...(index + reach)
            return values[window].reduce(0, +) / Double(window.count)
        }
    }

    /// The offset of side `side` at `t` (0 at its first corner, 1 at its second), interpolated.
    func offset(side: Int, at t: Double) -> Double {
        let values = offsets[side]
        let position = min(max(t, 0), 1) * Double(values.count - 1)
        let index = min(Int(position), values.count - 2)
        let fraction = position - Double(index)
        return values[index] + (values[index + 1] - values[index]) * fraction
    }

    /// The most any side bows, as a share of its length.
    func bulge(of quad: PageQuad) -> Double {
        zip(quad.sides, offsets).map { side, values in
            (values.map(abs).max() ?? 0) / max(1, side.start.distance(to: side.end))
        }.max() ?? 0
    }

    /// How far any side curves, as a share of its length: the most its offsets between 10% and 90% of
    /// the way stray from the straight line fitted to them. A straight side whose corner was found a
    /// little inside the sheet (a blurred corner) has offsets that fall in a straight line, and no
    /// curve: a flat page turned on a desk measured 12 px that way at 800 px, and warping it along that
    /// "bow" read it worse (CER 0.13 → 0.17).
    func curvature(of quad: PageQuad) -> Double {
        zip(quad.sides, offsets).map { side, values in
            let count = values.count
            let points = values.indices.filter { $0 * 10 >= count - 1 && $0 * 10 <= 9 * (count - 1) }
                .map { (t: Double($0) / Double(count - 1), offset: values[$0]) }
            guard let fit = StraightLineFit(points.map { (x: $0.t, y: $0.offset) }) else { return 0 }
            let stray = points.map { abs(fit.offset(of: (x: $0.t, y: $0.offset))) }.max() ?? 0
            return stray / max(1, side.start.distance(to: side.end))
        }.max() ?? 0
    }

    /// The traced outline as a polygon, clockwise from the top left corner.
    func outline(of quad: PageQuad) -> [PageQuad.Point] {
        zip(quad.sides, offsets).flatMap { side, values in
            values.indices.dropLast().map { index in
                PageQuad.point(on: side, at: Double(index) / Double(values.count - 1), outward: values[index])
            }
        }
    }

    /// Every offset multiplied by `factor`, for the same sheet in an image scaled by it.
    func scaled(by factor: Double) -> CurvedSides {
        CurvedSides(offsets: offsets.map { $0.map { $0 * factor } }, roughness: roughness * factor)
    }

    /// Nodes of the warp's map, every this many pixels of the flat page both ways: the map bends
    /// smoothly, and between nodes it is interpolated.
    static let mapStep = 16

    /// The sheet inside `quad`'s corners and these sides, warped flat onto a `width` × `height` page.
    ///
    /// A flat point (u, v), both 0–1, goes first where the corners' perspective puts it (the projective
    /// map of the unit square onto `quad`), then out by each side's bow, weighted by how near it lies to
    /// that side (a Coons patch: at a side, that side's bow in full; the two bows of opposite sides
    /// blended in between). So a text line halfway down a sheet whose top and bottom edges rise towards
    /// a curled end rises by half of each. Nil for an image that is not 8-bit grey.
    func flatten(_ image: PixImage, quad: PageQuad, width: Int, height: Int) -> PixImage? {
        let sides = quad.sides
        guard sides.count == 4, offsets.count == 4 else { return nil }
        let project = Self.squareToQuad(quad)
        // Where a point of the straight side from `a` to `b` lies along it, 0–1.
        func along(_ point: (x: Double, y: Double), _ side: Int) -> Double {
            let a = sides[side].start, b = sides[side].end
            let dx = b.x - a.x, dy = b.y - a.y
            return ((point.x - a.x) * dx + (point.y - a.y) * dy) / max(1e-9, dx * dx + dy * dy)
        }
        func bow(_ side: Int, at point: (x: Double, y: Double)) -> (x: Double, y: Double) {
            let amount = offset(side: side, at: along(point, side))
            return (sides[side].normalX * amount, sides[side].normalY * amount)
        }
        let step = Self.mapStep
        let columns = (width - 1) / step + 2, rows = (height - 1) / step + 2
        let us = (0..<columns).map { Double($0 * step) / Double(width) }
        let vs = (0..<rows).map { Double($0 * step) / Double(height) }
        // The bows along each side depend on u alone (top, bottom) or v alone (left, right).
        let top = us.map { bow(0, at: project($0, 0)) }, bottom = us.map { bow(2, at: project($0, 1)) }
        let right = vs.map { bow(1, at: project(1, $0)) }, left = vs.map { bow(3, at: project(0, $0)) }
        var map: [(x: Float, y: Float)] = []
        map.reserveCapacity(columns * rows)
        for (row, v) in vs.enumerated() {
            for (column, u) in us.enumerated() {
                let base = project(u, v)
                let x = base.x + (1 - v) * top[column].x + v * bottom[column].x + (1 - u) * left[row].x + u * right[row].x
                let y = base.y + (1 - v) * top[column].y + v * bottom[column].y + (1 - u) * left[row].y + u * right[row].y
                map.append((Float(x), Float(y)))
            }
        }
        return image.remapped(width: width, height: height, step: step, map: map, fill: 255)
    }

    /// The projective map of the unit square onto `quad` ((0, 0) to its top left corner, (1, 0) to its
    /// top right, and so on), in closed form (Heckbert, 1989).
    static func squareToQuad(_ quad: PageQuad) -> (Double, Double) -> (x: Double, y: Double) {
        let (a, b, c, d, e, f, g, h) = squareToQuadMatrix(quad)
        return { u, v in
            let w = g * u + h * v + 1
            return ((a * u + b * v + c) / w, (d * u + e * v + f) / w)
        }
    }

    /// `squareToQuad`'s matrix [a b c; d e f; g h 1].
    static func squareToQuadMatrix(_ quad: PageQuad) -> (Double, Double, Double, Double, Double, Double, Double, Double) {
        let (p0, p1, p2, p3) = (quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft)
        let sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y
        let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
        let determinant = dx1 * dy2 - dx2 * dy1
        let g = determinant == 0 ? 0 : (sx * dy2 - dx2 * sy) / determinant
        let h = determinant == 0 ? 0 : (dx1 * sy - sx * dy1) / determinant
        return (p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h)
    }
}
