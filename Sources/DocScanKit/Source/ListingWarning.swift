/// Something a walk of the scanned folder found that a person should know, naming its entry: a broken
/// link, a link out of the root, a FIFO or device, a name that is not UTF-8.
///
/// The entry is kept apart from the message so a shard can keep only its own entries' warnings.
public struct ListingWarning: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The entry, relative to the root (as listed, when a file list named something outside it).
    public let entry: String
    /// What is wrong, and what was done about it.
    public let problem: String
    /// Whether the entry was left out of the scan; false for an entry read despite the warning.
    public let skipped: Bool

    public init(_ entry: String, _ problem: String, skipped: Bool = true) {
        self.entry = entry
        self.problem = problem
        self.skipped = skipped
    }

    public var description: String { "\(entry): \(problem)" }

    public static func < (a: ListingWarning, b: ListingWarning) -> Bool { a.description < b.description }
}
