import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan import RECORDS --root DIR`: JSON Lines records into the archive, without OCR.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add JSON Lines records (from 'docscan scan --jsonl') to the archive.",
        discussion: """
            For records made with --no-archive, or on another machine: each record goes into the archive as if it had just been scanned from ROOT (its 'source' is relative to ROOT), replacing what the archive held for that page. Nothing is read or recognized again.

            Example:
              docscan scan ~/Scans --no-archive --jsonl scans.jsonl
              docscan import scans.jsonl --root ~/Scans
            """
    )

    @Argument(help: ArgumentHelp("Records file; - reads standard input.", valueName: "records"))
    var input: String

    @Option(help: ArgumentHelp("The folder the records' sources are relative to.", valueName: "dir"))
    var root: String

    @Option(help: ArgumentHelp("Keep the pages under this name instead of the folder's path (as scan --collection).", valueName: "name"))
    var collection: String?

    @OptionGroup var archiveOptions: ArchiveOptions

    @Flag(help: "Fail at once (status 6) when a scan is writing to the archive, instead of waiting for it.")
    var noWait = false

    @OptionGroup var quietOption: QuietOption

    func run() throws {
        // Decoding the records is pure CPU (a few ms each): on every core.
        let records = try RecordReader.read(path: input, jobs: ProcessInfo.processInfo.activeProcessorCount)
        guard !records.isEmpty else { throw DocScanError.noPages(path: input) }
        var request = RecordImport(records: records, root: URL(fileURLWithPath: root), archive: archiveOptions.location)
        request.collection = collection
        request.waitForArchive = !noWait
        let report = try request.run {
            StandardError.print("another docscan scan is writing to \(ArchiveLocation.displayName(archiveOptions.location)); waiting for it to finish")
        }
        if !quietOption.quiet {
            StandardError.print(String(
                format: "Imported %d pages into %@ in %.2f s (%.2f ms a page).",
                report.pages, ArchiveLocation.displayName(archiveOptions.location), report.seconds, report.seconds * 1000 / Double(report.pages)))
        }
    }
}
