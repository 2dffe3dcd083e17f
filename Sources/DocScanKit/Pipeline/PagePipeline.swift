import Foundation

/// Runs one page through every stage with one worker's engines, and turns the outcome into a record.
///
/// A pipeline belongs to one worker thread for the whole run; it never writes output.
public final class PagePipeline {
    private let configuration: ScanConfiguration
    private let loader: PageLoader
    private let recognizer: TextRecognizer
    private let keywords: KeywordStage

    /// Starts this worker's engines.
    /// - Throws: `DocScanError.engineInitFailed`.
    public init(configuration: ScanConfiguration) throws {
        self.configuration = configuration
        loader = PageLoader(maxPixels: configuration.maxPixels)
        recognizer = try TextRecognizer(models: configuration.models)
        keywords = KeywordStage(extractor: configuration.keywordExtractor)
    }

    /// The record for `page`; a page that fails gets a record with its error, never a thrown error.
    public func process(_ page: PageReference) -> PageRecord {
        let total = Stopwatch()
        var record = PageRecord(page: page, models: configuration.models)
        var context = PageContext(page: page, mode: configuration.mode, languages: configuration.languages)
        do {
            var watch = Stopwatch()
            record.sha256 = try FileHasher.sha256(of: page.url)
            context.timings.source = watch.lap()
            let loaded = try loader.run(page, context: &context)
            context.timings.load = watch.lap()
            record.width = loaded.image.width
            record.height = loaded.image.height
            let text = try recognizer.run(loaded, context: &context)
            context.timings.recognize = watch.lap()
            let found = keywords.run(text, context: &context)
            context.timings.keywords = watch.lap()
            record.text = text.text
            record.meanConfidence = text.meanConfidence
            record.resolution = text.resolution > 0 ? text.resolution : nil
            record.words = text.words.map(Self.rounded)
            record.lines = text.lines.map(Self.rounded)
            record.keywords = found.keywords
            record.keywordsDropped = found.dropped
        } catch let error as PageError {
            record.error = error
        } catch {
            record.error = PageError(.recognitionFailed, String(describing: error))
        }
        context.timings.total = total.elapsed
        record.timingsMs = context.timings.rounded()
        record.warnings = context.warnings
        return record
    }

    /// Confidences to one decimal: more digits are noise in a record.
    private static func rounded(_ span: RecognizedSpan) -> RecognizedSpan {
        var span = span
        span.confidence = (span.confidence * 10).rounded() / 10
        return span
    }
}

extension StageTimings {
    /// Milliseconds to one decimal.
    func rounded() -> StageTimings {
        func round(_ value: Double?) -> Double? { value.map { ($0 * 10).rounded() / 10 } }
        var copy = self
        copy.source = round(source)
        copy.load = round(load)
        copy.recognize = round(recognize)
        copy.keywords = round(keywords)
        copy.total = round(total)
        return copy
    }
}

@available(*, unavailable)
extension PagePipeline: Sendable {}
