import DocScanCore
import DocScanNative
import Foundation

/// The archive many machines share: a PostgreSQL database, through libpq, holding the same pages,
/// keywords and full-text index as the SQLite archive.
///
/// Writers do not take the archive for a run: the tasks of an array job write at once, each page in
/// its own transaction under a lock on its file (`PostgreSQLArchiveRun`). Keyword document frequencies
/// are materialized views, refreshed by `finalize()` (`docscan archive finalize`) after a job, so ranking
/// reflects the archive as of the last refresh.
public final class PostgreSQLArchive: PageArchive {
    /// The connection string it was opened with, for the runs' own connections.
    let conninfo: String
    /// `user@host:port/database`, without a password.
    public let location: String
    /// Reads (search, export, plans) share one connection, used only under `connectionLock`.
    private nonisolated(unsafe) let connection: PostgresConnection
    private let connectionLock = NSLock()

    /// Connects and, when `create` is true, makes or brings up to date docscan's tables.
    /// - Parameter conninfo: a `postgresql://` URI or a libpq `key=value` string; the `PG*` variables,
    ///   `~/.pgpass` and the service file fill in what it leaves out.
    /// - Throws: `DocScanError.archiveUnusable` when the server cannot be reached, refuses, or holds a
    ///   newer docscan's schema; `DocScanError.archiveNotFound` when the database has no docscan tables
    ///   and `create` is false.
    public init(conninfo: String, create: Bool) throws {
        self.conninfo = conninfo
        let opened = try Self.connect(conninfo)
        let location = opened.endpoint
        self.location = location
        do {
            try Self.reporting(location) {
                let applied = try PostgreSQLArchiveSchema.applied(on: opened)
                if applied == nil && !create { throw DocScanError.archiveNotFound(path: location) }
                // Migrating checks, under its lock, for a migration this docscan does not know.
                if applied != PostgreSQLArchiveSchema.migrations.map(\.name) { _ = try PostgreSQLArchiveSchema.migrate(opened) }
            }
        } catch PostgreSQLArchiveSchema.SchemaError.newer(let migration) {
            throw DocScanError.archiveUnusable(
                path: location, reason: "it was made by a newer docscan (unknown schema version \(migration))")
        }
        connection = opened
    }

    /// A new connection to the same database, for a writing run.
    static func connect(_ conninfo: String) throws -> PostgresConnection {
        do {
            return try PostgresConnection(conninfo)
        } catch {
            throw DocScanError.archiveUnusable(path: redacted(conninfo), reason: error.message)
        }
    }

    /// `conninfo` without its password, for a message about a connection that never came up.
    static func redacted(_ conninfo: String) -> String {
        conninfo
            .replacingOccurrences(of: #"(://[^:/@]*):[^@/]*@"#, with: "$1:***@", options: .regularExpression)
            .replacingOccurrences(of: #"password\s*=\s*('(\\.|[^'])*'|\S+)"#, with: "password=***", options: .regularExpression)
    }

    /// Runs `body` on the shared connection, turning PostgreSQL's errors into `archiveUnusable`.
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try Self.reporting(location) { try connectionLock.withLock { try body(connection) } }
    }

    /// Runs `body`, turning PostgreSQL's errors into `archiveUnusable` at `location`; other errors pass.
    @discardableResult
    static func reporting<T>(_ location: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError {
            throw DocScanError.archiveUnusable(path: location, reason: error.message)
        }
    }

    /// Many writers at once is what this archive is for: no lock. Two tasks that read the same files
    /// (a shard started twice) write each page once each, the second replacing the first.
    public func lockForWriting(wait: Bool, waiting: () -> Void) throws -> any ArchiveLock {
        SharedWriting()
    }

    public func beginRun(root: String, folder: String, mode: ScanMode, languages: LanguageList) throws -> any ArchiveRun {
        try PostgreSQLArchiveRun(archive: self, root: root, folder: folder, mode: mode, languages: languages)
    }

    public func pageCount() throws -> Int {
        try withConnection { try $0.execute("SELECT count(*) FROM docscan_page").int(0, 0) ?? 0 }
    }

    /// Refreshes the document frequencies; readers go on reading the old ones meanwhile.
    public func finalize() throws {
        try withConnection { connection in
            try connection.execute("REFRESH MATERIALIZED VIEW CONCURRENTLY docscan_keyword_df")
            try connection.execute("REFRESH MATERIALIZED VIEW CONCURRENTLY docscan_collection_size")
            try connection.execute("ANALYZE docscan_page")
        }
    }

    /// What writing into a shared archive holds: nothing.
    private final class SharedWriting: ArchiveLock {}
}
