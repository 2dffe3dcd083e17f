@testable import DocScanKit
import Testing

struct MemoryTallyTests {
    /// Two workers whose peaks came at different moments: the run held at most what one reading adds up
    /// (300 + 200 MB and this process), not the sum of the peaks (310 + 260 MB and this process).
    @Test func reportsWhatTheProcessesHeldAtOnceNotTheSumOfTheirPeaks() {
        let tally = MemoryTally()
        tally.sample(worker: 0, resident: 300_000_000)
        tally.sample(worker: 1, resident: 200_000_000)
        tally.sample(worker: 0, resident: 100_000_000)
        tally.workerFinished(worker: 0, childPeak: 310_000_000)
        // Worker 0's child is gone: its last reading no longer counts.
        tally.sample(worker: 1, resident: 260_000_000)
        tally.workerFinished(worker: 1, childPeak: 260_000_000)

        var summary = ScanSummary(total: 0, written: 0, failures: [], skipped: [], elapsed: 0, interrupted: false)
        tally.fill(&summary)
        #expect(summary.workerPeakMemory == 310_000_000)
        #expect(summary.mainPeakMemory > 0)
        #expect(summary.peakMemory > 500_000_000)
        #expect(summary.peakMemory <= 500_000_000 + summary.mainPeakMemory)
    }

    /// Readings can miss a short peak; one process's own peak is a floor.
    @Test func neverReportsLessThanOneProcessPeak() {
        let tally = MemoryTally()
        tally.sample(worker: 0, resident: 1_000_000)
        tally.workerFinished(worker: 0, childPeak: 900_000_000)
        var summary = ScanSummary(total: 0, written: 0, failures: [], skipped: [], elapsed: 0, interrupted: false)
        tally.fill(&summary)
        // This process's own peak counts too (the test process, running every suite, can pass 900 MB),
        // and so does the reading: this process's resident memory at that moment plus the worker's 1 MB,
        // which is over this process's peak by at most that 1 MB when the reading came at its peak.
        #expect(summary.peakMemory >= max(900_000_000, summary.mainPeakMemory))
        #expect(summary.peakMemory <= max(900_000_000, summary.mainPeakMemory + 1_000_000))
    }

    /// Pages read on threads of this process: its own peak.
    @Test func withoutWorkerProcessesIsThisProcessPeak() {
        var summary = ScanSummary(total: 0, written: 0, failures: [], skipped: [], elapsed: 0, interrupted: false)
        MemoryTally().fill(&summary)
        #expect(summary.peakMemory == summary.mainPeakMemory)
        #expect(summary.workerPeakMemory == 0)
    }
}
