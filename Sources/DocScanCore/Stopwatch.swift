import Dispatch

/// Time between points of a run's or a page's work, on the monotonic clock.
public struct Stopwatch: Sendable {
    private var start = DispatchTime.now().uptimeNanoseconds

    public init() {}

    /// Milliseconds since creation.
    public var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }

    /// Seconds since creation.
    public var seconds: Double { elapsed / 1000 }

    /// Milliseconds since creation or the previous lap, and starts the next lap.
    public mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { start = now }
        return Double(now - start) / 1_000_000
    }
}
