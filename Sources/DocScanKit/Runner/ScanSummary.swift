import DocScanCore

/// How a run ended.
public struct ScanSummary: Sendable {
    /// Pages listed for the run.
    public var total: Int
    /// Records written (successful and failed pages).
    public var written: Int
    /// Pages whose record carries an error, with the reason.
    public var failures: [(page: String, error: PageError)]
    /// Files skipped because they are not page images.
    public var skipped: [String]
    /// Pages read with little confidence in a script none of the run's languages reads, with the script
    /// OSD named (`ForeignScript`): their records' warnings say what to scan them with.
    public var foreignScripts: [(page: String, script: String)] = []
    public var elapsed: Double
    /// True when the run was cancelled before every page was written.
    public var interrupted: Bool
    /// Peak resident memory of the run, in bytes: this process's, or with worker processes the most they
    /// and this process held together at one of the readings taken every tenth of a second while they
    /// read pages (`MemoryTally`), and never less than one process's own peak.
    public var peakMemory: Int = 0
    /// This process's peak resident memory, in bytes.
    public var mainPeakMemory: Int = 0
    /// The largest peak of a worker process, in bytes; 0 without worker processes.
    public var workerPeakMemory: Int = 0

    public var succeeded: Int { written - failures.count }

    /// The exit status this outcome calls for.
    public var exitStatus: ExitStatus {
        if interrupted { return .interrupted }
        return failures.isEmpty ? .ok : .somePagesFailed
    }
}
