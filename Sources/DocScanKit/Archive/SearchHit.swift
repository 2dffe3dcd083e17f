import DocScanCore
import Foundation

/// One page found by a search.
public struct SearchHit: Codable, Equatable, Sendable {
    /// The page's id in the archive (`docscan serve` links to `/pages/ID`).
    public var id: Int64
    /// Absolute path of the file.
    public var path: String
    /// The folder (or file) the page was scanned from, and the file's path relative to it.
    public var root: String
    public var source: String
    public var page: Int
    public var pageCount: Int
    public var languages: [String]
    public var mode: ScanMode
    /// SQLite's bm25 score, negated so that higher is better.
    public var score: Double
    /// Text around the matches, the matched words between the caller's markers.
    public var snippet: String
    /// The page's keywords, ranked by tf-idf over the pages of its root, at most `keywordLimit`.
    public var keywords: [String]
    /// When the page was written into the archive (ISO 8601).
    public var archivedAt: String

    enum CodingKeys: String, CodingKey {
        case id, path, root, source, page, pageCount = "page_count", languages, mode, score, snippet, keywords, archivedAt = "archived_at"
    }
}
