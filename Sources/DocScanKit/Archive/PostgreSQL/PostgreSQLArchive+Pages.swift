import DocScanCore
import DocScanKeywords
import DocScanNative
import Foundation

/// What a PostgreSQL archive holds: for a re-scan's plan, for status reports and for exports.
extension PostgreSQLArchive {
    public func archivedPages(root: String, sources: Set<String>?) throws -> [ArchivedPageState] {
        let select = "SELECT source, page, sha256, mode, languages, error_kind IS NOT NULL FROM docscan_page WHERE collection = $1"
        return try withConnection { connection in
            guard let sources else { return Self.states(try connection.execute(select, [root])) }
            // A shard's files as one array parameter per slice, not the whole collection.
            var states: [ArchivedPageState] = []
            let sorted = sources.sorted()
            for start in stride(from: 0, to: sorted.count, by: 1000) {
                let slice = sorted[start..<min(start + 1000, sorted.count)]
                states += Self.states(try connection.execute(
                    select + " AND source = ANY($2::text[])", [root, PostgresArrayLiteral.text(slice)]))
            }
            return states
        }
    }

    private static func states(_ rows: PostgresResult) -> [ArchivedPageState] {
        (0..<rows.rowCount).map { row in
            ArchivedPageState(
                source: rows.value(row, 0) ?? "", page: rows.int(row, 1) ?? 0, sha256: rows.value(row, 2),
                mode: rows.value(row, 3).flatMap(ScanMode.init(rawValue:)),
                languages: (rows.value(row, 4) ?? "").split(separator: "+").map(String.init),
                failed: rows.bool(row, 5) ?? false)
        }
    }

    public func roots(_ selection: PageSelection) throws -> [String] {
        let (condition, parameters) = Self.condition(selection)
        return try withConnection { connection in
            let rows = try connection.execute(
                "SELECT DISTINCT collection FROM docscan_page \(condition) ORDER BY collection", parameters)
            return (0..<rows.rowCount).compactMap { rows.value($0, 0) }
        }
    }

