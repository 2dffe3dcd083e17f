import ArgumentParser
import DocScanCore
import DocScanKit

extension ScanMode: ExpressibleByArgument {}

/// `--mode` and `--lang`, shared by the commands that pick models.
struct LanguageOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "fast: tessdata_fast models, pages at up to 2,500 px, other languages only for doubtful lines. accurate: best installed model per language, pages at up to 3,500 px, every measured improvement. Both turn, find, flatten and deskew pages.",
        valueName: "mode"))
    var mode: ScanMode = .accurate

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Languages in order, primary first: Tesseract codes (chi_sim,eng or chi_sim+eng) or BCP-47 tags (zh-Hans,en-US, de).",
        valueName: "languages"))
    var languageText = "eng"

    /// The parsed list; `validate()` has already rejected a bad one.
    var languages: LanguageList {
        get throws { try LanguageList(parsing: languageText) }
    }

    func validate() throws {
        do {
            _ = try languages
        } catch let error as DocScanError {
            throw ValidationError(error.localizedDescription)
        }
    }
}
