import DocScanCore
import Foundation

/// Copies every page of some archives into another, each page replacing what the destination held for
/// it: the use case behind `docscan merge`, which joins the archives of an array job's tasks when no
/// shared archive server is at hand. Merging the same archive twice changes nothing.
public struct ArchiveMerge: Sendable {
    /// The archives to read; each must exist.
    public var sources: [String]
    /// The archive to write; made when missing.
    public var destination: String
    /// Wait for a scan that holds the destination, rather than fail.
    public var waitForArchive = true

    public init(sources: [String], destination: String) {
        self.sources = sources
        self.destination = destination
    }

    public struct Report: Sendable {
        /// Pages copied from each source, in the order given.
        public var pages: [Int]
        public var seconds: Double
    }

    /// - Parameter waiting: called once when another run holds the destination and this one waits.
    /// - Throws: `DocScanError.archiveNotFound` (a source), `.badFileList` (a source that is the
    ///   destination), `.archiveBusy`, `.archiveUnusable`, `.outputNotWritable`.
    public func run(waiting: () -> Void = {}) throws -> Report {
        func identity(_ location: String) -> String {
            ArchiveLocation.isServer(location) ? location : URL(fileURLWithPath: location).standardizedFileURL.resolvingSymlinksInPath().path
        }
        let target = identity(destination)
        let archives = try sources.map { source in
            guard identity(source) != target else {
                throw DocScanError.badFileList(path: source, reason: "is the archive merged into; name it only with --archive")
            }
            return try ArchiveLocation.open(source, create: false)
        }
        let store = try ArchiveLocation.open(destination, create: true)
        let lock = try store.lockForWriting(wait: waitForArchive, waiting: waiting)
        let watch = Stopwatch()
        var counts: [Int] = []
        for archive in archives {
            var count = 0
            var run: (root: String, writer: any ArchiveRun)?
            // Pages come in order of root: one run per root, as a scan of that root would write them.
            try archive.forEachPage(.all) { page in
                if run?.root != page.root {
                    try run?.writer.finish()
                    run = (page.root, try store.beginRun(
                        root: page.root, folder: Self.folder(of: page), mode: page.record.mode, languages: LanguageList(codes: page.record.languages)))
                }
                try run?.writer.write(page.record)
                count += 1
            }
            try run?.writer.finish()
            counts.append(count)
        }
        withExtendedLifetime(lock) {}
        return Report(pages: counts, seconds: watch.seconds)
    }

    /// The folder a page's file was scanned under, from its path: so the merged page keeps its path.
    private static func folder(of page: ArchivedPage) -> String {
        let suffix = "/" + page.record.source
        return page.path.hasSuffix(suffix) ? String(page.path.dropLast(suffix.count)) : page.path
    }
}
