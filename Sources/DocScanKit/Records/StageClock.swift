import DocScanCore

/// Measures one page's stages as they run: wall-clock and CPU milliseconds of each, on the thread that
/// reads the page.
///
/// CPU time says what a stage costs when pages run side by side and wall time stretches with the load.
struct StageClock {
    private(set) var wall = StageTimings()
    private(set) var cpu = StageTimings()
    private var watch = Stopwatch()
    private let page = Stopwatch()

    /// Runs `body` as `stage`, timing it also when it throws, so a failed page's record shows where the
    /// time went. A stage run twice (a page read again turned) adds up.
    mutating func time<Result>(_ stage: WritableKeyPath<StageTimings, Double?>, _ body: () throws -> Result) rethrows -> Result {
        _ = watch.laps()
        defer {
            let (wallTime, cpuTime) = watch.laps()
            wall[keyPath: stage] = (wall[keyPath: stage] ?? 0) + wallTime
            cpu[keyPath: stage] = (cpu[keyPath: stage] ?? 0) + cpuTime
        }
        return try body()
    }

    /// Sets the totals: the whole page so far, from the clock's creation.
    mutating func finish() {
        wall.total = page.elapsed
        cpu.total = page.cpuElapsed
    }
}
