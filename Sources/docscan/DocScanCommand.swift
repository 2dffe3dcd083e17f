import ArgumentParser
import DocScanKit

/// The `docscan` command: subcommands only; the work lives in DocScanKit.
struct DocScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docscan",
        abstract: "Turn folders of page images into text, keywords and searchable records.",
        discussion: """
            Scans scanner output and phone photos with Tesseract: each page is loaded, recognized in the
            languages you list (primary first), reduced to keywords, and written as one JSON record.

            Examples:
              docscan scan ~/Scans --jsonl records.jsonl
              docscan scan letters/ --lang de,en --mode fast --jsonl - | jq .keywords
              docscan keywords records.jsonl --stopwords office-words.txt --jsonl records.jsonl
              docscan models --lang chi_sim,eng

            Exit status:
            \(ExitStatus.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n"))
            """,
        subcommands: [ScanCommand.self, KeywordsCommand.self, ModelsCommand.self]
    )
}
