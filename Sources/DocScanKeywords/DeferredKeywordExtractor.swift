import DocScanCore
import Foundation
import Synchronization

/// The default keyword extractor, built the first time a pipeline prepares it.
///
/// Its word lists and jieba's dictionary take about 100 MB, which a process that only hands pages to
/// worker processes and writes their records never uses. What can be checked without loading them (the
/// user's word files, the dictionary's presence) is checked when the run is configured, so a bad option
/// still stops the run before any page is read.
public final class DeferredKeywordExtractor: KeywordExtractor {
    private let settings: KeywordSettings
    private let built = Mutex<Result<SegmentingKeywordExtractor, any Error>?>(nil)

    /// - Throws: `DocScanError.optionFileUnreadable`, `DocScanError.missingDependency`.
    public init(settings: KeywordSettings) throws {
        try settings.validate()
        self.settings = settings
    }

    public func prepare(languages: LanguageList) throws {
        _ = try extractor(languages: languages)
    }

    /// Before `prepare` has succeeded (a caller that skipped it, in an environment broken since the run
    /// was configured), a page gets no keywords and a warning saying why, rather than a crash.
    public func extract(from text: RecognizedText, languages: LanguageList) -> KeywordResult {
        do {
            return try extractor(languages: languages).extract(from: text, languages: languages)
        } catch {
            return KeywordResult(warnings: ["no keywords: \(error.localizedDescription)"])
        }
    }

    /// Built once for the process, for the languages of its first caller: a run has one language list.
    private func extractor(languages: LanguageList) throws -> SegmentingKeywordExtractor {
        try built.withLock { result in
            if let result { return try result.get() }
            let made = Result { try settings.extractor(languages: languages) }
            result = made
            return try made.get()
        }
    }
}
