/// One piece of text between two UAX #29 word boundaries, and what ICU says it is.
public struct WordSegment: Equatable, Sendable {
    /// What a segment holds, from ICU's word-break rule status.
    public enum Kind: Equatable, Sendable {
        /// Letters of an alphabet or syllabary other than kana, with their marks (`UBRK_WORD_LETTER`).
        case letter
        /// Digits, with the separators UAX #29 keeps inside numbers (`3.14`, `1,000`) (`UBRK_WORD_NUMBER`).
        case number
        /// Hiragana or katakana (`UBRK_WORD_KANA`). ICU 72 cuts kana with its Chinese-Japanese
        /// dictionary and reports those words as `ideographic`, so this is rare.
        case kana
        /// Words ICU's Chinese-Japanese dictionary cut: Han, and kana with or without Han
        /// (`UBRK_WORD_IDEO`).
        case ideographic
        /// Spaces, punctuation, symbols and emoji (`UBRK_WORD_NONE`).
        case nonWord
    }

    /// The segment's text, exactly as in the input.
    public let text: String
    public let kind: Kind
    /// Where the segment is in the input string; the bounds are on Unicode scalar boundaries, so
    /// slice with `string.unicodeScalars[range]` where a segment may start inside a grapheme.
    public let range: Range<String.Index>

    public init(text: String, kind: Kind, range: Range<String.Index>) {
        self.text = text
        self.kind = kind
        self.range = range
    }
}
