import DocScanCore
import DocScanNative
import Foundation

/// Tesseract is the recognizer of every scan; tests script others.
extension TesseractEngine: Recognizer {
    /// An engine for a scan in `models`' mode: the mode's parameters, and the user's words when given.
    /// - Parameter userWordsFile: words (one a line) Tesseract's dictionary should know, such as names
    ///   and terms of the user's documents (`--custom-words`).
    ///   - primaryOnly: load only the first language's model (`PrimaryLanguageRecognizer`).
    /// - Throws: `DocScanError.engineInitFailed`.
    public convenience init(scanning models: ModelSelection, userWordsFile: URL?, primaryOnly: Bool = false) throws {
        let chosen = primaryOnly ? Array(models.models.prefix(1)) : models.models
        try self.init(
            dataPath: models.dataPath, languages: chosen.map(\.language).joined(separator: "+"), modelFiles: chosen.map(\.path),
            variables: Self.variables(for: models.mode),
            initVariables: userWordsFile.map { ["user_words_file": $0.path] } ?? [:])
    }

    /// Tesseract parameters per mode.
    ///
    /// Both start without the second pass over inverted (light-on-dark) text: in fast mode it cost 16%
    /// more time with the same text on ordinary pages. The recognize stage turns it on for a page with
    /// dark areas (`TextRecognizer`).
    public static func variables(for mode: ScanMode) -> [String: String] {
        ["tessedit_do_invert": "0"]
    }

    public func readInvertedText(_ on: Bool) {
        readsInvertedText = on
    }
}
