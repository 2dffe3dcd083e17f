import DocScanCore
import DocScanKeywords
import Foundation

/// Everything a run needs, checked before any page is read, and shared by all workers.
public struct ScanConfiguration: Sendable {
    /// The models chosen per language for the mode; carries the mode and the language list.
    public let models: ModelSelection
    /// Number of workers, each with its own engines.
    public var jobs: Int
    /// Pages with more pixels are refused before decoding.
    public var maxPixels: Int
    /// Longer side, in pixels, that larger pages are scaled down to, and that pages of small print are
    /// enlarged to at most (`cleanup.longestSide`).
    public var workingSize: Int {
        didSet { cleanup.longestSide = workingSize }
    }
    public var keywordExtractor: any KeywordExtractor
    /// What each worker reads pages with: Tesseract, unless a test scripts it.
    public var recognizers = RecognizerFactory.tesseract
    /// A word list (one a line) given to Tesseract as user words, or nil.
    public var userWordsFile: URL?
    /// Orientation detection settings; detection is on by default in both modes.
    public var orientation: PageOrienter.Options
    /// Leave a page whose orientation the ascenders and punctuation do not settle on the frame to be
    /// judged again once cleaned up (`PageOrienter.Options.defersToCleanedPage`); on when the clean-up
    /// looks for sheets.
    public var judgesOrientationOnCleanedPage = true
    /// Clean-up settings: background normalization and deskew.
    public var cleanup: PageCleaner.Options
    /// Seconds a page may take, all stages together, before it becomes a `timed_out` error; nil for no limit.
    public var pageTimeout: Double? = ScanDefaults.pageTimeout
    /// Where to write each step's image, or nil.
    public var debugImages: DebugImages? {
        didSet { cleanup.keepSteps = debugImages != nil }
    }
    /// The OSD model, when one is installed.
    public let osdModel: InstalledModel?
    /// Take what image decoders print to standard error into the page's record (`PageLoader`). Set
    /// by worker processes only: the redirection is process-wide.
    public var capturesDecoderMessages = false

    public var mode: ScanMode { models.mode }
    public var languages: LanguageList { models.languages }

    /// - Parameters:
    ///   - keywords: what the default keyword extractor is built from; ignored when `keywordExtractor` is given.
    /// - Throws: `DocScanError.missingModel` for a language without a model in `mode`,
    ///   `DocScanError.missingDependency` without jieba's dictionary, `DocScanError.optionFileUnreadable`
    ///   for a stop-word or custom-word file that cannot be read.
    public init(
        mode: ScanMode,
        languages: LanguageList,
        store: ModelStore = .default(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        maxPixels: Int = ScanDefaults.maxPixels,
        orientation: PageOrienter.Options? = nil,
        keywords: KeywordSettings = KeywordSettings(),
        keywordExtractor: (any KeywordExtractor)? = nil
    ) throws {
        models = try ModelSelection(languages: languages, mode: mode, store: store)
        self.jobs = max(1, jobs)
        self.maxPixels = maxPixels
        workingSize = PageLoader.workingSize(for: mode)
        cleanup = PageCleaner.Options.defaults(for: mode)
        debugImages = nil
        self.orientation = orientation ?? PageOrienter.Options(detect: true)
        self.orientation.ascenderCheck = languages.codes.allSatisfy(LanguageCode.isLatinScript)
        self.orientation.punctuationCheck = PageOrienter.Options.punctuationCheck(for: languages.codes)
        if self.orientation.workingSize == nil {
            self.orientation.workingSize = PageOrienter.Options.workingSize(for: languages.codes)
        }
        osdModel = store.model(language: "osd", variant: .fast) ?? store.model(language: "osd", variant: .standard)
        if self.orientation.detect && osdModel == nil {
            throw DocScanError.missingModel(language: "osd", mode: mode, advice: ModelStore.installAdvice(for: "osd"))
        }
        userWordsFile = keywords.customWordsFile
        // Loaded by the pipelines that extract, not here: a parent of worker processes never extracts.
        self.keywordExtractor = try keywordExtractor ?? DeferredKeywordExtractor(settings: keywords)
    }
}
