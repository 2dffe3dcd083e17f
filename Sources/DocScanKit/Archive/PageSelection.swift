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

    /// Only the page with this archive id.
    public var id: Int64?
    /// Only pages that failed.
    public var onlyFailed = false
    /// At most this many pages, the first in order.
    public var limit: Int?

    /// Every page.
    public static let all = PageSelection()

    public init(
        folder: String? = nil, root: String? = nil, sources: Set<String>? = nil, id: Int64? = nil,
        onlyFailed: Bool = false, limit: Int? = nil
    ) {
        self.folder = folder
        self.root = root
        self.sources = sources
        self.id = id
        self.onlyFailed = onlyFailed
        self.limit = limit
    }
}

/// A page as lists show it, without its record: for a file's other pages and the failed pages.
public struct PageSummary: Equatable, Sendable, Codable {
    public var id: Int64
    public var root: String
    public var source: String
    public var page: Int
    public var pageCount: Int
    /// Absolute path of the file when it was scanned.
    public var path: String
    /// Why the page failed (`kind: message`); nil when it was read.
    public var error: String?
    /// When the page was written into the archive (ISO 8601).
    public var archivedAt: String

    public init(id: Int64, root: String, source: String, page: Int, pageCount: Int, path: String, error: String?, archivedAt: String) {
        self.id = id
        self.root = root
        self.source = source
        self.page = page
        self.pageCount = pageCount
        self.path = path
        self.error = error
        self.archivedAt = archivedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, root, source, page, pageCount = "page_count", path, error, archivedAt = "archived_at"
    }
}

/// A keyword and on how many pages of a root it is.
public struct KeywordFrequency: Equatable, Sendable, Codable {
    public var keyword: String
    public var pages: Int

    public init(keyword: String, pages: Int) {
        self.keyword = keyword
        self.pages = pages
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
