import DocScanNative
import Synchronization

/// The run's memory for its summary: the most resident in docscan and its worker processes at once, and
/// each worker process's own peak.
///
/// Each process's peak (`VmHWM`) is exact, but the main process's and the workers' peaks need not come
/// at the same moment, so their sum overstates what the run held (`make scan`: 442 MB summed, where the
/// summed memory sampled every 10 ms from outside never passed 409 MB). The tally adds up what they
/// hold at each reading instead: the parent of a worker process reads its resident memory every tenth of
/// a second while it reads a page (the watch behind `--page-memory-limit`), and each reading is added to
/// this process's and the other workers' latest. A peak shorter than a tenth of a second can fall
/// between readings; the summary never reports less than the largest single process's peak.
final class MemoryTally: Sendable {
    private struct State {
        /// Each runner worker's child process's latest reading; 0 once it is gone.
        var resident: [Int: Int] = [:]
        var together = 0
        var childPeaks: [Int] = []
    }

    private let state = Mutex(State())

    /// Notes that runner worker `worker`'s child process holds `bytes` now.
    func sample(worker: Int, resident bytes: Int) {
        let main = ProcessMemory().resident
        state.withLock { state in
            state.resident[worker] = bytes
            state.together = max(state.together, main + state.resident.values.reduce(0, +))
        }
    }

    /// Keeps the peak of a runner worker's child processes, once it has finished.
    func workerFinished(worker: Int, childPeak: Int) {
        state.withLock { state in
            state.resident[worker] = 0
            if childPeak > 0 { state.childPeaks.append(childPeak) }
        }
    }

    /// The figures for `summary`, with this process's peak read now.
    func fill(_ summary: inout ScanSummary) {
        let main = ProcessMemory().peak
        let (together, childPeaks) = state.withLock { ($0.together, $0.childPeaks) }
        summary.mainPeakMemory = main
        summary.workerPeakMemory = childPeaks.max() ?? 0
        summary.peakMemory = max(together, main, summary.workerPeakMemory)
    }
}
