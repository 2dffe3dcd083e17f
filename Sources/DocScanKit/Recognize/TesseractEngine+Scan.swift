import DocScanCore
import DocScanNative
import Foundation

/// Tesseract is the recognizer of every scan; tests script others.
extension TesseractEngine: Recognizer {
    /// An engine for a scan in `models`' languages, with the user's words when given. It starts without
    /// the inverted pass; the recognize stage turns it on for a page with dark areas (`TextRecognizer`).
    /// - Parameter userWordsFile: words (one a line) Tesseract's dictionary should know, such as names
    ///   and terms of the user's documents (`--custom-words`).
    ///   - languages: which of the run's languages to load (`PrimaryLanguageRecognizer`).
    /// - Throws: `DocScanError.engineInitFailed`.
    public convenience init(scanning models: ModelSelection, userWordsFile: URL?, languages: LanguageShare = .all) throws {
        let chosen = switch languages {
        case .all: models.models
        case .primary: Array(models.models.prefix(1))
        case .others: Array(models.models.dropFirst())
        }
        try self.init(
            dataPath: models.dataPath, languages: chosen.map(\.language).joined(separator: "+"), modelFiles: chosen.map(\.path),
            initVariables: userWordsFile.map { ["user_words_file": $0.path] } ?? [:])
    }

    /// Which of a run's languages an engine loads.
    public enum LanguageShare: Sendable {
        case all
        /// The first only.
        case primary
        /// All but the first.
        case others
    }

    public func readInvertedText(_ on: Bool) {
        readsInvertedText = on
    }
}
