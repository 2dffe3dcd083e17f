import ArgumentParser
import DocScanKit
import Foundation

/// `docscan scan DIR`: every page image under DIR through the pipeline, one record per page.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan a folder of page images (or one image) into the archive: text, keywords, records.",
        discussion: """
            Walks the folder recursively in sorted order, skipping hidden files. A file is a page image if its content is PNG, JPEG, TIFF, BMP, PNM, GIF, WebP or JPEG 2000, or if its extension says so (a fake or broken image then gets a record with its error). Each page of a multi-page TIFF is its own record.

            Pages go into the archive (--archive, default $DOCSCAN_ARCHIVE or ~/.local/share/docscan/archive.sqlite), one transaction per page, where 'docscan search' finds them. Scanning a folder again reads only new and changed files: a page whose file's SHA-256 is archived with the same mode and languages is skipped (--force reads it again); files gone from the folder are named, and --prune removes their pages. --jsonl also writes every page's record (unchanged pages as archived) to a file or standard output; --no-archive writes only those.

            A page that fails is named on standard error and in its record; the other pages go on, and the exit status is 3. Progress goes to standard error on a terminal.

            Keywords are the page's words with stop words, numbers and measurements, one-character tokens, low-confidence words and OCR garbage dropped, de-duplicated, and ranked by tf-idf over the run, so words on every page (letterheads, form labels) come last. A --jsonl file is written as pages finish and rewritten ranked at the end; standard output gets the ranked records at the end.
            """
    )

    @Argument(help: ArgumentHelp("Folder of page images, searched recursively, or a single image file.", valueName: "dir"))
    var input: String

    @OptionGroup var language: LanguageOptions

    @Option(help: "Pages read in parallel, each worker with its own Tesseract engine (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp(
        "The archive to scan into (default: $DOCSCAN_ARCHIVE or ~/.local/share/docscan/archive.sqlite).", valueName: "path"))
    var archive: String?

    @Flag(help: "Do not use an archive; records go to --jsonl (standard output by default).")
    var noArchive = false

    @Flag(help: "Follow symbolic links that point out of the scanned folder (by default they are named and skipped).")
    var followSymlinks = false

    @Flag(help: "Read every page again, even those archived unchanged.")
    var force = false

    @Flag(help: "Remove from the archive the pages of files that are gone from the folder.")
    var prune = false

    @Flag(help: "Fail at once (status 6) when another scan is writing to the archive, instead of waiting for it.")
    var noWait = false

    @Option(help: ArgumentHelp(
        "Also write the folder's records as JSON Lines to this file (replaced); - writes to standard output.",
        valueName: "file"))
    var jsonl: String?

    @Option(help: ArgumentHelp("Refuse pages larger than this many megapixels, before decoding them.", valueName: "n"))
    var maxMegapixels = 250

    @Option(help: ArgumentHelp(
        "Give up on a page after this many seconds (all its stages); it gets a timed_out error and its worker goes on. 0: no limit.",
        valueName: "seconds"))
    var pageTimeout = ScanConfiguration.defaultPageTimeout

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Read pages in worker processes, so a page that crashes Tesseract or Leptonica, hangs, or takes too much memory fails alone (worker_crashed, timed_out, out_of_memory) and the run goes on."))
    var isolation = true

    @Option(help: ArgumentHelp(
        "Kill a worker process holding more than this many megabytes; its page gets an out_of_memory error. 0: no limit.",
        valueName: "MB"))
    var pageMemoryLimit = 4096

    /// Set by docscan itself on the worker processes it starts (see `WorkerIsolation`).
    @Flag(help: .private)
    var worker = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Detect pages turned by 90°, 180° or 270° (Tesseract OSD) and turn them upright. Default: on in accurate mode, off in fast mode."))
    var detectOrientation: Bool?

    @Option(help: ArgumentHelp(
        "Turn a page only when OSD's orientation confidence is at least this (default \(PageOrienter.Options.defaultThreshold)); lower turns more pages, and more wrongly.",
        valueName: "x"))
    var orientationThreshold = PageOrienter.Options.defaultThreshold

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Even out shadows and grey paper, and level skewed pages (up to 15° in accurate mode, 5° in fast)."))
    var cleanup = true

    @Option(help: ArgumentHelp(
        "Write each page's step images here (upright, corners found, warped, background, deskewed, cleaned).",
        valueName: "dir"))
    var debugImages: String?

    @OptionGroup(title: "Keywords") var keywords: KeywordOptions

    @Option(help: ArgumentHelp("docscan's model directory (default: $DOCSCAN_MODELS or ~/.local/share/docscan/models).", valueName: "dir"))
    var models: String?

    @Flag(name: .shortAndLong, help: "No progress line and no summary; errors are still printed.")
    var quiet = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxMegapixels >= 1 else { throw ValidationError("--max-megapixels must be at least 1") }
        guard pageMemoryLimit >= 0 else { throw ValidationError("--page-memory-limit must not be negative (0: no limit)") }
        guard pageTimeout >= 0 else { throw ValidationError("--page-timeout must not be negative (0: no limit)") }
        guard orientationThreshold >= 0 else { throw ValidationError("--orientation-threshold must not be negative") }
        if noArchive && (archive != nil || force || prune) {
            throw ValidationError("--no-archive cannot be combined with --archive, --force or --prune")
        }
    }

    func run() throws {
        do {
            if worker {
                PageWorker.serve(configuration: try makeConfiguration())
                return
            }
            let summary = try scan()
            throw summary.exitStatus.exitCode
        } catch let error as DocScanError {
            throw fail(error)
        }
    }

    /// The run's configuration from the options; the parent and its worker processes build the same one.
    private func makeConfiguration() throws -> ScanConfiguration {
        let store = models.map { ModelStore(root: URL(fileURLWithPath: $0)) } ?? .default()
        var configuration = try ScanConfiguration(
            mode: language.mode, languages: try language.languages, store: store,
            jobs: jobs, maxPixels: maxMegapixels * 1_000_000,
            orientation: PageOrienter.Options(
                detect: detectOrientation ?? (language.mode == .accurate), threshold: orientationThreshold),
            keywords: keywords.settings)
        configuration.pageTimeout = pageTimeout > 0 ? pageTimeout : nil
        if !cleanup {
            configuration.cleanup = .none
        }
        if let debugImages {
            let folder = URL(fileURLWithPath: debugImages)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw DocScanError.outputNotWritable(path: debugImages, reason: error.localizedDescription)
            }
            configuration.debugImages = DebugImages(folder: folder)
        }
        if isolation, let command = Self.workerCommand() {
            configuration.isolation = WorkerIsolation(
                command: command, memoryLimit: pageMemoryLimit > 0 ? pageMemoryLimit * 1_000_000 : nil)
        }
        return configuration
    }

    /// This process's own command line with `--worker` added after `scan`: a worker parses the very
    /// options its parent did. nil when the command line is not `docscan scan …` (never, from the CLI).
    private static func workerCommand() -> [String]? {
        let arguments = CommandLine.arguments
        guard arguments.count > 1, arguments[1] == "scan",
              let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        else { return nil }
        return [executable, "scan", "--worker"] + arguments.dropFirst(2)
    }

    private func scan() throws -> ScanSummary {
        let configuration = try makeConfiguration()
        let listing = try PageSource(root: URL(fileURLWithPath: input), followsLinksOutside: followSymlinks).list()
        for warning in listing.warnings { printError("warning: \(warning)") }
        guard !listing.pages.isEmpty else { throw DocScanError.noPages(path: input) }
        let jsonlPath = jsonl ?? (noArchive ? "-" : nil)
        let jsonlWriter = try jsonlPath.map { RankingRecordWriter(wrapping: try JSONLinesWriter(path: $0)) }

        var pages = listing.pages
        var plan: ScanPlan?
        var archiveWriter: ArchiveWriter?
        var lock: RunLock?
        let archivePath = archive ?? Archive.defaultPath()
        if !noArchive {
            lock = try RunLock(archivePath: archivePath, wait: !noWait) {
                printError("another docscan scan is writing to \(archivePath); waiting for it to finish")
            }
            let store = try Archive(path: archivePath, create: true)
            let root = Archive.root(of: URL(fileURLWithPath: input))
            let found = try ScanPlan(
                archive: store, listing: listing.pages, root: root, mode: configuration.mode,
                languages: configuration.languages, force: force)
            pages = found.pages
            plan = found
            archiveWriter = try ArchiveWriter(
                archive: store, root: root, mode: configuration.mode, languages: configuration.languages, next: jsonlWriter)
            // The records file holds every page of the folder: the unchanged ones as archived.
            if let jsonlWriter, !found.unchanged.isEmpty {
                let unchanged = Set(found.unchanged.map { "\($0.relativePath)\u{0}\($0.page)" })
                try ArchivedPages(archive: store).forEach(folder: root) { page in
                    guard page.root == root, unchanged.contains("\(page.record.source)\u{0}\(page.record.page)") else { return }
                    try jsonlWriter.write(page.record)
                }
            }
        }
        guard let writer: any RecordWriter = archiveWriter ?? jsonlWriter else {
            throw DocScanError.outputNotWritable(path: "-", reason: "no output: give --jsonl or leave out --no-archive")
        }

        let runner = ScanRunner(configuration: configuration)
        let interruption = InterruptHandler { runner.cancel() }
        let reporter = ProgressReporter(enabled: !quiet)
        reporter.start(total: pages.count)
        let summary = try runner.run(pages: pages, skipped: listing.skipped, writer: writer) { progress in
            reporter.update(progress)
        }
        reporter.finish()
        withExtendedLifetime(interruption) {}
        var pruned = 0
        if let archiveWriter, let plan {
            try archiveWriter.recordOutcome(unchanged: plan.unchanged.count, interrupted: summary.interrupted)
            if prune && !plan.gone.isEmpty && !summary.interrupted { pruned = try archiveWriter.prune(plan.gone) }
        }
        withExtendedLifetime(lock) {}
        if !quiet {
            let outputs = [noArchive ? nil : archivePath, jsonlPath.map { $0 == "-" ? "standard output" : $0 }].compactMap { $0 }
            reporter.printSummary(summary, output: outputs.joined(separator: " and "), configuration: configuration, notRead: listing.notRead)
            if let plan {
                reporter.printArchiveSummary(unchanged: plan.unchanged.count, gone: plan.gone, pruned: prune ? pruned : nil)
            }
        }
        return summary
    }
}
