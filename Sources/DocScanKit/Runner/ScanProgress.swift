import DocScanCore
import Foundation

/// Where a run stands; reported after every page written.
public struct ScanProgress: Sendable {
    public var done: Int
    public var total: Int
    public var failed: Int
    /// Seconds since the first page started.
    public var elapsed: Double
    /// The page just written.
    public var last: PageReference?
    /// Its error, when it failed.
    public var lastError: PageError?

    /// Pages per minute so far.
    public var pagesPerMinute: Double { elapsed > 0 ? Double(done) / elapsed * 60 : 0 }

    /// Seconds left at the current rate; nil before the first page.
    public var remaining: Double? {
        guard done > 0 else { return nil }
        return elapsed / Double(done) * Double(total - done)
    }
}
