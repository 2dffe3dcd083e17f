import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan keywords RECORDS`: keywords extracted again from records already scanned, without OCR.
struct KeywordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keywords",
        abstract: "Extract keywords again from scan records, with new stop words, custom words or threshold.",
        discussion: """
            Reads JSON Lines records written by 'docscan scan' and extracts each page's keywords again from the lines and word confidences in the record: no image is read and no OCR is run, so trying another --min-confidence or stop-word list on a thousand pages takes seconds. Keywords are ranked by tf-idf over the records read. Failed pages are copied unchanged.

            Examples:
              docscan keywords records.jsonl --stopwords office-words.txt --jsonl records.jsonl
              docscan keywords records.jsonl --min-confidence 40 | jq -r .keyword_string
            """
    )

    @Argument(help: ArgumentHelp("Records file from 'docscan scan --jsonl'; - reads standard input.", valueName: "records"))
    var input: String

    @Option(help: ArgumentHelp(
        "Write the records here (it may be the input file: it is read first and replaced in one step); - writes to standard output.",
        valueName: "file"))
    var jsonl = "-"

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Languages to pick stop words and dictionaries by, primary first (default: each record's scan languages).",
        valueName: "languages"))
    var languageText: String?

    @OptionGroup var keywords: KeywordOptions

    @Option(help: "Threads extracting keywords (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let languageText {
            do {
                _ = try LanguageList(parsing: languageText)
            } catch let error as DocScanError {
                throw ValidationError(error.localizedDescription)
            }
        }
    }

    func run() throws {
        let report = try KeywordReextractor(
            settings: keywords.settings, languages: try languageText.map { try LanguageList(parsing: $0) }
        ).reextract(from: input, to: jsonl, jobs: jobs)
        if !quietOption.quiet {
            let megabytes = Double(report.textBytes) / 1_000_000
            let rate = report.seconds > 0 ? megabytes / report.seconds : 0
            StandardError.print(String(
                format: "keywords of %d pages from %.2f MB of text in %.3f s (%.1f MB/s in the keyword stage, %d jobs) to %@",
                report.pages, megabytes, report.seconds, rate, jobs, jsonl == "-" ? "standard output" : jsonl))
        }
    }
}
