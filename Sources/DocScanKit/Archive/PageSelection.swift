/// Which archived pages an export, a listing or a re-scan's records file reads: all of them, those of
/// files at or under a folder on this machine, those kept under one root (a collection name or a
/// scanned folder), or some files of one root.
public struct PageSelection: Equatable, Sendable {
    /// Only pages of files at or under this absolute path.
    public var folder: String?
    /// Only pages kept under this root: a collection name, or a scanned folder's path.
    public var root: String?
    /// Only these files (paths relative to `root`), for a shard that must not read millions of other
    /// files' pages; ignored without `root`.
    public var sources: Set<String>?

    /// Every page.
    public static let all = PageSelection()

    public init(folder: String? = nil, root: String? = nil, sources: Set<String>? = nil) {
        self.folder = folder
        self.root = root
        self.sources = sources
    }
}

/// Pages ok and failed under one root, counted by the archive, for `docscan archive status`.
public struct RootPageCount: Equatable, Sendable {
    public var root: String
    public var ok: Int
    public var failed: Int

    public init(root: String, ok: Int, failed: Int) {
        self.root = root
        self.ok = ok
        self.failed = failed
    }
}
