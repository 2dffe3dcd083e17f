import DocScanKeywords
import GRDB

/// Keywords in tf-idf order over the pages of a root, computed when they are read: the archive
/// stores each page's keywords in first-seen order with their counts, and document frequencies in
/// `keyword_df`, so a page added later changes every page's ranking without rewriting them.
enum SQLiteKeywordRanking {
    /// One page's keywords, ranked against the document frequencies of its root, which has
    /// `rootPages` pages read (counted when nil: 20 ms on 10,000 pages, so a search counts once).
    static func keywords(ofPage id: Int64, root: String, rootPages: Int? = nil, in db: Database) throws -> [String] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT keyword, count FROM keyword WHERE page_id = ? ORDER BY rank", arguments: [id])
        guard rows.count > 1 else { return rows.map { $0["keyword"] } }
        let keywords: [String] = rows.map { $0["keyword"] }
        let counts: [Int] = rows.map { $0["count"] }
        var frequency: [String: Int] = [:]
        // Chunks keep under SQLite's limit on bound parameters.
        for start in stride(from: 0, to: keywords.count, by: 500) {
            let chunk = Array(keywords[start..<min(start + 500, keywords.count)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let found = try Row.fetchAll(db, sql: """
                SELECT keyword, pages FROM keyword_df WHERE root = ? AND keyword IN (\(marks))
                """, arguments: StatementArguments([root] + chunk))
            for row in found { frequency[row["keyword"]] = row["pages"] }
        }
        let pages = try rootPages ?? pageCount(root: root, in: db)
        return KeywordRanker(documentFrequency: frequency, pageCount: pages).ranked(keywords, counts: counts)
    }

    /// A ranker holding the document frequencies of every keyword of `root`'s pages.
    static func ranker(root: String, in db: Database) throws -> KeywordRanker {
        var frequency: [String: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT keyword, pages FROM keyword_df WHERE root = ?", arguments: [root])
        while let row = try rows.next() { frequency[row["keyword"]] = row["pages"] }
        return KeywordRanker(documentFrequency: frequency, pageCount: try pageCount(root: root, in: db))
    }

    static func pageCount(root: String, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM page WHERE root = ? AND error_kind IS NULL", arguments: [root]) ?? 0
    }
}
