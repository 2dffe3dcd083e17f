internal import CLeptonica

/// Drawing on an image in place, for debug images.
extension PixImage {
    /// Draws the polygon through `points` (closed unless `closed` is false) in colour (`red`, `green`,
    /// `blue`), `lineWidth` pixels wide, onto this 32-bit image; false when Leptonica could not.
    @discardableResult
    package func drawPolygon(
        _ points: PointArray, lineWidth: Int, red: UInt8, green: UInt8, blue: UInt8, closed: Bool = true
    ) -> Bool {
        points.withUnsafePoints { points in
            withUnsafePix { pixRenderPolylineArb($0, points, Int32(lineWidth), red, green, blue, closed ? 1 : 0) } == 0
        }
    }
}
