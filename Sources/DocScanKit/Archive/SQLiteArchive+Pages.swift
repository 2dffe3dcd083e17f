import DocScanCore
import DocScanKeywords
import Foundation
import GRDB

/// Archived pages in order (root, file, page), read from one consistent snapshot of the archive.
extension SQLiteArchive {
    public func roots(_ selection: PageSelection) throws -> [String] {
        let (condition, arguments) = try Self.condition(selection)
        return try read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT root FROM page \(condition) ORDER BY root", arguments: arguments)
        }
    }

    public func forEachPage(_ selection: PageSelection, _ body: (ArchivedPage) throws -> Void) throws {
        let (condition, arguments) = try Self.condition(selection)
        let decoder = JSONDecoder()
        try read { db in
            var rankers: [String: KeywordRanker] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, root, path, record, archived_at FROM page \(condition) ORDER BY root, source, page \(Self.limit(selection))",
                arguments: arguments)
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
                let keywordRows = try Row.fetchAll(
                    db, sql: "SELECT keyword, count FROM keyword WHERE page_id = ? ORDER BY rank", arguments: [id])
                let keywords: [String] = keywordRows.map { $0["keyword"] }
                let counts: [Int] = keywordRows.map { $0["count"] }
                if selection.id != nil {
                    // One page (the server's page view): its own keywords' frequencies, not the whole root's.
                    record.keywords = try SQLiteKeywordRanking.ranked(keywords, counts: counts, root: root, in: db)
                } else {
                    if rankers[root] == nil { rankers[root] = try SQLiteKeywordRanking.ranker(root: root, in: db) }
                    record.keywords = rankers[root]?.ranked(keywords, counts: counts) ?? keywords
                }
                record.keywordString = record.keywords.joined(separator: " ")
                record.keywordCounts = Dictionary(zip(keywords, counts), uniquingKeysWith: { first, _ in first })
                try body(ArchivedPage(root: root, path: row["path"], record: record, id: id, archivedAt: row["archived_at"]))
            }
        }
    }

    public func pageCounts() throws -> [RootPageCount] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT root, count(*) - count(error_kind) AS ok, count(error_kind) AS failed FROM page GROUP BY root ORDER BY root
                """).map { RootPageCount(root: $0["root"], ok: $0["ok"], failed: $0["failed"]) }
        }
    }

    public func summaries(_ selection: PageSelection) throws -> [PageSummary] {
        let (condition, arguments) = try Self.condition(selection)
        return try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, root, source, page, page_count, path, error_kind, error_message, archived_at FROM page \(condition)
                ORDER BY root, source, page \(Self.limit(selection))
                """, arguments: arguments).map { row in
                let kind: String? = row["error_kind"], message: String? = row["error_message"]
                return PageSummary(
                    id: row["id"], root: row["root"], source: row["source"], page: row["page"], pageCount: row["page_count"],
                    path: row["path"], error: kind.map { "\($0): \(message ?? "")" }, archivedAt: row["archived_at"])
            }
        }
    }

    public func frequentKeywords(root: String, maxShare: Double, limit: Int) throws -> [KeywordFrequency] {
        try read { db in
            let pages = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM page WHERE root = ? AND error_kind IS NULL", arguments: [root]) ?? 0
            return try Row.fetchAll(db, sql: """
                SELECT keyword, pages FROM keyword_df WHERE root = ? AND pages <= ? ORDER BY pages DESC, keyword LIMIT ?
                """, arguments: [root, max(1, Int(Double(pages) * maxShare)), limit]).map {
                KeywordFrequency(keyword: $0["keyword"], pages: $0["pages"])
            }
        }
    }

    public func documentFrequencies(root: String, of keywords: [String]) throws -> [String: Int] {
        guard !keywords.isEmpty else { return [:] }
        return try read { db in try SQLiteKeywordRanking.documentFrequencies(root: root, of: keywords, in: db) }
    }

    private static func limit(_ selection: PageSelection) -> String {
        selection.limit.map { "LIMIT \(max(0, $0))" } ?? ""
    }

    /// The pages of `selection`; a file list goes as one JSON array, not one bound value per file.
    private static func condition(_ selection: PageSelection) throws -> (String, StatementArguments) {
        var clauses: [String] = []
        var arguments: StatementArguments = []
        if let folder = selection.folder.map(FolderFilter.init) {
            clauses.append(#"(path = ? OR path LIKE ? ESCAPE '\')"#)
            arguments += [folder.exact, folder.likePattern]
        }
        if let root = selection.root {
            clauses.append("root = ?")
            arguments += [root]
            if let sources = selection.sources {
                clauses.append("source IN (SELECT value FROM json_each(?))")
                arguments += [String(decoding: try JSONEncoder().encode(sources.sorted()), as: UTF8.self)]
            }
        }
        if let id = selection.id {
            clauses.append("id = ?")
            arguments += [id]
        }
        if selection.onlyFailed { clauses.append("error_kind IS NOT NULL") }
        return (clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND "), arguments)
    }
}
