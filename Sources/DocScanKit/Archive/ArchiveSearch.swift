import Foundation
import GRDB

/// One page found by a search.
public struct SearchHit: Codable, Equatable, Sendable {
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

    enum CodingKeys: String, CodingKey {
        case path, root, source, page, pageCount = "page_count", languages, mode, score, snippet, keywords
    }
}

/// bm25-ranked full-text search over an archive; queries are segmented like the pages (`IndexText`).
public struct ArchiveSearch: Sendable {
    public let archive: Archive

    public init(archive: Archive) {
        self.archive = archive
    }

    /// Pages matching every word of `query`, best first.
    /// - Parameters:
    ///   - folder: only pages of files at or under this absolute path.
    ///   - language: only pages scanned with this Tesseract language code.
    ///   - marks: what goes before and after each matched word in snippets.
    ///   - keywordLimit: keywords returned per page.
    /// - Throws: `DocScanError.emptyQuery`, `DocScanError.archiveUnusable`, `DocScanError.missingDependency`.
    public func search(
        _ query: String, folder: String? = nil, language: String? = nil, limit: Int = 10,
        marks: (String, String) = ("[", "]"), keywordLimit: Int = 10
    ) throws -> [SearchHit] {
        let match = try IndexText.match(for: query)
        var conditions = ["page_fts MATCH ?"]
        var arguments: StatementArguments = [marks.0, marks.1, match]
        if let folder {
            let folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            conditions.append("(page.path = ? OR page.path LIKE ? ESCAPE '\\')")
            arguments += [folder, Self.likePattern(prefix: folder == "/" ? "/" : folder + "/")]
        }
        if let language {
            conditions.append("instr('+' || page.languages || '+', ?) > 0")
            arguments += ["+\(language)+"]
        }
        arguments += [limit]
        return try archive.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT page.id, page.path, page.root, page.source, page.page, page.page_count, page.languages,
                       page.mode, -bm25(page_fts, 1.0, 2.0) AS score,
                       snippet(page_fts, 0, ?, ?, '…', 20) AS snippet
                FROM page_fts JOIN page ON page.id = page_fts.rowid
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY score DESC, page.path, page.page
                LIMIT ?
                """, arguments: arguments)
            return try rows.map { row in
                let languages: String = row["languages"]
                let modeName: String = row["mode"]
                return SearchHit(
                    path: row["path"], root: row["root"], source: row["source"], page: row["page"],
                    pageCount: row["page_count"], languages: languages.split(separator: "+").map(String.init),
                    mode: ScanMode(rawValue: modeName) ?? .accurate, score: row["score"], snippet: row["snippet"],
                    keywords: Array(try ArchiveRanking.keywords(ofPage: row["id"], root: row["root"], in: db).prefix(keywordLimit)))
            }
        }
    }

    /// A LIKE pattern matching paths that start with `prefix`, with LIKE's wildcards escaped.
    static func likePattern(prefix: String) -> String {
        prefix.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }
}
