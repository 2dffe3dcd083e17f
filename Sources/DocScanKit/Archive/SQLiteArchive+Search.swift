import DocScanCore
import Foundation
import GRDB

/// bm25-ranked full-text search; queries are segmented like the pages (`IndexText`), and keyword
/// matches weigh twice as much as text matches.
extension SQLiteArchive {
    public func search(_ query: ArchiveQuery) throws -> [SearchHit] {
        let match = try IndexText.match(for: query.text)
        var conditions = ["page_fts MATCH ?"]
        var arguments: StatementArguments = [query.marks.0, query.marks.1, match]
        if let folder = query.folder.map(FolderFilter.init) {
            conditions.append("(page.path = ? OR page.path LIKE ? ESCAPE '\\')")
            arguments += [folder.exact, folder.likePattern]
        }
        if let root = query.root {
            conditions.append("page.root = ?")
            arguments += [root]
        }
        if let language = query.language {
            conditions.append("instr('+' || page.languages || '+', ?) > 0")
            arguments += ["+\(language)+"]
        }
        arguments += [query.limit, max(0, query.offset)]
        return try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT page.id, page.path, page.root, page.source, page.page, page.page_count, page.languages,
                       page.mode, page.archived_at, -bm25(page_fts, 1.0, 2.0) AS score,
                       snippet(page_fts, 0, ?, ?, '…', 20) AS snippet
                FROM page_fts JOIN page ON page.id = page_fts.rowid
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY score DESC, page.path, page.page
                LIMIT ? OFFSET ?
                """, arguments: arguments)
            var rootPages: [String: Int] = [:]
            return try rows.map { row in
                let root: String = row["root"]
                if rootPages[root] == nil { rootPages[root] = try SQLiteKeywordRanking.pageCount(root: root, in: db) }
                let languages: String = row["languages"]
                let modeName: String = row["mode"]
                return SearchHit(
                    id: row["id"], path: row["path"], root: row["root"], source: row["source"], page: row["page"],
                    pageCount: row["page_count"], languages: languages.split(separator: "+").map(String.init),
                    mode: ScanMode(rawValue: modeName) ?? .accurate, score: row["score"], snippet: row["snippet"],
                    keywords: Array(try SQLiteKeywordRanking.keywords(ofPage: row["id"], root: root, rootPages: rootPages[root], in: db).prefix(query.keywordLimit)),
                    archivedAt: row["archived_at"])
            }
        }
    }
}
