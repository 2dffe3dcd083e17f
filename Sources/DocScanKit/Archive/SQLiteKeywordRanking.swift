import DocScanKeywords
import Foundation
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
        return try ranked(rows.map { $0["keyword"] }, counts: rows.map { $0["count"] }, root: root, rootPages: rootPages, in: db)
    }

    /// `keywords` (one page's, with their `counts` on it) ranked against the document frequencies of
    /// `root`, reading only theirs.
    static func ranked(_ keywords: [String], counts: [Int], root: String, rootPages: Int? = nil, in db: Database) throws -> [String] {
        guard keywords.count > 1 else { return keywords }
        let frequency = try documentFrequencies(root: root, of: keywords, in: db)
        let pages = try rootPages ?? pageCount(root: root, in: db)
        return KeywordRanker(documentFrequency: frequency, pageCount: pages).ranked(keywords, counts: counts)
    }

    /// On how many pages of `root` each of `keywords` is; the list goes as one JSON array, which
    /// SQLite's limit on bound parameters does not reach.
    static func documentFrequencies(root: String, of keywords: [String], in db: Database) throws -> [String: Int] {
        let list = String(decoding: try JSONEncoder().encode(keywords), as: UTF8.self)
        var frequencies: [String: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT keyword, pages FROM keyword_df WHERE root = ? AND keyword IN (SELECT value FROM json_each(?))
            """, arguments: [root, list])
        while let row = try rows.next() { frequencies[row["keyword"]] = row["pages"] }
        return frequencies
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
