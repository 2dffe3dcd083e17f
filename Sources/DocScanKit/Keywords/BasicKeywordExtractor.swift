import Foundation

/// The first keyword extractor: Unicode word split, case fold, stop words, numbers and one-character
/// tokens dropped, de-duplicated in first-seen order.
///
/// Han text has no spaces; each run of Han characters is kept whole as one token until a dictionary
/// segmenter replaces this extractor.
public struct BasicKeywordExtractor: KeywordExtractor {
    public let stopWords: StopWords

    public init(stopWords: StopWords = StopWords()) {
        self.stopWords = stopWords
    }

    public func extract(from text: RecognizedText, languages: LanguageList) -> KeywordResult {
        var result = KeywordResult()
        var seen = Set<String>()
        for token in Self.tokens(in: text.text) {
            let folded = token.lowercased()
            if !folded.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
                result.dropped.numeric += 1
            } else if folded.count < 2 {
                result.dropped.short += 1
            } else if stopWords.contains(folded) {
                result.dropped.stopWord += 1
            } else if !seen.insert(folded).inserted {
                result.dropped.duplicate += 1
            } else {
                result.keywords.append(folded)
            }
        }
        return result
    }

    /// Splits NFKC-normalized text into words: letters, digits and marks, with an apostrophe or hyphen
    /// kept between letters (`don't`, `Wi-Fi`); a run of Han characters is one token.
    static func tokens(in text: String) -> [String] {
        let scalars = Array(text.precomposedStringWithCompatibilityMapping.unicodeScalars)
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var currentIsHan = false
        func flush() {
            if !current.isEmpty { tokens.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for (index, scalar) in scalars.enumerated() {
            let han = HanSpacing.isHan(scalar)
            if isWordScalar(scalar) {
                if !current.isEmpty && han != currentIsHan { flush() }
                currentIsHan = han
                current.append(scalar)
            } else if "'’-".unicodeScalars.contains(scalar), !current.isEmpty, !currentIsHan,
                      index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic,
                      current.last.map({ $0.properties.isAlphabetic }) == true {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return tokens
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }
}
