import DocScanCore
import Foundation

/// The user's keyword settings, turned into the run's extractor: stop-word lists by language plus an
/// optional user list, the lexicon of the languages plus custom words, and the filter options.
public struct KeywordSettings: Sendable {
    /// A stop-word file added to the language lists (`--stopwords`).
    public var stopWordsFile: URL?
    /// Words always kept and given to Tesseract as user words (`--custom-words`).
    public var customWordsFile: URL?
    public var options: SegmentingKeywordExtractor.Options

    public init(stopWordsFile: URL? = nil, customWordsFile: URL? = nil, options: SegmentingKeywordExtractor.Options = .init()) {
        self.stopWordsFile = stopWordsFile
        self.customWordsFile = customWordsFile
        self.options = options
    }

    /// - Throws: `DocScanError.optionFileUnreadable`, `DocScanError.missingDependency`.
    public func extractor(languages: LanguageList) throws -> SegmentingKeywordExtractor {
        var stopWords = try StopWords.defaultDirectory().map { try StopWords(languages: languages, directory: $0) } ?? StopWords()
        if let stopWordsFile {
            stopWords = stopWords.adding(try Self.read(stopWordsFile, option: "--stopwords"))
        }
        let customWords = try customWordsFile.map { try Self.read($0, option: "--custom-words") } ?? ""
        return try SegmentingKeywordExtractor(
            languages: languages,
            stopWords: stopWords,
            lexicon: Lexicon(languages: languages),
            customWords: WordList.words(in: customWords),
            options: options)
    }

    /// What can be checked without loading the lexicon and jieba's dictionary: the user's word files
    /// read, and the dictionary is there.
    /// - Throws: `DocScanError.optionFileUnreadable`, `DocScanError.missingDependency`.
    public func validate() throws {
        if let stopWordsFile { _ = try Self.read(stopWordsFile, option: "--stopwords") }
        if let customWordsFile { _ = try Self.read(customWordsFile, option: "--custom-words") }
        let dictionary = ChineseDictionary.defaultLocation()
        guard FileManager.default.isReadableFile(atPath: dictionary.path) else {
            throw DocScanError.missingDependency(
                name: "jieba dictionary",
                advice: "\(dictionary.path) cannot be read; install python3-jieba (make setup) or set DOCSCAN_JIEBA_DICT")
        }
    }

    private static func read(_ file: URL, option: String) throws -> String {
        do {
            return try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw DocScanError.optionFileUnreadable(option: option, path: file.path, reason: (error as NSError).localizedFailureReason ?? "not readable UTF-8 text")
        }
    }
}
