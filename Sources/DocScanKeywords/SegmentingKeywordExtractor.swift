import DocScanCore
import DocScanICU
import Foundation

/// The keyword extractor: clean, findable terms in every installed language.
///
/// Over the recognized lines, NFKC-normalized with each character's OCR word confidence (and optionally
/// folded to Simplified Chinese): numbers and measurements are masked first, so `65.3kg` or
/// `2021.10.09` is dropped whole instead of leaving pieces; the rest is cut into words by ICU
/// (UAX #29), Han runs by jieba's dictionary. Each word is case-folded and then dropped, in this order,
/// as a number, as a stop word (checked whole, then on the pieces apostrophes, `.` and `@` split it
/// into), as too short (one character; two unless an acronym), for low OCR confidence, or as garbage by
/// shape. A word in the lexicon (for Chinese, jieba's dictionary) is not dropped for confidence or
/// shape; a custom word is never dropped.
/// Repeats are counted, not kept. Keywords are the words' case-folded forms: `Invoice` → `invoice`.
public struct SegmentingKeywordExtractor: KeywordExtractor {
    public struct Options: Sendable {
        /// Words read with a lower confidence (0–100) are dropped unless the lexicon knows them.
        public var minimumConfidence: Double
        /// Fold Traditional Chinese characters to Simplified, so 蛋白質 and 蛋白质 are one keyword.
        public var foldTraditional: Bool

        /// The default confidence threshold, chosen by a sweep on the public eval set (README, "Keywords").
        public static let defaultMinimumConfidence = 80.0

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
        // jieba's dictionary is loaded now for a language written in Han, at the first Han run otherwise.
        segmenter = try TextSegmenter.standard(
            userWords: customWords.map { WordList.fold($0) },
            loadingChinese: languages.codes.contains { $0.hasPrefix("chi_") || $0.hasPrefix("jpn") })
        do {
            folding = options.foldTraditional ? try ChineseScriptFolding() : nil
        } catch {
            throw DocScanError.missingDependency(name: "ICU", advice: "\(error)")
        }
        self.stopWords = stopWords
        self.lexicon = lexicon.adding(customWords)
        self.customWords = Set(customWords.map { WordList.fold($0) })
        self.options = options
        garbage = GarbageRules(languages: languages)
    }

    public func extract(from text: RecognizedText, languages: LanguageList) -> KeywordResult {
        var result = KeywordResult()
        extract(from: ConfidentLine.page(of: text), into: &result)
        return result
    }

    func extract(from line: ConfidentLine, into result: inout KeywordResult) {
        // Folded before segmentation: jieba's dictionary is Simplified, and cuts 蛋白質 as 蛋白 + 質.
        let line = folding.map { simplified(line, with: $0, into: &result) } ?? line
        let found = measurements.matches(in: line.text)
        result.dropped.numeric += found.count
        let masked = found.isEmpty ? line.text : Self.masking(found.map(\.range), in: line.text)
        let segments: [WordSegment]
        do {
            segments = try segmenter.segments(in: masked)
        } catch {
            result.warnings.append("the keywords of a line were lost: ICU could not cut it into words (\(error))")
            return
        }
        // Segment ranges are indices of `masked`; offsets are counted along, not searched from the start.
        var index = masked.unicodeScalars.startIndex
        var offset = 0
        for segment in segments {
            let start = offset + masked.unicodeScalars.distance(from: index, to: segment.range.lowerBound)
            let length = segment.text.unicodeScalars.count
            index = segment.range.upperBound
            offset = start + length
            guard segment.kind != .nonWord else { continue }
            consider(segment.text, confidence: line.confidence(scalarOffsets: start..<(start + length)), into: &result)
        }
    }

