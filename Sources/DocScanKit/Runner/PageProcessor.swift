import DocScanCore

/// What each of the runner's workers reads its pages with: the pipeline in this process, or one in a
/// child process (`IsolatedPageProcessor`).
protocol PageProcessor: AnyObject {
    /// The record for `page`; a page that fails gets a record with its error, never a thrown error.
    func process(_ page: PageReference) -> PageRecord
    /// The most memory the processor's child processes held, in bytes; 0 when it has none.
    var childPeakMemory: Int { get }
}

extension PagePipeline: PageProcessor {
    var childPeakMemory: Int { 0 }
}
