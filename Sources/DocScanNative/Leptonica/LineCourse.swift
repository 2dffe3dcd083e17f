/// A text line's own course across the page, followed piece by piece instead of as one parabola.
///
/// Leptonica fits each line of a curled page with one parabola. A sheet that lies flat but lifts at one
/// edge, or a book page flat up to where it bends into the spine, bends its lines in the last tenth of
/// their length only: a parabola spreads that bend over the whole line, so the straightened line still
/// rises at the edge and sags in the middle, and Tesseract cut such lines in pieces (a letter curled at
/// its left edge read at CER 0.19, every paragraph line broken where the bend began; straightened along
/// its lines' courses, 0.001). Fitted locally, a course could follow a single word's ascenders; a
/// straight fit over 1/30 of the page's width (`TextLineDewarp.followLines`) averages them away.
struct LineCourse {
    /// The line's height (y) at each sample column.
    let heights: [Double]
    /// The parabola Leptonica would fit, whose curvature (x² coefficient) sorts out lines that bend
    /// unlike the others (a rule, two lines run together).
    let curvature: Double

    /// The course of a line given by its centre points (one per column, as Leptonica finds them), at the
    /// sample columns `columns`: within the line, a straight line fitted to the points within `reach` of
    /// the column (a bend wider than `reach` is followed, up to the line's ends, where the spine bends
    /// it most); beyond its ends, the line's parabola, moved to meet the course where the line ends.
    init?(points: [(x: Double, y: Double)], columns: [Double], reach: Double) {
        guard points.count >= 3, let fit = Self.parabola(points) else { return nil }
        curvature = fit.c2
        let sorted = points.sorted { $0.x < $1.x }
        guard let first = sorted.first?.x, let last = sorted.last?.x, last > first else { return nil }
        let parabola = { (x: Double) in fit.c2 * x * x + fit.c1 * x + fit.c0 }
        /// The straight line through the points within `reach` of `x`, at `x`.
        func local(_ x: Double) -> Double {
            var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0
            for point in sorted where abs(point.x - x) <= reach {
                let dx = point.x - x
                n += 1; sx += dx; sy += point.y; sxx += dx * dx; sxy += dx * point.y
            }
            let det = n * sxx - sx * sx
            guard n >= 3, det > 1e-9 else { return parabola(x) }
            return (sxx * sy - sx * sxy) / det
        }
        let (start, end) = (local(first), local(last))
        heights = columns.map { x in
            if x < first { return parabola(x) - parabola(first) + start }
            if x > last { return parabola(x) - parabola(last) + end }
            return local(x)
        }
    }

    /// The least-squares parabola y = c2·x² + c1·x + c0 through `points`; nil when they do not fix one.
    static func parabola(_ points: [(x: Double, y: Double)]) -> (c2: Double, c1: Double, c0: Double)? {
        // Centred on the mean x, so the normal equations stay well conditioned at page widths.
        let mean = points.reduce(0) { $0 + $1.x } / Double(points.count)
        var s = [Double](repeating: 0, count: 5)
        var t = [Double](repeating: 0, count: 3)
        for point in points {
            let x = point.x - mean
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 { t[k] += power * point.y }
                power *= x
            }
        }
        // Cramer's rule on [[s4 s3 s2] [s3 s2 s1] [s2 s1 s0]] · (a, b, c) = (t2, t1, t0).
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let m = [[s[4], s[3], s[2]], [s[3], s[2], s[1]], [s[2], s[1], s[0]]]
        let d = det(m)
        guard abs(d) > 1e-12 * max(1, abs(s[4] * s[2] * s[0])) else { return nil }
        let a = det([[t[2], s[3], s[2]], [t[1], s[2], s[1]], [t[0], s[1], s[0]]]) / d
        let b = det([[s[4], t[2], s[2]], [s[3], t[1], s[1]], [s[2], t[0], s[0]]]) / d
        let c = det([[s[4], s[3], t[2]], [s[3], s[2], t[1]], [s[2], s[1], t[0]]]) / d
        // Back from x − mean to x.
        return (a, b - 2 * a * mean, a * mean * mean - b * mean + c)
    }
}
