import ArgumentParser
import DocScanCore
import DocScanKeywords
import DocScanKit
import Foundation

/// The keyword filter options, shared by `scan` and `keywords`.
struct KeywordOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Add the stop words in this file (one a line, # comments) to the lists of the languages.",
        valueName: "file"))
    var stopwords: String?

    @Option(help: ArgumentHelp(
        "Words of your documents (names, terms; one a line): given to Tesseract as user words and never dropped as OCR garbage.",
        valueName: "file"))
    var customWords: String?

    @Option(help: ArgumentHelp(
        "Drop keywords Tesseract read with a word confidence below this (0-100) unless a dictionary knows them (default \(Int(SegmentingKeywordExtractor.Options.defaultMinimumConfidence))).",
        valueName: "n"))
    var minConfidence = SegmentingKeywordExtractor.Options.defaultMinimumConfidence

    @Flag(help: "Fold Traditional Chinese keywords to Simplified (蛋白質 → 蛋白质), so either script finds both.")
    var foldTraditional = false

    func validate() throws {
        guard (0...100).contains(minConfidence) else { throw ValidationError("--min-confidence must be between 0 and 100") }
    }

    var settings: KeywordSettings {
        KeywordSettings(
            stopWordsFile: stopwords.map { URL(fileURLWithPath: $0) },
            customWordsFile: customWords.map { URL(fileURLWithPath: $0) },
            options: .init(minimumConfidence: minConfidence, foldTraditional: foldTraditional))
    }
}
