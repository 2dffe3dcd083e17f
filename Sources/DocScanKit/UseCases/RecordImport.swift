import DocScanCore
import Foundation

/// Adds page records (from `docscan scan --jsonl`, perhaps made on another machine) to an archive, as
/// if their pages had just been scanned from `root`, without reading or recognizing anything: the use
/// case behind `docscan import`.
public struct RecordImport: Sendable {
    /// The records, all of one mode and language list (the first record's are the run's).
    public var records: [PageRecord]
    /// The folder the records' sources are relative to.
    public var root: URL
    /// The name the pages are kept under instead of the folder's path (`--collection`).
    public var collection: String?
    /// The archive to add them to; made when missing.
    public var archive: String
    /// Wait for a scan that holds the archive, rather than fail.
    public var waitForArchive = true

    public init(records: [PageRecord], root: URL, archive: String) {
        self.records = records
        self.root = root
        self.archive = archive
    }

    public struct Report: Sendable {
        public var pages: Int
        public var seconds: Double
    }

    /// Writes every record, each page replacing what the archive held for it.
    /// - Parameter waiting: called once when another run holds the archive and this one waits.
    /// - Throws: `DocScanError.noPages` without records, `.archiveBusy`, `.archiveUnusable`, `.outputNotWritable`.
    public func run(waiting: () -> Void = {}) throws -> Report {
        guard let first = records.first else { throw DocScanError.noPages(path: root.path) }
        let store = try ArchiveLocation.open(archive, create: true)
        let lock = try store.lockForWriting(wait: waitForArchive, waiting: waiting)
        let watch = Stopwatch()
        let folder = ArchiveLocation.root(of: root)
        let run = try store.beginRun(
            root: collection ?? folder, folder: folder, mode: first.mode, languages: LanguageList(codes: first.languages))
        for record in records { try run.write(record) }
        try run.finish()
        withExtendedLifetime(lock) {}
        return Report(pages: records.count, seconds: watch.seconds)
    }
}
