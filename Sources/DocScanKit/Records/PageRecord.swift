import DocScanCore
import DocScanKeywords

/// One page's result: the JSON Lines record, and what workers hand the writer.
///
/// Field names are the record schema (README, "Record format"); a change to them bumps `schema`.
/// Optional fields are `@ExplicitNull`: written as `null`, never left out, so every record has every key.
public struct PageRecord: Codable, Equatable, Sendable {
    /// The record format's version.
    /// Version 2 added `keyword_string` and the `low_confidence` and `garbage` drop counts.
    public static let currentSchema = 2

    public var schema = PageRecord.currentSchema
    /// Path relative to the scan root, `/`-separated.
    public var source: String
    /// 1-based page number within the file.
    public var page: Int
    public var pageCount: Int
    /// SHA-256 of the file's bytes, lowercase hex; nil if the file could not be read.
    @ExplicitNull public var sha256: String?
    public var fileSize: Int64
    /// Image format judged from the content; nil when it is not an image.
    @ExplicitNull public var format: ImageFormat?
    public var mode: ScanMode
    /// Tesseract codes, primary first.
    public var languages: [String]
    /// The model file used per language.
    public var models: [ModelUse]
    /// Size of the image as stored in the file; nil when it could not be decoded.
    @ExplicitNull public var originalWidth: Int?
    @ExplicitNull public var originalHeight: Int?
    /// Factor the page was scaled by to the working size; 1 when it was not.
    @ExplicitNull public var scale: Double?
    /// The part of the stored image (turned upright by its EXIF orientation) that was read, when its print
    /// filled a small part of plain paper and the rest was cut away; nil when the whole image was read.
    @ExplicitNull public var cropped: PageBox? = nil
    /// EXIF and OSD findings and the turns applied; nil when the page could not be loaded.
    @ExplicitNull public var orientation: OrientationReport?
    /// What the clean-up stage did; nil when the page did not get that far.
    @ExplicitNull public var cleanup: CleanupReport?
    /// Size of the image recognized (after turning upright), in pixels.
    @ExplicitNull public var width: Int?
    @ExplicitNull public var height: Int?
    /// Resolution given to Tesseract (dpi); nil when the file had no plausible one and Tesseract estimated it.
    @ExplicitNull public var resolution: Int?
    public var text: String
    /// Tesseract's mean word confidence, 0–100; nil when the page failed.
    @ExplicitNull public var meanConfidence: Double?
    public var words: [RecognizedSpan]
    public var lines: [RecognizedSpan]
    /// How the text was put in reading order (rows of a table, or Tesseract's blocks); nil for a page
    /// that was not recognized.
    @ExplicitNull public var layout: PageLayout? = nil
    /// Keywords, ranked by tf-idf over the run's pages (first-seen order among equals).
    public var keywords: [String]
    /// The keywords joined by spaces, for full-text indexes.
    public var keywordString: String
    public var keywordsDropped: KeywordFilterCounts
    /// How often each keyword occurs on the page, for ranking; not part of the record.
    public var keywordCounts: [String: Int] = [:]
    /// Wall-clock milliseconds of each stage.
    public var timingsMs: StageTimings
    /// CPU milliseconds of each stage, on the thread that read the page: what a stage costs whatever
    /// else the machine does. Nil for a page whose worker died, and in records written before it existed.
    @ExplicitNull public var cpuMs: StageTimings? = nil
    public var warnings: [String]
    /// Why the page failed, or nil.
    @ExplicitNull public var error: PageError?

    /// Which model file read a language.
    public struct ModelUse: Codable, Equatable, Sendable {
        public var language: String
        public var variant: ModelVariant
        public var path: String
    }

    enum CodingKeys: String, CodingKey {
        case schema, source, page, pageCount = "page_count", sha256, fileSize = "file_size", format, mode,
             languages, models, originalWidth = "original_width", originalHeight = "original_height", scale, cropped,
             orientation, cleanup, width, height, resolution, text, meanConfidence = "mean_confidence", words,
             lines, layout, keywords, keywordString = "keyword_string", keywordsDropped = "keywords_dropped", timingsMs = "timings_ms",
             cpuMs = "cpu_ms", warnings, error
    }
}

extension PageRecord {
    /// A record for `page` before any stage ran: no text, no keywords, no error yet.
    init(page: PageReference, models: ModelSelection) {
        self.init(
            source: page.relativePath, page: page.page, pageCount: page.pageCount, sha256: nil,
            fileSize: page.fileSize, format: page.format, mode: models.mode, languages: models.languages.codes,
            models: models.models.map { ModelUse(language: $0.language, variant: $0.variant, path: $0.path) },
            originalWidth: nil, originalHeight: nil, scale: nil, orientation: nil, cleanup: nil, width: nil, height: nil, resolution: nil, text: "", meanConfidence: nil, words: [], lines: [],
            keywords: [], keywordString: "", keywordsDropped: KeywordFilterCounts(), timingsMs: StageTimings(), warnings: [], error: nil)
    }
}
