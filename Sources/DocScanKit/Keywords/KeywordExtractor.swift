/// The keyword stage's interface: recognized text in, ordered de-duplicated keywords out.
///
/// Extractors are swappable (a later one segments Chinese by dictionary and filters OCR garbage);
/// the record fields they fill stay the same.
public protocol KeywordExtractor: Sendable {
    /// Keywords of one page in first-seen order, and what each filter dropped.
    func extract(from text: RecognizedText, languages: LanguageList) -> KeywordResult
}

/// Keywords of one page and the count of tokens each filter dropped.
public struct KeywordResult: Equatable, Sendable {
    public var keywords: [String]
    public var dropped: KeywordFilterCounts

    public init(keywords: [String] = [], dropped: KeywordFilterCounts = KeywordFilterCounts()) {
        self.keywords = keywords
        self.dropped = dropped
    }
}

/// How many tokens each keyword filter dropped on a page.
public struct KeywordFilterCounts: Codable, Equatable, Sendable {
    /// Function words from the stop-word lists of the scan's languages.
    public var stopWord = 0
    /// Tokens without a letter: numbers, amounts, dates.
    public var numeric = 0
    /// Tokens of one character.
    public var short = 0
    /// Repeats of a keyword already kept.
    public var duplicate = 0

    public init() {}

    enum CodingKeys: String, CodingKey {
        case stopWord = "stop_word", numeric, short, duplicate
    }
}

/// The keyword stage: runs the configured extractor over a recognized page.
public struct KeywordStage: PageStage {
    public let extractor: any KeywordExtractor

    public init(extractor: any KeywordExtractor) {
        self.extractor = extractor
    }

    public func run(_ text: RecognizedText, context: inout PageContext) -> KeywordResult {
        extractor.extract(from: text, languages: context.languages)
    }
}
