import ArgumentParser
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

    @OptionGroup var archiveOptions: ArchiveOptions

    @Flag(help: "Fail at once (status 6) when a scan is writing to the archive, instead of waiting for it.")
    var noWait = false

    @Flag(name: .shortAndLong, help: "No summary on standard error; errors are still printed.")
    var quiet = false

    func run() throws {
        do {
            let records = try RecordReader.read(path: input)
            guard let first = records.first else { throw DocScanError.noPages(path: input) }
            let path = archiveOptions.path
            let lock = try RunLock(archivePath: path, wait: !noWait) {
                printError("another docscan scan is writing to \(path); waiting for it to finish")
            }
            let store = try Archive(path: path, create: true)
            let writer = try ArchiveWriter(
                archive: store, root: Archive.root(of: URL(fileURLWithPath: root)), mode: first.mode,
                languages: LanguageList(codes: first.languages))
            let start = DispatchTime.now().uptimeNanoseconds
            for record in records { try writer.write(record) }
            try writer.finish()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            withExtendedLifetime(lock) {}
            if !quiet {
                printError(String(
                    format: "Imported %d pages into %@ in %.2f s (%.2f ms a page).",
                    records.count, path, seconds, seconds * 1000 / Double(records.count)))
            }
        } catch let error as DocScanError {
            throw fail(error)
        }
    }
}
