import DocScanCore
import Foundation

/// Scans a folder (or one image) into an archive, a records file, or both: the use case behind
/// `docscan scan`, for any program that links DocScanKit.
///
/// It lists the pages, takes the archive for the run, reads only what is new or changed, writes each
/// page as it is done, writes the unchanged pages' records from the archive into the records file, and
/// records how the run ended. Cancelling (`cancel()`, from any thread) lets the pages in progress
/// finish and be written.
public final class ArchiveScan: Sendable {
    /// What to scan and where its records go.
    public struct Request: Sendable {
        /// A folder, walked recursively, or one image file.
        public var input: URL
        public var configuration: ScanConfiguration
        /// The archive to scan into, or nil for records only.
        public var archive: String?
        /// The name the pages are kept under in the archive instead of the folder's absolute path, for
        /// machines that mount the same share at different paths (`--collection`).
        public var collection: String?
        /// A file to write every page's record to as JSON Lines (replaced), `-` for standard output.
        public var jsonl: String?
        /// Read files that symbolic links point to outside the folder.
        public var followSymlinks = false
        /// Read every page again, even those archived unchanged.
        public var force = false
        /// Remove the archived pages of files gone from the folder; ignored for part of a folder
        /// (`files`, `shard`), where a file not listed is not gone.
        public var prune = false
        /// Read only the files of this list (paths relative to `input`, or absolute under it) instead
        /// of walking the folder.
        public var files: FileList?
        /// Read only the files of this shard of the folder (or of `files`).
        public var shard: Shard?
        /// Wait for another run that holds the archive, rather than fail.
        public var waitForArchive = true
        /// Worker processes to read pages in, or nil to read them on threads of this process.
        public var isolation: ProcessIsolation?

        public init(input: URL, configuration: ScanConfiguration, archive: String?, jsonl: String? = nil) {
            self.input = input
            self.configuration = configuration
            self.archive = archive
            self.jsonl = jsonl
        }
    }

    /// What happens during a run, for the caller to show.
    public enum Event: Sendable {
        /// An entry of the folder that is not read (a link out of it, a FIFO), or a name shown with escapes.
        case warning(String)
        /// Another run holds the archive; this one waits for it.
        case waitingForArchive(String)
        /// The pages to read are known; none is done yet.
        case started(pages: Int)
        /// The run reads one shard: `pages` of the folder's (or file list's) `listed` pages are its.
        case shard(Shard, pages: Int, listed: Int)
        /// A page's record was written.
        case progress(ScanProgress)
    }

    /// How a run ended.
    public struct Outcome: Sendable {
        public var summary: ScanSummary
        /// Where the records went: the archive and the records file, as named in the request.
        public var outputs: [String]
        /// What the archive held: the pages read, those archived unchanged (not read again) and the
        /// files gone from the folder; nil without an archive.
        public var plan: ScanPlan?
        /// How many pages of gone files were removed, when pruning was asked for.
        public var pruned: Int?
        /// Entries named in warnings and not read.
        public var notRead: [String]

        /// The exit status this outcome calls for.
        public var exitStatus: ExitStatus { summary.exitStatus }
    }

    public let request: Request
    private let runner: ScanRunner

    public init(_ request: Request) {
        self.request = request
        runner = ScanRunner(configuration: request.configuration, isolation: request.isolation)
    }

    /// Stops handing out pages; pages in progress finish and are written. Safe from any thread.
    public func cancel() {
        runner.cancel()
    }

    /// Runs the scan, telling `events` what happens, on the calling thread.
    /// - Throws: `DocScanError.noPages` (nothing to read), `.inputNotFound`, `.archiveBusy`,
    ///   `.archiveUnusable`, `.outputNotWritable`, or an engine's start-up error; pages written before
    ///   an error stay written.
    public func run(events: (Event) -> Void = { _ in }) throws -> Outcome {
        let configuration = request.configuration
        let source = PageSource(root: request.input, followsLinksOutside: request.followSymlinks)
        var listing = try request.files.map(source.list) ?? source.list()
        let partial = request.files != nil || request.shard != nil
        if let shard = request.shard {
            let listed = listing.pages.count
            listing = listing.restricted(to: shard)
            events(.shard(shard, pages: listing.pages.count, listed: listed))
        }
        for warning in listing.warnings { events(.warning(warning.description)) }
        // A shard or a list may hold no page of a small folder: that task has nothing to do, and is done.
        guard !listing.pages.isEmpty || partial else { throw DocScanError.noPages(path: request.input.path) }
        let records = try request.jsonl.map { RankingRecordWriter(wrapping: try JSONLinesWriter(path: $0)) }

        var pages = listing.pages
        var plan: ScanPlan?
        var archiveRun: (any ArchiveRun)?
        var lock: (any ArchiveLock)?
        if let location = request.archive {
            let archive = try ArchiveLocation.open(location, create: true)
            lock = try archive.lockForWriting(wait: request.waitForArchive) { events(.waitingForArchive(ArchiveLocation.displayName(location))) }
            let folder = ArchiveLocation.root(of: request.input)
            let root = request.collection ?? folder
            let found = try ScanPlan(
                archive: archive, listing: listing.pages, root: root, mode: configuration.mode,
                languages: configuration.languages, force: request.force, partial: partial)
            pages = found.pages
            plan = found
            archiveRun = try archive.beginRun(root: root, folder: folder, mode: configuration.mode, languages: configuration.languages)
            // The records file holds every page of the folder: the unchanged ones as archived.
            if let records, !found.unchanged.isEmpty {
                let unchanged = Set(found.unchanged.map { "\($0.relativePath)\u{0}\($0.page)" })
                let files = Set(found.unchanged.map(\.relativePath))
                try archive.forEachPage(PageSelection(root: root, sources: files)) { page in
                    guard unchanged.contains("\(page.record.source)\u{0}\(page.record.page)") else { return }
                    try records.write(page.record)
                }
            }
        }
        let writers: [any RecordWriter] = [archiveRun as (any RecordWriter)?, records].compactMap { $0 }
        guard !writers.isEmpty else {
            throw DocScanError.outputNotWritable(path: "-", reason: "no output: give a records file or an archive")
        }

        events(.started(pages: pages.count))
        let summary = try runner.run(pages: pages, skipped: listing.skipped, writer: RecordFanOut(writers)) { events(.progress($0)) }
        var pruned: Int?
        if let archiveRun, let plan {
            try archiveRun.recordOutcome(unchanged: plan.unchanged.count, interrupted: summary.interrupted)
            if request.prune && !partial {
                pruned = plan.gone.isEmpty || summary.interrupted ? 0 : try archiveRun.prune(plan.gone)
            }
        }
        withExtendedLifetime(lock) {}
        return Outcome(
            summary: summary,
            outputs: [request.archive.map(ArchiveLocation.displayName), request.jsonl.map { $0 == "-" ? "standard output" : $0 }].compactMap { $0 },
            plan: plan, pruned: pruned, notRead: listing.notRead)
    }
}
