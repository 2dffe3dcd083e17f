import DocScanCore
import DocScanKeywords
import Foundation
import GRDB

/// Archived pages in order (root, file, page), read from one consistent snapshot of the archive.
extension SQLiteArchive {
    public func roots(under folder: String?) throws -> [String] {
        let (condition, arguments) = Self.condition(folder: folder)
        return try read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT root FROM page \(condition) ORDER BY root", arguments: arguments)
        }
    }

    public func forEachPage(under folder: String?, _ body: (ArchivedPage) throws -> Void) throws {
        let (condition, arguments) = Self.condition(folder: folder)
        let decoder = JSONDecoder()
        try read { db in
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
                    throw DocScanError.archiveUnusable(path: path, reason: "page \(id) has an unreadable record: \(error)")
                }
                if rankers[root] == nil { rankers[root] = try SQLiteKeywordRanking.ranker(root: root, in: db) }
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

    /// The pages of files at or under `folder`: the file itself, or paths below it.
    private static func condition(folder: String?) -> (String, StatementArguments) {
        guard let filter = folder.map(FolderFilter.init) else { return ("", []) }
        return ("WHERE path = ? OR path LIKE ? ESCAPE '\\'", [filter.exact, filter.likePattern])
    }
}
