import ArgumentParser
import DocScanKit
import Foundation

/// `docscan scan DIR`: every page image under DIR through the pipeline, one record per page.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan a folder of page images (or one image) into text and keyword records.",
        discussion: """
            Walks the folder recursively in sorted order, skipping hidden files. A file is a page image if its
            content is PNG, JPEG, TIFF, BMP, PNM, GIF, WebP or JPEG 2000, or if its extension says so (a fake or
            broken image then gets a record with its error). Each page of a multi-page TIFF is its own record.

            A page that fails is named on standard error and in its record; the other pages go on, and the exit
            status is 3. Progress goes to standard error on a terminal; records go to --jsonl.

            Keywords are the page's words with stop words, numbers and measurements, one-character tokens,
            low-confidence words and OCR garbage dropped, de-duplicated, and ranked by tf-idf over the
            run, so words on every page (letterheads, form labels) come last. A --jsonl file is written
            as pages finish and rewritten ranked at the end; standard output gets the ranked records at
            the end.
            """
    )

    @Argument(help: ArgumentHelp("Folder of page images, searched recursively, or a single image file.", valueName: "dir"))
    var input: String

    @OptionGroup var language: LanguageOptions

    @Option(help: "Pages read in parallel, each worker with its own Tesseract engine (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Write JSON Lines records to this file, replacing it; - writes to standard output.", valueName: "file"))
    var jsonl = "-"

    @Option(help: ArgumentHelp("Refuse pages larger than this many megapixels, before decoding them.", valueName: "n"))
    var maxMegapixels = 250

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
        guard orientationThreshold >= 0 else { throw ValidationError("--orientation-threshold must not be negative") }
    }

    func run() throws {
        do {
            let summary = try scan()
            throw summary.exitStatus.exitCode
        } catch let error as DocScanError {
            throw fail(error)
        }
    }

    private func scan() throws -> ScanSummary {
        let store = models.map { ModelStore(root: URL(fileURLWithPath: $0)) } ?? .default()
        var configuration = try ScanConfiguration(
            mode: language.mode, languages: try language.languages, store: store,
            jobs: jobs, maxPixels: maxMegapixels * 1_000_000,
            orientation: PageOrienter.Options(
                detect: detectOrientation ?? (language.mode == .accurate), threshold: orientationThreshold),
            keywords: keywords.settings)
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
        let listing = try PageSource(root: URL(fileURLWithPath: input)).list()
        guard !listing.pages.isEmpty else { throw DocScanError.noPages(path: input) }
        let writer = RankingRecordWriter(wrapping: try JSONLinesWriter(path: jsonl))

        let runner = ScanRunner(configuration: configuration)
        let interruption = InterruptHandler { runner.cancel() }
        let reporter = ProgressReporter(enabled: !quiet)
        reporter.start(total: listing.pages.count)
        let summary = try runner.run(pages: listing.pages, skipped: listing.skipped, writer: writer) { progress in
            reporter.update(progress)
        }
        reporter.finish()
        withExtendedLifetime(interruption) {}
        if !quiet {
            reporter.printSummary(summary, output: jsonl == "-" ? "standard output" : jsonl, configuration: configuration)
        }
        return summary
    }
}
