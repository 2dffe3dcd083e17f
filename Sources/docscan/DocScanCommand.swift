import ArgumentParser
import DocScanCore
import DocScanKit

/// The `docscan` command: subcommands only; the work lives in DocScanKit.
struct DocScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docscan",
        abstract: "Turn folders of page images into text, keywords and searchable records.",
        discussion: """
            Scans scanner output and phone photos with Tesseract: each page is loaded, turned upright, cleaned up, recognized in the languages you list (primary first), reduced to keywords, and kept in an SQLite archive (~/.local/share/docscan/archive.sqlite unless --archive says otherwise) where 'docscan search' finds it. Scanning a folder again reads only new and changed files.

            Examples:
              docscan scan ~/Scans
              docscan search harbour dental
              docscan scan letters/ --lang de,en --mode fast --jsonl - | jq .keywords
              docscan export --format pdf --output ~/Archive/pdf
              docscan keywords records.jsonl --stopwords stop.txt --jsonl records.jsonl
              docscan models --lang chi_sim,eng
              docscan scan /mnt/scans --shard 3/16 --archive shard-3.sqlite

            Exit status:
            \(ExitStatus.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n"))
            """,
        version: DocScanVersion.current,
        subcommands: [
            ScanCommand.self, SearchCommand.self, ExportCommand.self, ImportCommand.self, MergeCommand.self, PlanCommand.self,
            ArchiveCommand.self, ServeCommand.self, KeywordsCommand.self, ModelsCommand.self,
        ]
    )
}
