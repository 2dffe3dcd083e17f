import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan search QUERY`: the archive's pages that contain every word of the query, best first.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find archived pages by words, best match first, with snippets and keywords.",
        discussion: """
            Every word of the query must be on the page (in its text or keywords); case and accents do not matter. Chinese is found by words: the query is cut into words the way pages were (蛋白质无机盐 looks for 蛋白质 and 无机盐), so a two-character word such as 脂肪 finds 体脂肪 only where the page's text holds it as a word. A word a line break split with a hyphen (concern- / ing) is found whole (concerning) where the scan's word lists know it. A word ending in * matches as a prefix (invoi*). Pages are ranked by bm25, keyword matches weighing twice as much as text matches.

            Examples:
              docscan search cholesterol
              docscan search 蛋白质 --lang chi_sim --limit 5
              docscan search "harbour dental" --folder ~/Scans/2024 --json | jq -r '.[].path'

            Exit status: 0 (also when nothing matches: the JSON array is then empty), 2 when the archive does not exist, 6 when it cannot be read, 64 for a query without a word.
            """
    )

    @Argument(help: ArgumentHelp("Words to look for; all must be on the page.", valueName: "query"))
    var query: [String]

    @OptionGroup var archiveOptions: ArchiveOptions

    @Option(help: ArgumentHelp("Only pages of files at or under this folder (or this file).", valueName: "path"))
    var folder: String?

    @Option(help: ArgumentHelp(
        "Only pages kept under this collection name (scan --collection), wherever the scanning machines mounted it.",
        valueName: "name"))
    var collection: String?

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Only pages scanned with this language (a Tesseract code or BCP-47 tag: chi_sim, zh-Hans, de).", valueName: "language"))
    var languageText: String?

    @Option(help: ArgumentHelp("How many pages to show.", valueName: "n"))
    var limit = 10

    @Flag(help: "Print the hits as one JSON array (path, root, source, page, page_count, languages, mode, score, snippet, keywords).")
    var json = false

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
        if let languageText {
            do {
                let list = try LanguageList(parsing: languageText)
                guard list.codes.count == 1 else { throw ValidationError("--lang takes one language here") }
            } catch let error as DocScanError {
                throw ValidationError(error.localizedDescription)
            }
        }
    }

    func run() throws {
        let archive = try archiveOptions.openExisting()
        let language = try languageText.map { try LanguageList(parsing: $0).codes[0] }
        let terminal = isatty(STDOUT_FILENO) != 0
        let marks = json ? ("<mark>", "</mark>") : terminal ? ("\u{1B}[1m", "\u{1B}[0m") : ("[", "]")
        var search = ArchiveQuery(
            query.joined(separator: " "), folder: folder.map { ArchiveLocation.root(of: URL(fileURLWithPath: $0)) },
            language: language, limit: limit, marks: marks)
        search.root = collection
        let hits = try archive.search(search)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(try encoder.encode(hits) + Data("\n".utf8))
        } else {
            for (index, hit) in hits.enumerated() {
                let page = hit.pageCount > 1 ? " page \(hit.page)" : ""
                let snippet = hit.snippet.split(whereSeparator: \.isNewline).joined(separator: " ")
                print("\(index + 1). \(hit.path)\(page)  (score \(String(format: "%.2f", hit.score)))")
                print("   \(snippet)")
                if !hit.keywords.isEmpty { print("   keywords: \(hit.keywords.joined(separator: ", "))") }
            }
        }
        if hits.isEmpty && !json {
            StandardError.print("no page matches '\(query.joined(separator: " "))'")
        }
    }
}
