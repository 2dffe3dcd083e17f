import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Time between points of a run's or a page's work: wall time on the monotonic clock, and the CPU time
/// of the thread that created the stopwatch.
///
/// The CPU time is that thread's alone (a page is read on one thread, and libgomp is held to one), so a
/// stopwatch is read on the thread that made it; elsewhere its CPU figures mean nothing.
public struct Stopwatch: Sendable {
    private var start = DispatchTime.now().uptimeNanoseconds
    private var cpuStart = Self.threadCPUNanoseconds()

    public init() {}

    /// Milliseconds since creation.
    public var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }

    /// CPU milliseconds this thread used since creation.
    public var cpuElapsed: Double { Double(Self.threadCPUNanoseconds() &- cpuStart) / 1_000_000 }

    /// Seconds since creation.
    public var seconds: Double { elapsed / 1000 }

    /// Milliseconds since creation or the previous lap, and starts the next lap.
    public mutating func lap() -> Double {
        laps().wall
    }

    /// Wall and CPU milliseconds since creation or the previous lap, and starts the next lap.
    public mutating func laps() -> (wall: Double, cpu: Double) {
        let now = DispatchTime.now().uptimeNanoseconds, cpuNow = Self.threadCPUNanoseconds()
        defer { (start, cpuStart) = (now, cpuNow) }
        return (Double(now - start) / 1_000_000, Double(cpuNow &- cpuStart) / 1_000_000)
    }

    /// The calling thread's CPU time (user and system), or 0 where the clock cannot be read.
    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
