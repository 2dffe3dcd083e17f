/// Milliseconds spent in each stage of one page; nil for a stage that did not run.
public struct StageTimings: Codable, Equatable, Sendable {
    /// Hashing the file (the source stage's per-page work).
    public var source: Double?
    public var load: Double?
    public var orient: Double?
    public var cleanup: Double?
    public var recognize: Double?
    public var keywords: Double?
    /// The whole page, from the worker picking it up to its result.
    public var total: Double?

    public init() {}
}
