import Foundation

/// Extracts a record's keywords again from the lines and words it carries, without OCR, so new stop
/// words, custom words or a different confidence threshold apply to pages already scanned.
public final class KeywordReextractor {
    private let settings: KeywordSettings
    private let languages: LanguageList?
    private var extractors: [[String]: SegmentingKeywordExtractor] = [:]
    /// UTF-8 bytes of page text the keyword stage has read.
    public private(set) var textBytes = 0
    /// Seconds spent in the keyword stage alone (not reading or writing records).
    public private(set) var seconds = 0.0

    /// - Parameter languages: the languages to pick stop words and lexicons by; nil uses each record's own.
    public init(settings: KeywordSettings, languages: LanguageList? = nil) {
        self.settings = settings
        self.languages = languages
    }

    /// `record` with new keywords, keyword string, counts and drop counts; a failed page is returned as it is.
    /// - Throws: `DocScanError` when an extractor cannot be built (a language, a file, a dependency).
    public func reextract(_ record: PageRecord) throws -> PageRecord {
        guard record.error == nil else { return record }
        let languages = try languages ?? LanguageList(parsing: record.languages.joined(separator: ","))
        let extractor = try extractor(for: languages)
        let text = RecognizedText(
            text: record.text, meanConfidence: record.meanConfidence ?? 0,
            words: record.words, lines: record.lines, resolution: record.resolution ?? 0)
        let watch = Stopwatch()
        let found = extractor.extract(from: text, languages: languages)
        seconds += watch.elapsed / 1000
        textBytes += record.text.utf8.count
        var record = record
        record.keywords = found.keywords
        record.keywordString = found.keywords.joined(separator: " ")
        record.keywordCounts = found.counts
        record.keywordsDropped = found.dropped
        return record
    }

    private func extractor(for languages: LanguageList) throws -> SegmentingKeywordExtractor {
        if let extractor = extractors[languages.codes] { return extractor }
        let extractor = try settings.extractor(languages: languages)
        extractors[languages.codes] = extractor
        return extractor
    }
}

@available(*, unavailable)
extension KeywordReextractor: Sendable {}
