@testable import DocScanNative
import Testing

/// A text line's course, followed piece by piece (`LineCourse`), against the one parabola Leptonica fits.
struct LineCourseTests {
    /// A line flat for most of its length that drops 24 px over its first tenth, as a sheet lifted at one
    /// edge bends it, with a descender every 37 px pulling single columns 9 px down.
    private func kinkedLine(width: Int = 1200) -> (points: [(x: Double, y: Double)], truth: (Double) -> Double) {
        let truth = { (x: Double) -> Double in x < 120 ? 500 + 24 * (1 - x / 120) * (1 - x / 120) : 500 }
        let points = (0..<width).map { column -> (x: Double, y: Double) in
            let x = Double(column)
            return (x, truth(x) + (column % 37 == 0 ? 9 : 0))
        }
        return (points, truth)
    }

    @Test func aLineBentAtOneEndIsFollowedWhereAParabolaIsNot() throws {
        let (points, truth) = kinkedLine()
        let columns = stride(from: 0.0, through: 1199, by: 30).map { $0 }
        let course = try #require(LineCourse(points: points, columns: columns, reach: 40))
        let parabola = try #require(LineCourse.parabola(points))
        let courseError = zip(columns, course.heights).map { abs($1 - truth($0)) }.max() ?? .infinity
        let parabolaError = columns.map { abs(parabola.c2 * $0 * $0 + parabola.c1 * $0 + parabola.c0 - truth($0)) }.max() ?? 0
        // The course stays within 2.5 px of the line everywhere (the descenders and the sharpest part of
        // the bend cost a little); the parabola misses it by more than three times that.
        #expect(courseError <= 2.5, "course off by \(courseError) px")
        #expect(parabolaError >= 3 * courseError, "parabola off by \(parabolaError) px")
    }

    /// Beyond a line's ends the course continues the line's parabola from where the line ends, without
    /// a jump.
    @Test func beyondItsEndsTheLineContinuesItsParabola() throws {
        let truth = { (x: Double) -> Double in 300 + 0.0001 * (x - 600) * (x - 600) }
        let points = (200..<1000).map { column -> (x: Double, y: Double) in (Double(column), truth(Double(column))) }
        let course = try #require(LineCourse(points: points, columns: [0, 100, 200, 600, 1000, 1100], reach: 40))
        for (x, height) in zip([0.0, 100, 200, 600, 1000, 1100], course.heights) {
            #expect(abs(height - truth(x)) <= 0.5, "at \(x): \(height), expected \(truth(x))")
        }
        #expect(abs(course.curvature - 0.0001) < 1e-7)
    }

    @Test func tooFewPointsMakeNoCourse() {
        #expect(LineCourse(points: [(0, 0), (1, 1)], columns: [0], reach: 10) == nil)
        #expect(LineCourse(points: [(5, 0), (5, 1), (5, 2)], columns: [0], reach: 10) == nil)
    }
}