    /// Pages in order of collection, file and page, from one snapshot (a repeatable-read transaction
    /// and a cursor, 500 rows at a time), each page's keywords ranked over its collection.
    public func forEachPage(_ selection: PageSelection, _ body: (ArchivedPage) throws -> Void) throws {
        let (condition, parameters) = Self.condition(selection)
        let decoder = JSONDecoder()
        try withConnection { connection in
            try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                try connection.execute("""
                    DECLARE pages NO SCROLL CURSOR FOR
                    SELECT id, collection, path, record, \(Self.archivedAt()) FROM docscan_page \(condition)
                    ORDER BY collection, source, page \(Self.limit(selection))
                    """, parameters)
                var rankers: [String: KeywordRanker] = [:]
                while true {
                    let rows = try connection.execute("FETCH 500 FROM pages")
                    guard rows.rowCount > 0 else { return }
                    let ids = (0..<rows.rowCount).map { rows.value($0, 0) ?? "0" }
                    let keywords = try Self.keywords(of: ids, on: connection)
                    for row in 0..<rows.rowCount {
                        let id = ids[row], root = rows.value(row, 1) ?? ""
                        var record: PageRecord
                        do {
                            record = try decoder.decode(PageRecord.self, from: Data((rows.value(row, 3) ?? "").utf8))
                        } catch {
                            throw DocScanError.archiveUnusable(path: location, reason: "page \(id) has an unreadable record: \(error)")
                        }
                        let (words, counts) = keywords[id] ?? ([], [])
                        if rankers[root] == nil {
                            // One page (the server's page view) needs only its own keywords' frequencies.
                            rankers[root] = try Self.ranker(collection: root, only: selection.id == nil ? nil : words, on: connection)
                        }
                        record.keywords = rankers[root]?.ranked(words, counts: counts) ?? words
                        record.keywordString = record.keywords.joined(separator: " ")
                        record.keywordCounts = Dictionary(zip(words, counts), uniquingKeysWith: { first, _ in first })
                        try body(ArchivedPage(
                            root: root, path: rows.value(row, 2) ?? "", record: record, id: Int64(id) ?? 0,
                            archivedAt: rows.value(row, 4) ?? ""))
                    }
                }
            }
        }
    }

    /// The keywords (first-seen order) and their counts of each page of `ids`.
    static func keywords(of ids: [String], on connection: PostgresConnection) throws -> [String: ([String], [Int])] {
        let rows = try connection.execute("""
            SELECT page_id, keyword, count FROM docscan_keyword WHERE page_id = ANY($1::bigint[]) ORDER BY page_id, rank
            """, [PostgresArrayLiteral.text(ids)])
        var keywords: [String: ([String], [Int])] = [:]
        for row in 0..<rows.rowCount {
            let id = rows.value(row, 0) ?? ""
            keywords[id, default: ([], [])].0.append(rows.value(row, 1) ?? "")
            keywords[id, default: ([], [])].1.append(rows.int(row, 2) ?? 1)
        }
        return keywords
    }

    /// A ranker over the document frequencies of `collection` as of the last `finalize()`: of all its
    /// keywords, or `only` these.
    static func ranker(collection: String, only keywords: [String]? = nil, on connection: PostgresConnection) throws -> KeywordRanker {
        let rows = if let keywords {
            try connection.execute(
                "SELECT keyword, pages FROM docscan_keyword_df WHERE collection = $1 AND keyword = ANY($2::text[])",
                [collection, PostgresArrayLiteral.text(keywords)])
        } else {
            try connection.execute("SELECT keyword, pages FROM docscan_keyword_df WHERE collection = $1", [collection])
        }
        var frequency: [String: Int] = [:]
        for row in 0..<rows.rowCount { frequency[rows.value(row, 0) ?? ""] = rows.int(row, 1) ?? 0 }
        let size = try connection.execute("SELECT pages FROM docscan_collection_size WHERE collection = $1", [collection])
        return KeywordRanker(documentFrequency: frequency, pageCount: size.int(0, 0) ?? 0)
    }

    public func pageCounts() throws -> [RootPageCount] {
        try withConnection { connection in
            let rows = try connection.execute("""
                SELECT collection, count(*) - count(error_kind), count(error_kind) FROM docscan_page GROUP BY collection ORDER BY collection
                """)
            return (0..<rows.rowCount).map { row in
                RootPageCount(root: rows.value(row, 0) ?? "", ok: rows.int(row, 1) ?? 0, failed: rows.int(row, 2) ?? 0)
            }
        }
    }

    public func summaries(_ selection: PageSelection) throws -> [PageSummary] {
        let (condition, parameters) = Self.condition(selection)
        return try withConnection { connection in
            let rows = try connection.execute("""
                SELECT id, collection, source, page, page_count, path, error_kind, error_message, \(Self.archivedAt())
                FROM docscan_page \(condition) ORDER BY collection, source, page \(Self.limit(selection))
                """, parameters)
            return (0..<rows.rowCount).map { row in
                PageSummary(
                    id: Int64(rows.value(row, 0) ?? "") ?? 0, root: rows.value(row, 1) ?? "", source: rows.value(row, 2) ?? "",
                    page: rows.int(row, 3) ?? 0, pageCount: rows.int(row, 4) ?? 0, path: rows.value(row, 5) ?? "",
                    error: rows.value(row, 6).map { "\($0): \(rows.value(row, 7) ?? "")" }, archivedAt: rows.value(row, 8) ?? "")
            }
        }
    }

    /// As of the last `finalize()`, like keyword ranking.
    public func frequentKeywords(root: String, maxShare: Double, limit: Int) throws -> [KeywordFrequency] {
        try withConnection { connection in
            let rows = try connection.execute("""
                SELECT d.keyword, d.pages FROM docscan_keyword_df d JOIN docscan_collection_size s USING (collection)
                WHERE d.collection = $1 AND d.pages <= greatest(1, floor(s.pages * $2::float8))
                ORDER BY d.pages DESC, d.keyword LIMIT $3
                """, [root, String(maxShare), String(limit)])
            return (0..<rows.rowCount).map { KeywordFrequency(keyword: rows.value($0, 0) ?? "", pages: rows.int($0, 1) ?? 0) }
        }
    }

    public func documentFrequencies(root: String, of keywords: [String]) throws -> [String: Int] {
        guard !keywords.isEmpty else { return [:] }
        return try withConnection { connection in
            let rows = try connection.execute(
                "SELECT keyword, pages FROM docscan_keyword_df WHERE collection = $1 AND keyword = ANY($2::text[])",
                [root, PostgresArrayLiteral.text(keywords)])
            var frequencies: [String: Int] = [:]
            for row in 0..<rows.rowCount { frequencies[rows.value(row, 0) ?? ""] = rows.int(row, 1) ?? 0 }
            return frequencies
        }
    }

    /// `column` (a page's `archived_at`) as ISO 8601 in UTC, as the SQLite archive keeps it.
    static func archivedAt(_ column: String = "archived_at") -> String {
        #"to_char(\#(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')"#
    }

    private static func limit(_ selection: PageSelection) -> String {
        selection.limit.map { "LIMIT \(max(0, $0))" } ?? ""
    }

    /// The pages of `selection`; a file list goes as one array parameter.
    static func condition(_ selection: PageSelection) -> (String, [String?]) {
        var clauses: [String] = []
        var parameters: [String?] = []
        if let folder = selection.folder.map(FolderFilter.init) {
            clauses.append("(path = $\(parameters.count + 1) OR path LIKE $\(parameters.count + 2) ESCAPE '\\')")
            parameters += [folder.exact, folder.likePattern]
        }
        if let root = selection.root {
            clauses.append("collection = $\(parameters.count + 1)")
            parameters.append(root)
            if let sources = selection.sources {
                clauses.append("source = ANY($\(parameters.count + 1)::text[])")
                parameters.append(PostgresArrayLiteral.text(sources.sorted()))
            }
        }
        if let id = selection.id {
            clauses.append("id = $\(parameters.count + 1)")
            parameters.append(String(id))
        }
        if selection.onlyFailed { clauses.append("error_kind IS NOT NULL") }
        return (clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND "), parameters)
    }
}