    private func consider(_ token: String, confidence: Double, into result: inout KeywordResult) {
        // ICU calls `InBody770` a number; a token is one only without a letter that is not a numeral.
        guard token.unicodeScalars.contains(where: Self.isLetter) else {
            result.dropped.numeric += 1
            return
        }
        let word = WordList.fold(token)
        if stopWords.contains(word) {
            result.dropped.stopWord += 1
            return
        }
        guard !customWords.contains(word) else {
            keep(word, into: &result)
            return
        }
        // ICU keeps `couldn't`, `l'analyse`, `website.com` and `name@host` whole; an archive's full-text
        // index (SQLite FTS5) splits them, and so do keywords, after the whole was checked above.
        guard token.unicodeScalars.contains(where: Self.isInnerSeparator) else {
            considerPiece(token, folded: word, confidence: confidence, into: &result)
            return
        }
        let pieces = token.unicodeScalars.split(whereSeparator: Self.isInnerSeparator).map(String.init)
        guard pieces.count > 1 else {
            considerPiece(token, folded: word, confidence: confidence, into: &result)
            return
        }
        for piece in pieces {
            guard piece.unicodeScalars.contains(where: Self.isLetter) else {
                result.dropped.numeric += 1
                continue
            }
            let folded = WordList.fold(piece)
            if stopWords.contains(folded) {
                result.dropped.stopWord += 1
            } else {
                considerPiece(piece, folded: folded, confidence: confidence, into: &result)
            }
        }
    }

    /// The filters after the stop words: length, confidence, shape.
    private func considerPiece(_ token: String, folded word: String, confidence: Double, into result: inout KeywordResult) {
        let length = word.utf8.count == word.unicodeScalars.count ? word.utf8.count : word.count
        let han = word.unicodeScalars.contains(where: Script.isHan)
        guard length >= 2, length > 2 || han || Self.isAcronym(token) else {
            result.dropped.short += 1
            return
        }
        if !customWords.contains(word) {
            // jieba's dictionary is the lexicon of Chinese: OCR noise seldom spells one of its words.
            let known = han ? segmenter.chinese.dictionary.frequency(of: word) > 0 : lexicon.contains(word)
            if confidence < options.minimumConfidence && !known {
                result.dropped.lowConfidence += 1
                return
            }
            if !han && !known && garbage.reason(for: token) != nil {
                result.dropped.garbage += 1
                return
            }
        }
        keep(word, into: &result)
    }

    /// A letter that is not a numeral (三 and Ⅻ are alphabetic, and numbers).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) }
        if Script.isCommonHan(scalar) { return !hanNumerals.contains(scalar) }
        return scalar.properties.isAlphabetic && scalar.properties.numericType == nil
    }

    /// The characters of the main Han block with a numeric value in Unicode's Unihan data (the common
    /// and the financial numerals), checked without a property lookup.
    static let hanNumerals: Set<Unicode.Scalar> = Set(
        (0x4E00...0x9FFF).compactMap(Unicode.Scalar.init).filter { $0.properties.numericType != nil })

    /// A two-letter Latin token is a keyword only as an acronym, written with a capital after its first
    /// character (`IP`, `EU`, `pH`, `3D`): lower-case two-letter words are function words or the
    /// pieces OCR breaks longer words into (`ed`, `ry`, `fa-`), and title case ones are mostly honorifics.
    static func isAcronym(_ token: String) -> Bool {
        guard let last = token.unicodeScalars.last else { return false }
        return last.properties.isUppercase || (last.properties.numericType != nil && token.unicodeScalars.contains(where: \.properties.isUppercase))
    }

    private func keep(_ word: String, into result: inout KeywordResult) {
        if let count = result.counts[word] {
            result.counts[word] = count + 1
            result.dropped.duplicate += 1
        } else {
            result.counts[word] = 1
            result.keywords.append(word)
        }
    }

    /// Characters UAX #29 keeps inside a word that split a keyword: apostrophes, the full stop, the
    /// colon, the middle dot and the `@` of addresses. `_` stays: `file_name` is one identifier.
    static func isInnerSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "'", "’", "ʼ", ".", ":", "@", "·": true
        default: false
        }
    }

    /// `line` in Simplified characters. The conversion is character for character, so confidences stay
    /// in place; should a conversion change the length, the line's lowest confidence stands for all.
    private func simplified(_ line: ConfidentLine, with folding: ChineseScriptFolding, into result: inout KeywordResult) -> ConfidentLine {
        guard line.text.unicodeScalars.contains(where: Script.isHan) else { return line }
        let text: String
        do {
            text = try folding.simplified(line.text)
        } catch {
            result.warnings.append("a line was kept in Traditional characters: ICU could not fold it (\(error))")
            return line
        }
        guard text != line.text else { return line }
        let count = text.unicodeScalars.count
        guard count != line.confidences.count else { return ConfidentLine(text: text, confidences: line.confidences) }
        return ConfidentLine(text: text, confidences: Array(repeating: line.confidences.min() ?? 0, count: count))
    }

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
