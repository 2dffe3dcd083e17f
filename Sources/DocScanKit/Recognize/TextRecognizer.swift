import Foundation

/// The recognize stage: reads a loaded page with the worker's Tesseract engine.
///
/// Owns its engine for the whole run; one recognizer per worker, never one per page.
public final class TextRecognizer: PageStage {
    let engine: TesseractEngine

    /// Tesseract parameters per mode.
    ///
    /// Fast skips the second pass over inverted (light-on-dark) text: measured here, 16% less time with
    /// the same text on ordinary pages.
    public static func variables(for mode: ScanMode) -> [String: String] {
        switch mode {
        case .fast: ["tessedit_do_invert": "0"]
        case .accurate: [:]
        }
    }

    /// Starts the engine for `models`.
    /// - Parameter userWordsFile: words (one a line) Tesseract's dictionary should know, such as names
    ///   and terms of the user's documents (`--custom-words`).
    /// - Throws: `DocScanError.engineInitFailed`.
    public init(models: ModelSelection, userWordsFile: URL? = nil) throws {
        engine = try TesseractEngine(
            dataPath: models.dataPath,
            languages: models.languages.tesseractString,
            variables: Self.variables(for: models.mode),
            initVariables: userWordsFile.map { ["user_words_file": $0.path] } ?? [:])
    }

    public func run(_ page: CleanedPage, context: inout PageContext) throws -> RecognizedText {
        let resolution = SourceResolution(fileResolution: page.image.resolution)
        if let warning = resolution.warning { context.warnings.append(warning) }
        var result = try engine.recognize(page.image, resolution: resolution.dotsPerInch, deadline: context.deadline)
        result.text = HanSpacing.collapse(result.text).trimmingCharacters(in: .whitespacesAndNewlines)
        result.lines = result.lines.map { line in
            var line = line
            line.text = HanSpacing.collapse(line.text)
            return line
        }
        return result
    }
}

@available(*, unavailable)
extension TextRecognizer: Sendable {}
