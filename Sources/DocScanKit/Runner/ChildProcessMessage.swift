import DocScanCore

/// What a child process says to its parent, one JSON line each; the parent's requests are
/// `PageReference`s, one a line.
enum ChildProcessMessage: Codable {
    /// The child's engines started; it reads requests now.
    case ready
    /// The child could not start its engines; the parent stops the run with the same error, so a
    /// damaged model reads the same with worker processes and without.
    case setupFailed(DocScanError)
    /// The record for the page just requested, without keywords: the parent extracts them.
    case record(PageRecord)
}
