/// What a worker process says to its parent, one JSON line each; the parent's requests are
/// `PageReference`s, one a line.
enum WorkerMessage: Codable {
    /// The worker's engines started; it reads requests now.
    case ready
    /// The worker could not start its engines; the run stops with `status`.
    case setupFailed(message: String, status: Int32)
    /// The record for the page just requested, with its keyword counts (which records do not carry).
    case record(PageRecord, keywordCounts: [String: Int])
}
