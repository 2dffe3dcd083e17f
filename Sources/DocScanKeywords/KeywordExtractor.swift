import DocScanCore

/// The keyword stage's interface: recognized text in, ordered de-duplicated keywords out.
///
/// Extractors are swappable (a later one segments Chinese by dictionary and filters OCR garbage);
/// the record fields they fill stay the same.
public protocol KeywordExtractor: Sendable {
    /// Keywords of one page in first-seen order, and what each filter dropped.
    func extract(from text: RecognizedText, languages: LanguageList) -> KeywordResult
    /// Loads what extraction needs (word lists, dictionaries) before the first page, so a missing
    /// resource stops a pipeline when it starts rather than showing on a page.
    /// - Throws: `DocScanError.missingDependency`, `DocScanError.optionFileUnreadable`.
    func prepare(languages: LanguageList) throws
}

extension KeywordExtractor {
    /// Nothing to load by default.
    public func prepare(languages: LanguageList) throws {}
}

/// Keywords of one page and the count of tokens each filter dropped.
public struct KeywordResult: Equatable, Sendable {
    public var keywords: [String]
    public var dropped: KeywordFilterCounts
    /// How often each keyword occurs on the page (term frequency, for ranking).
    public var counts: [String: Int]
    /// What went wrong without stopping the page (a line ICU could not segment), for the record's warnings.
    public var warnings: [String]

    public init(
        keywords: [String] = [], dropped: KeywordFilterCounts = KeywordFilterCounts(), counts: [String: Int] = [:],
        warnings: [String] = []
    ) {
        self.keywords = keywords
        self.dropped = dropped
        self.counts = counts
        self.warnings = warnings
    }
}

/// How many tokens each keyword filter dropped on a page.
public struct KeywordFilterCounts: Codable, Equatable, Sendable {
    /// Function words from the stop-word lists of the scan's languages.
    public var stopWord = 0
    /// Numbers and measurements: amounts, dates, times, ranges, values with units, phone and ID numbers.
    public var numeric = 0
    /// Tokens of one character.
    public var short = 0
    /// Words read with less than the minimum OCR confidence and unknown to the lexicon.
    public var lowConfidence = 0
    /// Words whose shape OCR made up (`tHe`, `mhlz`, `l0ve`) and unknown to the lexicon.
    public var garbage = 0
    /// Repeats of a keyword already kept.
    public var duplicate = 0

    public init() {}

    enum CodingKeys: String, CodingKey {
        case stopWord = "stop_word", numeric, short, lowConfidence = "low_confidence", garbage, duplicate
    }
}

/// The keyword stage: runs the configured extractor over a recognized page.
public struct KeywordStage: PageStage {
    public let extractor: any KeywordExtractor

    public init(extractor: any KeywordExtractor) {
        self.extractor = extractor
    }

    public func run(_ text: RecognizedText, context: inout PageContext) -> KeywordResult {
        let result = extractor.extract(from: text, languages: context.languages)
        context.warnings += result.warnings
        return result
    }
}
