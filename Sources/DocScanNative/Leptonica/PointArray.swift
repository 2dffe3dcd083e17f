internal import CLeptonica

/// Owns one Leptonica `PTA`: a list of points, for warping and drawing.
package final class PointArray {
    private let pta: UnsafeMutablePointer<PTA>

    /// The points in order; nil when Leptonica cannot allocate them.
    package init?(_ points: [(x: Double, y: Double)]) {
        guard let pta = ptaCreate(Int32(points.count)) else { return nil }
        self.pta = pta
        for point in points { ptaAddPt(pta, Float(point.x), Float(point.y)) }
    }

    deinit {
        var owned: UnsafeMutablePointer<PTA>? = pta
        ptaDestroy(&owned)
    }

    /// Lends the handle for one C call; it must not be kept or freed.
    func withUnsafePoints<Result>(_ body: (UnsafeMutablePointer<PTA>) throws -> Result) rethrows -> Result {
        try body(pta)
    }
}

/// A `PTA` is reference counted without locks, like every Leptonica object.
@available(*, unavailable)
extension PointArray: Sendable {}
