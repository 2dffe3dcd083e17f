import DocScanCore
import DocScanKeywords
import Foundation
import GRDB

/// Writes a run's page records into an SQLite archive, one transaction per page.
///
/// A page replaces what the archive held for the same page of the same file; when the file's bytes
/// changed, its other pages go too (they are re-read in the same run), and so do pages past the
/// file's new page count.
final class SQLiteArchiveRun: ArchiveRun {
    private let archive: SQLiteArchive
    private let root: String
    private let paths: PagePaths
    private let segmenter: TextSegmenter
    private let languages: LanguageList
    /// The run's word lists, to join the words line breaks split (`LineEndHyphens`): loaded at the first
    /// line-end hyphen, mapped from the file the workers' keyword stage compiled.
    private lazy var lexicon = Lexicon(languages: languages)
    private let encoder: JSONEncoder
    /// The run's row in `scan`.
    let scanID: Int64

    /// Starts a run into `archive` for the pages of `root`, whose files are under `folder`.
    /// - Throws: `DocScanError.archiveUnusable`, `DocScanError.missingDependency` (ICU, jieba).
    init(archive: SQLiteArchive, root: String, folder: String, mode: ScanMode, languages: LanguageList) throws {
        self.archive = archive
        self.root = root
        paths = PagePaths(folder: folder)
        segmenter = try TextSegmenter.standard(loadingChinese: false)
        self.languages = languages
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        scanID = try archive.write { db in
            try db.execute(sql: """
                INSERT INTO scan (root, mode, languages, started_at, status) VALUES (?, ?, ?, ?, 'running')
                """, arguments: [root, mode.rawValue, SQLiteArchive.languageKey(languages.codes), Self.now()])
            return db.lastInsertedRowID
        }
    }

    func write(_ record: PageRecord) throws {
        let recordJSON = String(decoding: try encoder.encode(record), as: UTF8.self)
        let terms = try IndexText.indexed(record.text, segmenter: segmenter) { self.lexicon.contains($0) }
        let path = paths.path(of: record.source)
        try archive.write { db in
            let replaced = try Int64.fetchAll(db, sql: """
                SELECT id FROM page WHERE root = ? AND source = ? AND (page = ? OR page > ? OR sha256 IS NOT ?)
                """, arguments: [root, record.source, record.page, record.pageCount, record.sha256])
            for id in replaced { try Self.deletePage(id, root: root, in: db) }
            try db.execute(sql: """
                INSERT INTO page (scan_id, root, source, path, page, page_count, sha256, file_size, format, mode,
                    languages, text, mean_confidence, rotation, skew_angle, warped, timings, warnings, error_kind,
                    error_message, keyword_string, record, archived_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    scanID, root, record.source, path, record.page, record.pageCount, record.sha256, record.fileSize,
                    record.format?.rawValue, record.mode.rawValue, SQLiteArchive.languageKey(record.languages), record.text,
                    record.meanConfidence, record.orientation?.rotation, record.cleanup?.skewAngle,
                    record.cleanup?.warped, try json(record.timingsMs), try json(record.warnings),
                    record.error?.kind.rawValue, record.error?.message, record.keywordString, recordJSON, Self.now(),
                ])
            let id = db.lastInsertedRowID
            for (rank, keyword) in record.keywords.enumerated() {
                try db.execute(
                    sql: "INSERT INTO keyword (page_id, rank, keyword, count) VALUES (?, ?, ?, ?)",
                    arguments: [id, rank, keyword, record.keywordCounts[keyword] ?? 1])
                try db.execute(sql: """
                    INSERT INTO keyword_df (root, keyword, pages) VALUES (?, ?, 1)
                    ON CONFLICT (root, keyword) DO UPDATE SET pages = pages + 1
                    """, arguments: [root, keyword])
            }
            try db.execute(
                sql: "INSERT INTO page_fts (rowid, terms, keywords) VALUES (?, ?, ?)",
                arguments: [id, terms, record.keywordString])
            try db.execute(sql: """
                UPDATE scan SET pages_written = pages_written + 1, pages_failed = pages_failed + ? WHERE id = ?
                """, arguments: [record.error == nil ? 0 : 1, scanID])
        }
    }

    func finish() throws {
        try archive.write { db in
            try db.execute(
                sql: "UPDATE scan SET status = 'finished', finished_at = ? WHERE id = ?", arguments: [Self.now(), scanID])
        }
    }

    /// Records how the run ended: pages found unchanged, and whether it was interrupted.
    func recordOutcome(unchanged: Int, interrupted: Bool) throws {
        try archive.write { db in
            try db.execute(sql: """
                UPDATE scan SET pages_unchanged = ?, status = ?, finished_at = COALESCE(finished_at, ?) WHERE id = ?
                """, arguments: [unchanged, interrupted ? "interrupted" : "finished", Self.now(), scanID])
        }
    }

    /// Removes the pages of `sources` (relative to this run's root) from the archive.
    /// - Returns: the number of pages removed.
    @discardableResult
    func prune(_ sources: [String]) throws -> Int {
        try archive.write { db in
            var removed = 0
            for source in sources {
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM page WHERE root = ? AND source = ?", arguments: [root, source])
                for id in ids { try Self.deletePage(id, root: root, in: db) }
                removed += ids.count
            }
            return removed
        }
    }

    /// Removes a page, its keywords (and their share of the document frequencies) and its index entry.
    private static func deletePage(_ id: Int64, root: String, in db: Database) throws {
        try db.execute(sql: """
            UPDATE keyword_df SET pages = pages - 1
            WHERE root = ? AND keyword IN (SELECT keyword FROM keyword WHERE page_id = ?)
            """, arguments: [root, id])
        try db.execute(sql: "DELETE FROM keyword_df WHERE root = ? AND pages <= 0", arguments: [root])
        try db.execute(sql: "DELETE FROM page_fts WHERE rowid = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM page WHERE id = ?", arguments: [id])
    }

    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func now() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}

@available(*, unavailable)
extension SQLiteArchiveRun: Sendable {}
