/// How pages are kept apart from the run: each worker reads its pages in a child process that the
/// parent restarts when it crashes, stops when it hangs, and kills when it takes too much memory.
///
/// A segmentation fault in Tesseract or Leptonica, or a decoder allocating without end, then costs the
/// page it happened on, not the run and not the records already written.
public struct WorkerIsolation: Sendable {
    /// The executable (an absolute path) and arguments that start a worker: it reads `PageReference`
    /// JSON lines on standard input and answers with `WorkerMessage` lines (`PageWorker.serve`).
    public var command: [String]
    /// Resident bytes a worker may hold; past it the worker is killed and its page gets an
    /// `out_of_memory` error. nil for no limit.
    public var memoryLimit: Int?
    /// Seconds a worker gets to start its engines.
    public var startupLimit: Double = 120

    public init(command: [String], memoryLimit: Int?) {
        self.command = command
        self.memoryLimit = memoryLimit
    }

    /// When the parent gives up on a page that the worker does not answer: the page limit plus a
    /// margin, because the worker stops an ordinary slow page itself at the limit and answers.
    public static func watchdogLimit(pageTimeout: Double) -> Double {
        pageTimeout * 1.1 + 5
    }
}
