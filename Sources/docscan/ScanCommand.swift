import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan scan DIR`: every page image under DIR through the pipeline, one record per page.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan a folder of page images (or one image) into the archive: text, keywords, records.",
        discussion: """
            Walks the folder recursively in sorted order, skipping hidden files. A file is a page image if its content is PNG, JPEG, TIFF, BMP, PNM, GIF, WebP, JPEG 2000, HEIC or AVIF, or if its extension says so (a fake or broken image then gets a record with its error). Each page of a multi-page TIFF is its own record.

            Pages go into the archive (--archive, default $DOCSCAN_ARCHIVE or ~/.local/share/docscan/archive.sqlite), one transaction per page, where 'docscan search' finds them. Scanning a folder again reads only new and changed files: a page whose file's SHA-256 is archived with the same mode and languages is skipped (--force reads it again); files gone from the folder are named, and --prune removes their pages. --jsonl also writes every page's record (unchanged pages as archived) to a file or standard output; --no-archive writes only those.

            A page that fails is named on standard error and in its record; the other pages go on, and the exit status is 3 (0 with --page-errors-ok). Progress goes to standard error on a terminal.

            On a cluster, task K of an N-task array job runs 'docscan scan DIR --shard K/N' (or '--shard auto'): each file belongs to one shard by a hash of its path, so the tasks together read every file once, into one archive or one each ('docscan merge' joins them). 'docscan plan DIR --shards N --output LISTS' walks the folder once and writes each shard's file list for --files-from, so thousands of tasks do not each walk a network share. With --shard or --files-from, files outside them are not gone, and the archive is asked only about the files read.

            Keywords are the page's words with stop words, numbers and measurements, one-character tokens, low-confidence words and OCR garbage dropped, de-duplicated, and ranked by tf-idf over the run, so words on every page (letterheads, form labels) come last. A --jsonl file is written as pages finish and rewritten ranked at the end; standard output gets the ranked records at the end. The word lists that judge keywords (/usr/share/dict, jieba's dictionary) are compiled once into $DOCSCAN_CACHE, else $XDG_CACHE_HOME/docscan or ~/.cache/docscan (DOCSCAN_CACHE=off: rebuilt every run); deleting that folder is safe.
            """
    )

    @Argument(help: ArgumentHelp("Folder of page images, searched recursively, or a single image file.", valueName: "dir"))
    var input: String

    @OptionGroup var language: LanguageOptions

    @Option(help: "Pages read in parallel, each worker with its own Tesseract engine (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var archiveOptions: ArchiveOptions

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
        "Read only shard K (from 0) of N of the folder, picked by a hash of each file's path, for task K of an array job; 'auto' takes K and N from Slurm, Kubernetes (with DOCSCAN_SHARDS), AWS Batch or Cloud Run.",
        valueName: "K/N|auto"))
    var shard: String?

    @Option(help: ArgumentHelp(
        "Read only the files listed in this file (one path per line, relative to DIR or absolute under it; - reads standard input), as 'docscan plan' writes them, instead of walking DIR.",
        valueName: "file"))
    var filesFrom: String?

    @Option(help: ArgumentHelp(
        "Read this shard's list from the folder 'docscan plan' wrote (with --shard K/N or auto; N must be the plan's), instead of walking DIR.",
        valueName: "lists"))
    var plan: String?

    @Option(help: ArgumentHelp(
        "Keep the pages in the archive under this name instead of DIR's absolute path, for machines that mount the same share at different paths (default: the plan's, with --plan).",
        valueName: "name"))
    var collection: String?

    @Flag(name: [.customShort("0"), .customLong("null")], help: "The --files-from list is separated by NUL bytes (find -print0), not newlines.")
    var nulSeparated = false

    @Flag(help: "Exit 0 when some pages failed (their records carry the error), so a scheduler does not retry a task for a bad file.")
    var pageErrorsOk = false

    @Option(help: ArgumentHelp(
        "Also write the folder's records as JSON Lines to this file (replaced); - writes to standard output.",
        valueName: "file"))
    var jsonl: String?

    @Option(help: ArgumentHelp("Refuse pages larger than this many megapixels, before decoding them.", valueName: "n"))
    var maxMegapixels = ScanDefaults.maxPixels / 1_000_000

    @Option(help: ArgumentHelp(
        "Give up on a page after this many seconds (all its stages); it gets a timed_out error and its worker goes on. 0: no limit.",
        valueName: "seconds"))
    var pageTimeout = ScanDefaults.pageTimeout

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Read pages in worker processes, so a page that crashes Tesseract or Leptonica, hangs, or takes too much memory fails alone (worker_crashed, timed_out, out_of_memory) and the run goes on."))
    var isolation = true

    @Option(help: ArgumentHelp(
        "Kill a worker process holding more than this many megabytes; its page gets an out_of_memory error. 0: no limit.",
        valueName: "MB"))
    var pageMemoryLimit = ScanDefaults.pageMemoryLimit / 1_000_000

    /// Set by docscan itself on the worker processes it starts (see `ProcessIsolation`).
    @Flag(help: .private)
    var worker = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Detect pages turned by 90°, 180° or 270° and turn them upright: Tesseract OSD, skipped for Latin-script languages when the letters' ascenders show the page upright. Default: on."))
    var detectOrientation: Bool?

    @Option(help: ArgumentHelp(
        "Turn a page only when OSD's orientation confidence is at least this (default \(PageOrienter.Options.defaultThreshold)); lower turns more pages, and more wrongly.",
        valueName: "x"))
    var orientationThreshold = PageOrienter.Options.defaultThreshold

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Find the sheet in a photo and flatten it, even out shadows and grey paper, remove specks, level skewed pages (up to 15°), straighten curled lines, erase a table's rules, and enlarge small print."))
    var cleanup = true

    @Option(help: ArgumentHelp(
        "Write each page's step images here (upright, corners found, warped, background, the print's margins on a page filling the frame, curl lines, dewarped, deskewed, cleaned, and the layout: the lines read, in reading order).",
        valueName: "dir"))
    var debugImages: String?

    @OptionGroup(title: "Keywords") var keywords: KeywordOptions

    @OptionGroup var modelOptions: ModelOptions

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxMegapixels >= 1 else { throw ValidationError("--max-megapixels must be at least 1") }
        guard pageMemoryLimit >= 0 else { throw ValidationError("--page-memory-limit must not be negative (0: no limit)") }
        guard pageTimeout >= 0 else { throw ValidationError("--page-timeout must not be negative (0: no limit)") }
        guard orientationThreshold >= 0 else { throw ValidationError("--orientation-threshold must not be negative") }
        if noArchive && (archiveOptions.archive != nil || force || prune) {
            throw ValidationError("--no-archive cannot be combined with --archive, --force or --prune")
        }
        if prune && (shard != nil || filesFrom != nil) {
            throw ValidationError("--prune needs the whole folder: a file outside --shard or --files-from is not gone")
        }
        if nulSeparated && filesFrom == nil {
            throw ValidationError("-0 describes the --files-from list; give --files-from too")
        }
        if collection?.isEmpty == true { throw ValidationError("--collection needs a name") }
        if noArchive && collection != nil { throw ValidationError("--collection names pages in the archive; --no-archive writes none") }
        if plan != nil && (shard == nil || filesFrom != nil) {
            throw ValidationError("--plan needs --shard (K/N or auto), and replaces --files-from")
        }
    }

    func run() throws {
        if worker {
            ChildProcessMain.run(configuration: try makeConfiguration())
            return
        }
        var request = ArchiveScan.Request(
            input: URL(fileURLWithPath: input), configuration: try makeConfiguration(),
            archive: noArchive ? nil : archiveOptions.location, jsonl: jsonl ?? (noArchive ? "-" : nil))
        request.followSymlinks = followSymlinks
        request.force = force
        request.prune = prune
        request.waitForArchive = !noWait
        request.shard = try shard.map { $0 == "auto" ? try Shard(environment: ProcessInfo.processInfo.environment) : try Shard(parsing: $0) }
        request.files = try filesFrom.map { try FileList(reading: $0, nulSeparated: nulSeparated) }
        if let plan, let shard = request.shard {
            // The shard picks the plan's list; the scan then keeps the list's files of that shard, which
            // are all of them when the plan is the folder's.
            let manifest = try PlanManifest(reading: URL(fileURLWithPath: plan))
            request.files = try manifest.list(for: shard, in: URL(fileURLWithPath: plan))
            request.collection = manifest.collection
        }
        if let collection { request.collection = collection }
        if isolation, let command = Self.workerCommand() {
            request.isolation = ProcessIsolation(command: command, memoryLimit: pageMemoryLimit > 0 ? pageMemoryLimit * 1_000_000 : nil)
        }
        let scan = ArchiveScan(request)
        let interruption = InterruptHandler { scan.cancel() }
        let reporter = ProgressReporter(enabled: !quietOption.quiet)
        let outcome = try scan.run { event in
            switch event {
            case .warning(let message): StandardError.print("warning: \(message)")
            case .waitingForArchive(let location): StandardError.print("another docscan scan is writing to \(location); waiting for it to finish")
            case .shard(let shard, let pages, let listed):
                if !quietOption.quiet { StandardError.print("Shard \(shard): \(pages) of the \(listed) pages listed.") }
            case .started(let pages): reporter.start(total: pages)
            case .progress(let progress): reporter.update(progress)
            }
        }
        reporter.finish()
        withExtendedLifetime(interruption) {}
        if !quietOption.quiet { reporter.printSummary(outcome, configuration: request.configuration) }
        if outcome.exitStatus == .somePagesFailed && pageErrorsOk { return }
        if outcome.exitStatus != .ok { throw outcome.exitStatus }
    }

    /// The run's configuration from the options; the parent and its worker processes build the same one.
    private func makeConfiguration() throws -> ScanConfiguration {
        var configuration = try ScanConfiguration(
            mode: language.mode, languages: try language.languages, store: modelOptions.store,
            jobs: jobs, maxPixels: maxMegapixels * 1_000_000,
            orientation: PageOrienter.Options(
                detect: detectOrientation ?? true, threshold: orientationThreshold),
            keywords: keywords.settings)
        configuration.pageTimeout = pageTimeout > 0 ? pageTimeout : nil
        if !cleanup {
            configuration.cleanup = .none
        }
        configuration.debugImages = try debugImages.map { try DebugImages(creating: URL(fileURLWithPath: $0)) }
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
}
