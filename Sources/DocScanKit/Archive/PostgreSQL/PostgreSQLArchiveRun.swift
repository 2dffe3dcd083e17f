import DocScanCore
import DocScanKeywords
import DocScanNative
import Foundation

/// Writes a run's page records into a PostgreSQL archive on a connection of its own, one transaction
/// per page.
///
/// Each transaction first takes an advisory lock on the page's file, so two tasks writing the same file
/// (Kubernetes can run two pods of one index for a moment) take turns page by page and never leave a
/// page twice: a page replaces what the archive held for it, and when the file's bytes changed its
/// other pages and those past its new page count go too, as in the SQLite archive.
final class PostgreSQLArchiveRun: ArchiveRun {
    private let connection: PostgresConnection
    private let location: String
    private let root: String
    private let paths: PagePaths
    private let segmenter: TextSegmenter
    private let languages: LanguageList
    /// The run's word lists, to join the words line breaks split (`LineEndHyphens`): loaded at the first
    /// line-end hyphen, mapped from the file the workers' keyword stage compiled.
    private lazy var lexicon = Lexicon(languages: languages)
    private let encoder: JSONEncoder
    /// The run's row in `docscan_scan`.
    private let scanID: String

    /// Connects and records the run.
    /// - Throws: `DocScanError.archiveUnusable`, `DocScanError.missingDependency` (ICU, jieba).
    init(archive: PostgreSQLArchive, root: String, folder: String, mode: ScanMode, languages: LanguageList) throws {
        connection = try PostgreSQLArchive.connect(archive.conninfo)
        location = archive.location
        self.root = root
        paths = PagePaths(folder: folder)
        segmenter = try TextSegmenter.standard(loadingChinese: false)
        self.languages = languages
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let connection = connection
        scanID = try PostgreSQLArchive.reporting(location) {
            try connection.execute("""
                INSERT INTO docscan_scan (collection, folder, host, mode, languages, status)
                VALUES ($1, $2, $3, $4, $5, 'running') RETURNING id
                """, [root, folder, ProcessInfo.processInfo.hostName, mode.rawValue, languages.codes.joined(separator: "+")]
            ).value(0, 0) ?? ""
        }
    }

    func write(_ record: PageRecord) throws {
        let recordJSON = String(decoding: try encoder.encode(record), as: UTF8.self)
        let indexed = try IndexText.indexed(record.text, segmenter: segmenter) { self.lexicon.contains($0) }
        let path = paths.path(of: record.source)
        let page: [String?] = [
            scanID, root, record.source, path, String(record.page), String(record.pageCount), record.sha256,
            String(record.fileSize), record.format?.rawValue, record.mode.rawValue, record.languages.joined(separator: "+"),
            record.text, indexed == record.text ? nil : indexed, record.meanConfidence.map { String($0) },
            record.orientation.map { String($0.rotation) }, record.cleanup?.skewAngle.map { String($0) },
            record.cleanup.map { $0.warped ? "true" : "false" }, try json(record.timingsMs), try json(record.warnings),
            record.error?.kind.rawValue, record.error?.message, record.keywordString, recordJSON,
            IndexText.tokens(indexed), IndexText.tokens(record.keywordString),
        ]
        try transaction { connection in
            // hashtextextended: a 64-bit key for the file, so that files hardly ever share a lock.
            try connection.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [root + "\u{1F}" + record.source])
            try connection.execute("""
                DELETE FROM docscan_page
                WHERE collection = $1 AND source = $2 AND (page = $3 OR page > $4 OR sha256 IS DISTINCT FROM $5)
                """, [root, record.source, String(record.page), String(record.pageCount), record.sha256])
            let id = try connection.execute("""
                INSERT INTO docscan_page (scan_id, collection, source, path, page, page_count, sha256, file_size, format,
                    mode, languages, text, indexed_text, mean_confidence, rotation, skew_angle, warped, timings, warnings,
                    error_kind, error_message, keyword_string, record, search)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
                    $22, $23, setweight(to_tsvector('docscan', $24), 'B') || setweight(to_tsvector('docscan', $25), 'A'))
                RETURNING id
                """, page).value(0, 0)
            if !record.keywords.isEmpty {
                try connection.execute("""
                    INSERT INTO docscan_keyword (page_id, rank, keyword, count)
                    SELECT $1, ordinality - 1, keyword, count
                    FROM unnest($2::text[], $3::integer[]) WITH ORDINALITY AS k(keyword, count, ordinality)
                    """, [id, PostgresArrayLiteral.text(record.keywords),
                          PostgresArrayLiteral.integers(record.keywords.map { record.keywordCounts[$0] ?? 1 })])
            }
            try connection.execute("""
                UPDATE docscan_scan SET pages_written = pages_written + 1, pages_failed = pages_failed + $1 WHERE id = $2
                """, [record.error == nil ? "0" : "1", scanID])
        }
    }

    func finish() throws {
        try PostgreSQLArchive.reporting(location) {
            try connection.execute(
                "UPDATE docscan_scan SET status = 'finished', finished_at = now() WHERE id = $1", [scanID])
        }
    }

    func recordOutcome(unchanged: Int, interrupted: Bool) throws {
        try PostgreSQLArchive.reporting(location) {
            try connection.execute("""
                UPDATE docscan_scan SET pages_unchanged = $1, status = $2, finished_at = COALESCE(finished_at, now())
                WHERE id = $3
                """, [String(unchanged), interrupted ? "interrupted" : "finished", scanID])
        }
    }

    @discardableResult
    func prune(_ sources: [String]) throws -> Int {
        var removed = 0
        for start in stride(from: 0, to: sources.count, by: 1000) {
            let slice = sources[start..<min(start + 1000, sources.count)]
            removed += try PostgreSQLArchive.reporting(location) {
                try connection.execute(
                    "DELETE FROM docscan_page WHERE collection = $1 AND source = ANY($2::text[]) RETURNING 1",
                    [root, PostgresArrayLiteral.text(slice)]
                ).rowCount
            }
        }
        return removed
    }

    /// Runs `body` in a transaction, again when PostgreSQL chose it as a deadlock's victim.
    private func transaction(_ body: (PostgresConnection) throws -> Void) throws {
        for attempt in 1... {
            do {
                return try connection.transaction { try body(connection) }
            } catch let error as PostgresError where error.isTransient && attempt < 5 {
                continue
            } catch let error as PostgresError {
                throw DocScanError.archiveUnusable(path: location, reason: error.message)
            }
        }
    }

    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

@available(*, unavailable)
extension PostgreSQLArchiveRun: Sendable {}
