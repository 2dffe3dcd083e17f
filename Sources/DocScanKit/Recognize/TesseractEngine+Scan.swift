import DocScanCore
import DocScanNative
import Foundation

/// Tesseract is the recognizer of every scan; tests script others.
extension TesseractEngine: Recognizer {
    /// An engine for a scan in `models`' languages, with the user's words when given. It starts without
    /// the inverted pass; the recognize stage turns it on for a page with dark areas (`TextRecognizer`).
    /// - Parameter userWordsFile: words (one a line) Tesseract's dictionary should know, such as names
    ///   and terms of the user's documents (`--custom-words`).
    ///   - primaryOnly: load only the first language's model (`PrimaryLanguageRecognizer`).
    /// - Throws: `DocScanError.engineInitFailed`.
    public convenience init(scanning models: ModelSelection, userWordsFile: URL?, primaryOnly: Bool = false) throws {
        let chosen = primaryOnly ? Array(models.models.prefix(1)) : models.models
        try self.init(
            dataPath: models.dataPath, languages: chosen.map(\.language).joined(separator: "+"), modelFiles: chosen.map(\.path),
            initVariables: userWordsFile.map { ["user_words_file": $0.path] } ?? [:])
    }

    public func readInvertedText(_ on: Bool) {
        readsInvertedText = on
    }
}
