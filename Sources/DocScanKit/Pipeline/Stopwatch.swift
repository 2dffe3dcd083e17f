import Dispatch

/// Milliseconds between points of a page's work, on the monotonic clock.
struct Stopwatch {
    private var start = DispatchTime.now().uptimeNanoseconds

    /// Milliseconds since creation.
    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }

    /// Milliseconds since creation or the previous lap, and starts the next lap.
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { start = now }
        return Double(now - start) / 1_000_000
    }
}
