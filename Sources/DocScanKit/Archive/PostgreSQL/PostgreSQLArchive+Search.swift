import DocScanCore
import DocScanKeywords
import DocScanNative
import Foundation

/// Full-text search over the `search` tsvector with `ts_rank`, keywords weighted above the text as in
/// the SQLite archive; the query's words are cut and tokenized the way pages' words were
/// (`IndexText.tokens`), so both archives find the same pages.
extension PostgreSQLArchive {
    public func search(_ query: ArchiveQuery) throws -> [SearchHit] {
        let match = try Self.tsquery(for: query.text)
        var conditions = ["p.search @@ q.query"]
        var parameters: [String?] = [match]
        if let folder = query.folder.map(FolderFilter.init) {
            conditions.append(#"(p.path = $\#(parameters.count + 1) OR p.path LIKE $\#(parameters.count + 2) ESCAPE '\')"#)
            parameters += [folder.exact, folder.likePattern]
        }
        if let root = query.root {
            conditions.append("p.collection = $\(parameters.count + 1)")
            parameters.append(root)
        }
        if let language = query.language {
            conditions.append("position($\(parameters.count + 1) in '+' || p.languages || '+') > 0")
            parameters.append("+\(language)+")
        }
        parameters += [String(query.limit), String(max(0, query.offset)), Self.headlineOptions(marks: query.marks)]
        let limit = parameters.count - 2, offset = parameters.count - 1, options = parameters.count
        // Snippets only for the rows returned: ts_headline re-reads a page's text, the costly part.
        let sql = """
            WITH q AS (SELECT to_tsquery('docscan', $1) AS query),
            hits AS (
                SELECT p.id, p.path, p.collection, p.source, p.page, p.page_count, p.languages, p.mode,
                       COALESCE(p.indexed_text, p.text) AS body, ts_rank(p.search, q.query) AS score,
                       \(Self.archivedAt("p.archived_at")) AS archived_at
                FROM docscan_page p, q
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY score DESC, p.path, p.page
                LIMIT $\(limit) OFFSET $\(offset))
            SELECT id, path, collection, source, page, page_count, languages, mode, score,
                   ts_headline('docscan', body, q.query, $\(options)), archived_at
            FROM hits, q
            ORDER BY score DESC, path, page
            """
        return try withConnection { connection in
            let rows = try connection.execute(sql, parameters)
            let ids = (0..<rows.rowCount).map { rows.value($0, 0) ?? "0" }
            let keywords = try Self.keywords(of: ids, on: connection)
            // Each collection's frequencies of the hits' keywords only, not of all its keywords.
            var hitKeywords: [String: Set<String>] = [:]
            for row in 0..<rows.rowCount {
                hitKeywords[rows.value(row, 2) ?? "", default: []].formUnion(keywords[ids[row]]?.0 ?? [])
            }
            var rankers: [String: KeywordRanker] = [:]
            return try (0..<rows.rowCount).map { row in
                let root = rows.value(row, 2) ?? ""
                if rankers[root] == nil {
                    rankers[root] = try Self.ranker(collection: root, only: Array(hitKeywords[root] ?? []), on: connection)
                }
                let (words, counts) = keywords[ids[row]] ?? ([], [])
                return SearchHit(
                    id: Int64(ids[row]) ?? 0, path: rows.value(row, 1) ?? "", root: root, source: rows.value(row, 3) ?? "",
                    page: rows.int(row, 4) ?? 0, pageCount: rows.int(row, 5) ?? 0,
                    languages: (rows.value(row, 6) ?? "").split(separator: "+").map(String.init),
                    mode: rows.value(row, 7).flatMap(ScanMode.init(rawValue:)) ?? .accurate,
                    score: rows.double(row, 8) ?? 0, snippet: rows.value(row, 9) ?? "",
                    keywords: Array((rankers[root]?.ranked(words, counts: counts) ?? words).prefix(query.keywordLimit)),
                    archivedAt: rows.value(row, 10) ?? "")
            }
        }
    }

    /// A `to_tsquery` string for a user's query: every word required; a word the tokens split in parts
    /// (`e-mail`) as a phrase of them, as SQLite's FTS5 reads a quoted string; `word*` a prefix.
    /// - Throws: `DocScanError.emptyQuery`, `DocScanError.missingDependency` (as `IndexText.terms(of:)`).
    static func tsquery(for text: String) throws -> String {
        let phrases: [String] = try IndexText.terms(of: text).compactMap { term in
            let parts = IndexText.tokens(term.text).split(separator: " ")
            guard !parts.isEmpty else { return nil }
            let lexemes = parts.map { "'" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'" }
            let phrase = lexemes.joined(separator: " <-> ") + (term.prefix ? ":*" : "")
            return parts.count > 1 ? "(" + phrase + ")" : phrase
        }
        guard !phrases.isEmpty else { throw DocScanError.emptyQuery(text) }
        return phrases.joined(separator: " & ")
    }

    /// About twenty words around the matches, as the SQLite archive's snippets. ts_headline reads its
    /// options as `name=value` pairs with double-quoted values, so a double quote in a mark is dropped.
    static func headlineOptions(marks: (String, String)) -> String {
        func quoted(_ mark: String) -> String { "\"" + mark.replacingOccurrences(of: "\"", with: "") + "\"" }
        return "StartSel=\(quoted(marks.0)), StopSel=\(quoted(marks.1)), MaxWords=20, MinWords=8, ShortWord=0, "
            + "MaxFragments=1, FragmentDelimiter=\(quoted(" … "))"
    }
}
