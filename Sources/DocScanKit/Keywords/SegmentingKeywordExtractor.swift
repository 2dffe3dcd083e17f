import DocScanICU
import Foundation

/// The keyword extractor: clean, findable terms in every installed language.
///
/// Per recognized line, NFKC-normalized with each character's OCR word confidence: numbers and
/// measurements are masked first, so `65.3kg` or `2021.10.09` is dropped whole instead of leaving
/// pieces; the rest is cut into words by ICU (UAX #29), Han runs by jieba's dictionary. Each word is
/// case-folded and then dropped, in this order, as a number, as one character, as a stop word, for low
/// OCR confidence, or as garbage by shape; a word in the lexicon or the user's custom words is not
/// dropped for confidence or shape. Repeats are counted, not kept.
public struct SegmentingKeywordExtractor: KeywordExtractor {
    public struct Options: Sendable {
        /// Words read with a lower confidence (0–100) are dropped unless the lexicon knows them.
        public var minimumConfidence: Double
        /// Fold Traditional Chinese characters to Simplified, so 蛋白質 and 蛋白质 are one keyword.
        public var foldTraditional: Bool

        /// The default confidence threshold, chosen by a sweep on the public eval set (README, "Keywords").
        public static let defaultMinimumConfidence = 60.0

        public init(minimumConfidence: Double = defaultMinimumConfidence, foldTraditional: Bool = false) {
            self.minimumConfidence = minimumConfidence
            self.foldTraditional = foldTraditional
        }
    }

    public let options: Options
    let segmenter: TextSegmenter
    let stopWords: StopWords
    let lexicon: Lexicon
    let customWords: Set<String>
    let garbage: GarbageRules
    let folding: ChineseScriptFolding?
    private let measurements = MeasurementMatcher()

    /// - Parameters:
    ///   - customWords: words (case-folded here) that are always kept; they are also given to Tesseract.
    /// - Throws: `DocScanError.missingDependency` when jieba's dictionary or ICU cannot be loaded.
    public init(
        languages: LanguageList,
        stopWords: StopWords,
        lexicon: Lexicon,
        customWords: [String] = [],
        options: Options = Options()
    ) throws {
        do {
            segmenter = TextSegmenter(wordBreaker: try WordBreaker(), chinese: try ChineseSegmenter.shared())
            folding = options.foldTraditional ? try ChineseScriptFolding() : nil
        } catch let error as ChineseDictionaryError {
            throw DocScanError.missingDependency(name: "jieba dictionary", advice: "\(error.localizedDescription); install python3-jieba (make setup) or set DOCSCAN_JIEBA_DICT")
        } catch {
            throw DocScanError.missingDependency(name: "ICU", advice: "\(error)")
        }
        self.stopWords = stopWords
        self.lexicon = lexicon.adding(customWords)
        self.customWords = Set(customWords.map { Self.fold($0) })
        self.options = options
        garbage = GarbageRules(languages: languages)
    }

    public func extract(from text: RecognizedText, languages: LanguageList) -> KeywordResult {
        var result = KeywordResult()
        for line in ConfidentLine.lines(of: text) {
            extract(from: line, into: &result)
        }
        return result
    }

    func extract(from line: ConfidentLine, into result: inout KeywordResult) {
        let found = measurements.matches(in: line.text)
        result.dropped.numeric += found.count
        let masked = found.isEmpty ? line.text : Self.masking(found.map(\.range), in: line.text)
        guard let segments = try? segmenter.segments(in: masked) else { return }
        // Segment ranges are indices of `masked`; offsets are counted along, not searched from the start.
        var index = masked.unicodeScalars.startIndex
        var offset = 0
        for segment in segments {
            let start = offset + masked.unicodeScalars.distance(from: index, to: segment.range.lowerBound)
            let length = segment.text.unicodeScalars.count
            index = segment.range.upperBound
            offset = start + length
            guard segment.kind != .nonWord else { continue }
            consider(segment.text, kind: segment.kind, confidence: line.confidence(scalarOffsets: start..<(start + length)), into: &result)
        }
    }

    private func consider(_ token: String, kind: WordSegment.Kind, confidence: Double, into result: inout KeywordResult) {
        guard kind != .number, token.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else {
            result.dropped.numeric += 1
            return
        }
        var word = Self.fold(token)
        if let folding, word.unicodeScalars.contains(where: HanSpacing.isHan) {
            word = (try? folding.simplified(word)) ?? word
        }
        if stopWords.contains(word) {
            result.dropped.stopWord += 1
            return
        }
        word = Self.withoutClitics(word)
        guard word.count >= 2 else {
            result.dropped.short += 1
            return
        }
        if stopWords.contains(word) {
            result.dropped.stopWord += 1
            return
        }
        if !customWords.contains(word) {
            let han = word.unicodeScalars.contains(where: HanSpacing.isHan)
            let known = !han && lexicon.contains(word)
            if confidence < options.minimumConfidence && !known {
                result.dropped.lowConfidence += 1
                return
            }
            if !han && !known && garbage.reason(for: token) != nil {
                result.dropped.garbage += 1
                return
            }
        }
        if let count = result.counts[word] {
            result.counts[word] = count + 1
            result.dropped.duplicate += 1
        } else {
            result.counts[word] = 1
            result.keywords.append(word)
        }
    }

    /// Case-folded with typographic apostrophes made plain, so `Don’t` meets the stop word `don't`.
    static func fold(_ token: String) -> String {
        var folded = token.lowercased()
        if folded.contains("’") || folded.contains("ʼ") {
            folded = folded.replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "ʼ", with: "'")
        }
        return folded
    }

    /// French elisions and the English possessive come off: `l'analyse` → `analyse`,
    /// `qu'il` → `il`, `Watson's` → `watson`.
    static func withoutClitics(_ word: String) -> String {
        guard word.contains("'") else { return word }
        var word = word
        if word.hasSuffix("'s") { word.removeLast(2) }
        if let apostrophe = word.firstIndex(of: "'"),
           elisions.contains(String(word[..<apostrophe])) {
            word = String(word[word.index(after: apostrophe)...])
        }
        return word
    }

    static let elisions: Set<String> = ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"]

    /// `text` with every scalar in `ranges` replaced by a space, so offsets stay the same.
    static func masking(_ ranges: [Range<String.Index>], in text: String) -> String {
        var output = String.UnicodeScalarView()
        var position = text.unicodeScalars.startIndex
        for range in ranges {
            output.append(contentsOf: text.unicodeScalars[position..<range.lowerBound])
            output.append(contentsOf: repeatElement(" ", count: text.unicodeScalars[range].count))
            position = range.upperBound
        }
        output.append(contentsOf: text.unicodeScalars[position...])
        return String(output)
    }
}
