import DocScanCore
import Foundation

/// The recognize stage: reads a cleaned page with the worker's recognizer.
///
/// Holds its recognizer for the whole run; one stage per worker, never one per page.
public final class TextRecognizer: PageStage {
    let recognizer: any Recognizer

    public init(recognizer: any Recognizer) {
        self.recognizer = recognizer
    }

    public func run(_ page: CleanedPage, context: inout PageContext) throws -> RecognizedText {
        let resolution = SourceResolution(fileResolution: page.image.resolution)
        if let warning = resolution.warning { context.warnings.append(warning) }
        var result = try recognizer.recognize(page.image, resolution: resolution.dotsPerInch, deadline: context.deadline)
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
