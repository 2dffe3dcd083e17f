internal import CDocScanICU

/// Splits text into words at UAX #29 boundaries with the system ICU.
///
/// Foundation on Linux has no word enumeration, and ICU also knows scripts without spaces (Thai, Lao,
/// Khmer, Burmese) and marks each segment's kind. Han text comes out as ICU's dictionary splits it,
/// which cuts some domain words (蛋白质 → 蛋白|质); `ChineseSegmenter` in DocScanKit re-cuts Han runs.
/// Safe to share between tasks: each call works on its own clone of the rules.
public struct WordBreaker: Sendable {
    /// The ICU locale whose rules are used ("" for the root rules, which suit most languages).
    public let locale: String
    private let rules: WordBreakRules

    /// Opens ICU's word-break rules for `locale` once; calls reuse them.
    /// - Throws: `ICUError` when ICU has no word-break data.
    public init(locale: String = "") throws(ICUError) {
        self.locale = locale
        rules = WordBreakRules(prototype: try BreakIterator(wordsFor: locale))
    }

    /// Every segment of `text` in order, spaces and punctuation included, so their texts join
    /// back to `text`.
    /// - Throws: `ICUError` when ICU cannot allocate an iterator or `text` exceeds ICU's 32-bit offsets.
    public func segments(in text: String) throws(ICUError) -> [WordSegment] {
        let utf16 = Array(text.utf16)
        let iterator = try rules.prototype.clone()
        let boundaries = try utf16.withUnsafeBufferPointer { units throws(ICUError) in
            try iterator.boundaries(in: units)
        }
        var segments: [WordSegment] = []
        segments.reserveCapacity(boundaries.count)
        var start = 0
        var startIndex = text.utf16.startIndex
        for (end, status) in boundaries {
            // ICU breaks only between code points, so a slice never splits a surrogate pair.
            let endIndex = text.utf16.index(startIndex, offsetBy: end - start)
            segments.append(WordSegment(
                text: String(text.unicodeScalars[startIndex..<endIndex]),
                kind: Self.kind(ofRuleStatus: status),
                range: startIndex..<endIndex))
            start = end
            startIndex = endIndex
        }
        return segments
    }

    /// ICU's rule status falls in one range per kind (`UBRK_WORD_NONE` up to `UBRK_WORD_NONE_LIMIT`,
    /// and so on), which CDocScanICU tells; a status outside them comes from custom rules and counts as
    /// no word.
    static func kind(ofRuleStatus status: Int32) -> WordSegment.Kind {
        switch docscan_ubrk_word_kind(status) {
        case DOCSCAN_WORD_LETTER: .letter
        case DOCSCAN_WORD_NUMBER: .number
        case DOCSCAN_WORD_KANA: .kana
        case DOCSCAN_WORD_IDEO: .ideographic
        default: .nonWord
        }
    }
}

/// The break iterator `WordBreaker` clones from. It is never given text and only `ubrk_clone` reads
/// it, which ICU documents as thread safe; that is why it may be shared although `BreakIterator` is not.
private final class WordBreakRules: @unchecked Sendable {
    let prototype: BreakIterator

    init(prototype: BreakIterator) {
        self.prototype = prototype
    }
}
