import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

extension ExportFormat: ExpressibleByArgument {}

/// `docscan export`: the archive's pages as JSON Lines, CSV, sidecar text files or searchable PDFs.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export archived pages as JSON Lines, CSV, text files or searchable PDFs.",
        discussion: """
            jsonl: one record per page, in the record format 'docscan scan --jsonl' writes, keywords ranked over the pages of their folder; to standard output, or --output FILE.

            csv: one row per page (root, source, page, keywords separated by spaces); to standard output, or --output FILE.

            text: one UTF-8 file per page into --output DIR, at the file's path relative to its scanned folder plus .txt (letters.tif.txt; later pages of a multi-page file letters.tif.p2.txt).

            pdf: one searchable PDF per file into --output DIR (letters.tif.pdf): each page the cleaned image docscan read, with Tesseract's invisible text layer over it. The files are read and recognized again, in the mode and languages they were archived with.

            Examples:
              docscan export --format csv > pages.csv
              docscan export --format text --output sidecars/ --folder ~/Scans/2024
              docscan export --format pdf --output pdf/
              docscan export --archive postgresql://scan@db/archive --collection invoices-2024 --output invoices.jsonl
            """
    )

    @Option(help: ArgumentHelp("jsonl, csv, text or pdf.", valueName: "format"))
    var format: ExportFormat = .jsonl

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write: a file for jsonl and csv (default: standard output), a folder for text and pdf.", valueName: "path"))
    var output: String?

    @OptionGroup var archiveOptions: ArchiveOptions

    @Option(help: ArgumentHelp("Only pages of files at or under this folder (or this file).", valueName: "path"))
    var folder: String?

    @Option(help: ArgumentHelp(
        "Only pages kept under this collection name (scan --collection), wherever the scanning machines mounted it.",
        valueName: "name"))
    var collection: String?

    @OptionGroup var modelOptions: ModelOptions

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        if format.writesFolder && output == nil {
            throw ValidationError("--format \(format.rawValue) writes one file per page or document: give --output DIR")
        }
    }

    func run() throws {
        let exporter = ArchiveExporter(
            archive: try archiveOptions.openExisting(),
            selection: PageSelection(folder: folder.map { ArchiveLocation.root(of: URL(fileURLWithPath: $0)) }, root: collection),
            models: modelOptions.store)
        let report = try exporter.export(format, to: output) { failure in
            StandardError.print("\(failure.page): \(failure.error.message) [\(failure.error.kind.rawValue)]")
        }
        if !quietOption.quiet {
            let destination = output ?? "standard output"
            StandardError.print("Exported \(report.pages) page\(report.pages == 1 ? "" : "s")"
                + (report.files > 0 ? " in \(report.files) file\(report.files == 1 ? "" : "s")" : "")
                + " as \(format.rawValue) to \(destination)"
                + (report.failures > 0 ? "; \(report.failures) failed" : "") + ".")
        }
        if report.failures > 0 { throw ExitStatus.somePagesFailed }
    }
}
