import DocScanCore
import Foundation

/// Where archives are: the default one, the form roots are stored in, and opening one by its location.
public enum ArchiveLocation {
    /// `$DOCSCAN_ARCHIVE`, else `$XDG_DATA_HOME/docscan/archive.sqlite`, else
    /// `~/.local/share/docscan/archive.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["DOCSCAN_ARCHIVE"], !explicit.isEmpty { return explicit }
        return DataFolder.path(environment: environment).appendingPathComponent("archive.sqlite").path
    }

    /// The archive at `location`, brought up to date: a PostgreSQL database for a connection string
    /// (`isServer`), else an SQLite file.
    /// - Parameters:
    ///   - create: make it (an SQLite file and its folder, docscan's tables in a database) when it
    ///     does not exist.
    ///   - upgrade: false opens an SQLite archive as it is, without bringing its schema up to date,
    ///     for readers that must write nothing (`docscan serve`).
    /// - Throws: `DocScanError.archiveNotFound` when it does not exist and `create` is false,
    ///   `DocScanError.outputNotWritable`, `DocScanError.archiveUnusable`.
    public static func open(_ location: String, create: Bool, upgrade: Bool = true) throws -> any PageArchive {
        isServer(location)
            ? try PostgreSQLArchive(conninfo: location, create: create)
            : try SQLiteArchive(path: location, create: create, upgrade: upgrade)
    }

    /// Whether `location` names a PostgreSQL database: a `postgresql://` or `postgres://` URI, or a
    /// libpq `key=value` string that starts with one of its usual keys (`host=db1 dbname=scans`).
    public static func isServer(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
            || location.range(of: #"^\s*(host|hostaddr|port|dbname|user|service|sslmode)\s*="#, options: .regularExpression) != nil
    }

    /// `location` as messages show it: a connection string without its password.
    public static func displayName(_ location: String) -> String {
        isServer(location) ? PostgreSQLArchive.redacted(location) : location
    }

    /// The scan root as archives store it: the absolute, standardized path of what was scanned.
    public static func root(of input: URL) -> String {
        input.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
