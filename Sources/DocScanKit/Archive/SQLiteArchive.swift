import DocScanCore
import Foundation
import GRDB

/// docscan's embedded archive: one SQLite database (WAL, through GRDB) holding every scanned page, its
/// keywords, and a full-text index over both.
///
/// Writes go through `SQLiteArchiveRun`, one transaction per page, so a run killed at any moment leaves
/// every finished page and no half page. Readers (search, export) never block the writer.
public final class SQLiteArchive: PageArchive {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    public var location: String { path }

    /// Opens the archive at `path`, creating it (and its folder) when `create` is true, and brings its
    /// schema up to date unless `upgrade` is false: a reader that must not write (`docscan serve`)
    /// reads an older schema as it is, since every later migration only adds indexes.
    /// - Throws: `DocScanError.archiveNotFound` when it does not exist and `create` is false,
    ///   `DocScanError.outputNotWritable` when it cannot be created, `DocScanError.archiveUnusable`
    ///   when it is not a docscan archive, is damaged, or was made by a newer docscan.
    public init(path: String, create: Bool, upgrade: Bool = true) throws {
        self.path = path
        if !FileManager.default.fileExists(atPath: path) {
            guard create else { throw DocScanError.archiveNotFound(path: path) }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw DocScanError.outputNotWritable(path: folder.path, reason: error.localizedDescription)
            }
        }
        var configuration = Configuration()
        // Another run's transaction lasts milliseconds; a reader or a second writer waits for it.
        configuration.busyMode = .timeout(60)
        configuration.prepareDatabase { db in
            // FULL: a committed page survives power loss too, for one fsync per page (OCR takes seconds).
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try upgrade
                ? Self.openMigrated(path: path, configuration: configuration)
                : Self.openAsItIs(path: path, configuration: configuration)
        } catch let error as DocScanError {
            throw error
        } catch let error as DatabaseError {
            throw DocScanError.archiveUnusable(path: path, reason: error.message ?? error.description)
        } catch {
            throw DocScanError.archiveUnusable(path: path, reason: String(describing: error))
        }
    }

    /// Opens the pool and brings the schema up to date. Processes that open a new archive at the same
    /// moment (the tasks of an array job, a status check) race to switch it to WAL and to run the
    /// migrations, which GRDB checks and applies in separate steps: the loser sees "database is locked"
    /// or "table already exists", and opens it again once the winner is done.
    private static func openMigrated(path: String, configuration: Configuration) throws -> DatabasePool {
        for attempt in 1... {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                let migrator = SQLiteArchiveSchema.migrator
                if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
                    throw DocScanError.archiveUnusable(path: path, reason: "it was made by a newer docscan (unknown schema version)")
                }
                try migrator.migrate(pool)
                return pool
            } catch let error as DatabaseError
                where attempt < 100 && (error.resultCode == .SQLITE_BUSY || error.message?.contains("already exists") == true) {
                usleep(50_000)
            }
        }
        preconditionFailure("the loop returns or throws")
    }

    /// Opens the pool read-only and without migrating: refused when the archive was made by a newer
    /// docscan, or has not even the first schema (an empty or foreign database, which a migration
    /// would have filled). Read-only also keeps GRDB from its write on opening a pool (it creates and
    /// drops a table when the WAL file is empty), so the file is left byte for byte as it was.
    private static func openAsItIs(path: String, configuration: Configuration) throws -> DatabasePool {
        var configuration = configuration
        configuration.readonly = true
        let pool = try DatabasePool(path: path, configuration: configuration)
        let migrator = SQLiteArchiveSchema.migrator
        let (superseded, applied) = try pool.read { db in
            (try migrator.hasBeenSuperseded(db), try migrator.appliedIdentifiers(db))
        }
        if superseded {
            throw DocScanError.archiveUnusable(path: path, reason: "it was made by a newer docscan (unknown schema version)")
        }
        guard applied.contains("v1") else {
            throw DocScanError.archiveUnusable(path: path, reason: "it is not a docscan archive (no docscan tables)")
        }
        return pool
    }

    /// Runs a read, turning database failures into `DocScanError.archiveUnusable`.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as DocScanError {
            throw error
        } catch let error as DatabaseError {
            throw DocScanError.archiveUnusable(path: path, reason: error.message ?? error.description)
        }
    }

    /// Runs a write transaction, turning database failures into `DocScanError.archiveUnusable`.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.write(body)
        } catch let error as DocScanError {
            throw error
        } catch let error as DatabaseError {
            throw DocScanError.archiveUnusable(path: path, reason: error.message ?? error.description)
        }
    }

    /// `PRAGMA integrity_check`'s verdict: `ok`, or the problems it found.
    public func integrityCheck() throws -> String {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    /// How many pages the archive holds.
    public func pageCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM page") ?? 0 }
    }

    /// A file lock beside the database (`archive.sqlite.lock`).
    public func lockForWriting(wait: Bool, waiting: () -> Void) throws -> any ArchiveLock {
        try RunLock(archivePath: path, wait: wait, waiting: waiting)
    }

    public func beginRun(root: String, folder: String, mode: ScanMode, languages: LanguageList) throws -> any ArchiveRun {
        try SQLiteArchiveRun(archive: self, root: root, folder: folder, mode: mode, languages: languages)
    }

    /// Writers keep document frequencies up to date; this merges the full-text index's segments, which
    /// many small transactions leave behind, and refreshes the query planner's statistics.
    public func finalize() throws {
        try write { db in
            try db.execute(sql: "INSERT INTO page_fts (page_fts) VALUES ('optimize')")
            try db.execute(sql: "PRAGMA optimize")
        }
    }

    /// The languages as one string, as pages store them: `chi_sim+eng`.
    static func languageKey(_ languages: [String]) -> String {
        languages.joined(separator: "+")
    }
}
