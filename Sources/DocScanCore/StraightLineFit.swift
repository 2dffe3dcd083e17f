/// The least-squares straight line through a set of points, y = meanY + slope · (x − meanX): how a
/// traced side or a line of print runs, and how far each point strays from it.
public struct StraightLineFit: Sendable {
    public let meanX: Double
    public let meanY: Double
    /// Nil when every point has the same x (no run to fit a slope to).
    public let slope: Double?

    /// The line through `points`; nil when there are none.
    public init?(_ points: [(x: Double, y: Double)]) {
        guard !points.isEmpty else { return nil }
        let count = Double(points.count)
        let meanX = points.map(\.x).reduce(0, +) / count, meanY = points.map(\.y).reduce(0, +) / count
        let spread = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        self.meanX = meanX
        self.meanY = meanY
        slope = spread > 0 ? points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +) / spread : nil
    }

    /// How far `point` lies below the line (negative: above); a line without a slope is level.
    public func offset(of point: (x: Double, y: Double)) -> Double {
        point.y - meanY - (slope ?? 0) * (point.x - meanX)
    }
}
