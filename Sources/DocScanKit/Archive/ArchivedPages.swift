import Foundation
import GRDB

/// One archived page as exports see it: its record, keywords ranked over the pages of its root.
public struct ArchivedPage: Sendable {
    /// The folder (or file) it was scanned from.
    public var root: String
    /// Absolute path of the file.
    public var path: String
    public var record: PageRecord
}

/// Reads archived pages in order (root, file, page) from one consistent snapshot of the archive.
public struct ArchivedPages: Sendable {
    public let archive: Archive

    public init(archive: Archive) {
        self.archive = archive
    }

    /// The roots of the pages at or under `folder`, or of all pages.
    public func roots(folder: String? = nil) throws -> [String] {
        let (condition, arguments) = Self.condition(folder: folder)
        return try archive.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT root FROM page \(condition) ORDER BY root", arguments: arguments)
        }
    }

    private static func condition(folder: String?) -> (String, StatementArguments) {
        guard let folder else { return ("", []) }
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return ("WHERE path = ? OR path LIKE ? ESCAPE '\\'",
                [trimmed, ArchiveSearch.likePattern(prefix: trimmed == "/" ? "/" : trimmed + "/")])
    }

    /// Calls `body` with every page at or under `folder` (an absolute path), or every page.
    /// - Throws: `DocScanError.archiveUnusable` for a record that cannot be read, or `body`'s error.
    public func forEach(folder: String? = nil, _ body: (ArchivedPage) throws -> Void) throws {
        let (condition, arguments) = Self.condition(folder: folder)
        let decoder = JSONDecoder()
        try archive.read { db in
            var rankers: [String: KeywordRanker] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, root, path, record FROM page \(condition) ORDER BY root, source, page", arguments: arguments)
            while let row = try rows.next() {
                let id: Int64 = row["id"]
                let root: String = row["root"]
                let json: String = row["record"]
                var record: PageRecord
                do {
                    record = try decoder.decode(PageRecord.self, from: Data(json.utf8))
                } catch {
                    throw DocScanError.archiveUnusable(path: archive.path, reason: "page \(id) has an unreadable record: \(error)")
                }
                if rankers[root] == nil { rankers[root] = try ArchiveRanking.ranker(root: root, in: db) }
                let keywordRows = try Row.fetchAll(
                    db, sql: "SELECT keyword, count FROM keyword WHERE page_id = ? ORDER BY rank", arguments: [id])
                let keywords: [String] = keywordRows.map { $0["keyword"] }
                let counts: [Int] = keywordRows.map { $0["count"] }
                record.keywords = rankers[root]?.ranked(keywords, counts: counts) ?? keywords
                record.keywordString = record.keywords.joined(separator: " ")
                record.keywordCounts = Dictionary(zip(keywords, counts), uniquingKeysWith: { first, _ in first })
                try body(ArchivedPage(root: root, path: row["path"], record: record))
            }
        }
    }
}
