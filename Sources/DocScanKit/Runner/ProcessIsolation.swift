import DocScanCore

/// How pages are kept apart from the run: each of the runner's workers reads its pages in a child process that the
/// parent restarts when it crashes, stops when it hangs, and kills when it takes too much memory.
///
/// A segmentation fault in Tesseract or Leptonica, or a decoder allocating without end, then costs the
/// page it happened on, not the run and not the records already written.
public struct ProcessIsolation: Sendable {
    /// The executable (an absolute path) and arguments that start a child process: it reads `PageReference`
    /// JSON lines on standard input and answers with `ChildProcessMessage` lines (`ChildProcessMain.run`).
    public var command: [String]
    /// Resident bytes a child process may hold; past it the child is killed and its page gets an
    /// `out_of_memory` error. nil for no limit.
    public var memoryLimit: Int?
    /// Seconds a child process gets to start its engines.
    public var startupLimit: Double = 120

    public init(command: [String], memoryLimit: Int?) {
        self.command = command
        self.memoryLimit = memoryLimit
    }

    /// When the parent gives up on a page that the child does not answer: the page limit plus a
    /// margin, because the child stops an ordinary slow page itself at the limit and answers.
    public static func watchdogLimit(pageTimeout: Double) -> Double {
        pageTimeout * 1.1 + 5
    }
}
