import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `--archive`, shared by the commands that read or write the archive.
struct ArchiveOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The archive: an SQLite file, or a PostgreSQL database many machines share (postgresql://user@host/db or a libpq 'host=… dbname=…' string; PG* variables and ~/.pgpass apply) (default: $DOCSCAN_ARCHIVE or ~/.local/share/docscan/archive.sqlite).",
        valueName: "path|url"))
    var archive: String?

    var location: String { archive ?? ArchiveLocation.defaultPath() }

    /// The archive, which must exist.
    /// - Throws: `DocScanError.archiveNotFound`, `.archiveUnusable`.
    func openExisting() throws -> any PageArchive {
        try ArchiveLocation.open(location, create: false)
    }

    /// The archive, which must exist, opened to be read only: an older SQLite schema is read as it
    /// is, not brought up to date.
    /// - Throws: `DocScanError.archiveNotFound`, `.archiveUnusable`.
    func openToRead() throws -> any PageArchive {
        try ArchiveLocation.open(location, create: false, upgrade: false)
    }
}
