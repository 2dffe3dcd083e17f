import DocScanCore
import DocScanNative
import Foundation

/// Reads a page in its primary language and reads again, in the primary and then the other languages,
/// only the lines it doubts: the recognizer in both modes when a Chinese, Japanese or Korean page may
/// hold words of another script (`--lang chi_sim,eng`).
///
/// Tesseract given `chi_sim+eng` reads every line whose words it doubts once more in each other
/// language, whole line by whole line: measured here with the tesseract CLI, `chi_sim+eng` took 1.4–1.5×
/// the time of `chi_sim` alone on the eval set's Chinese pages, and its English retry took over Chinese
/// words (the lab report's `左下肢` read `AFAR`). Read in the primary language, a line under
/// `doubtfulLine` is cut out and read as one line in the primary language and, by a second engine, in
/// the others; the two readings are joined stretch by stretch (`LineLanguageMerge`), and the result
/// replaces the line's when Tesseract is surer of it. (The second engine first held every language, a
/// second copy of the Chinese model: about 50 MB a worker, mostly Tesseract's legacy classifier
/// tables.) Measured on the eval set's eight Chinese pages in fast mode: recognition 34.1 s → 28.1 s,
/// mean CER of the set 0.049 → 0.046; one page read worse (a shadowed table of Chinese names and English
/// terms, 0.071 → 0.084: the Chinese model reads `SMB` as `SVMB` with confidence). Re-reading every line with Latin letters as well cost more than it saved
/// (recognition 49.6 s) and did not fix that page. In accurate mode every Chinese page of the eval set
/// and Fixtures read better (set mean 0.0395 → 0.0374) and recognition took 37.4 s instead of 41.9 s.
///
/// Lists of one script (`eng,deu,fra`) keep Tesseract's own choice per word: read in English first,
/// eurotext's German and French lines came back confident and wrong (CER 0.012 → 0.022).
public final class PrimaryLanguageRecognizer: Recognizer {
    /// Line confidence under which a line is read again, in the primary and the other languages.
    static let doubtfulLine = 85.0
    /// How many points surer the joined reading must be to replace the line.
    static let margin = 3.0

    private let primary: TesseractEngine
    private let others: TesseractEngine

    /// The languages each engine loaded, `+`-joined (Tesseract's form): the primary, then the others.
    var engineLanguages: (primary: String, others: String) { (primary.languages, others.languages) }

    /// Whether a run in `languages` (Tesseract codes, primary first) is read primary first: a Chinese,
    /// Japanese or Korean primary with a language of another script after it.
    public static func applies(to languages: [String]) -> Bool {
        guard let primary = languages.first, LanguageCode.isUnspacedScript(primary) else { return false }
        return languages.dropFirst().contains { !LanguageCode.isUnspacedScript($0) }
    }

    public init(primary: TesseractEngine, others: TesseractEngine) {
        self.primary = primary
        self.others = others
    }

    public func readInvertedText(_ on: Bool) {
        primary.readsInvertedText = on
        others.readsInvertedText = on
    }

    public func meanConfidence(_ image: PixImage, resolution: Int) throws -> Double {
        try primary.meanConfidence(image, resolution: resolution)
    }

    public func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText {
        try recognize(image, resolution: resolution, deadline: deadline, singleBlock: false)
    }

    /// A line on its own is read in the primary language and in the others, and the readings joined
    /// (`LineLanguageMerge`): a doubtful line, or one cut out because nothing read it yet.
    public func recognizeLine(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText {
        LineLanguageMerge.merge(
            primary: try primary.recognizeLine(image, resolution: resolution, deadline: deadline),
            others: try others.recognizeLine(image, resolution: resolution, deadline: deadline))
    }

    public func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline, singleBlock: Bool) throws -> RecognizedText {
        var page = try primary.recognize(image, resolution: resolution, deadline: deadline, singleBlock: singleBlock)
        try page.rereadLines(under: Self.doubtfulLine, on: image) {
            try recognizeLine($0, resolution: resolution, deadline: deadline)
        } keeping: { line, reading in
            reading.confidence >= line.confidence + Self.margin
        }
        return page
    }
}

@available(*, unavailable)
extension PrimaryLanguageRecognizer: Sendable {}
