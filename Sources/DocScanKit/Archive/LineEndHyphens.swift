/// Words a line break split with a hyphen (`concern-` / `ing`, `Septem-` / `ber`), joined again for the
/// archive's full-text index, so that a search for `concerning` or `September` finds the page, and
/// marked whole where a page shows a search's matches (`docscan serve`).
///
/// The index joins them only where the joined word is a real word of the scan's languages: a compound
/// broken at its own hyphen (`well-` / `known`) stays two words, and so does everything when no word list
/// is installed. The second part must start in lower case, as the rest of a word does. The record's text
/// keeps the lines as they were read; keywords keep the parts too (the eval sets' ground truth keeps the
/// lines as printed, so `concerning` would count there as a word the page does not hold).
public enum LineEndHyphens {
    /// A word a line-end hyphen splits.
    public struct Split: Equatable, Sendable {
        /// From the first part's start to the second part's end, the hyphen and line break included.
        public var range: Range<String.Index>
        /// The hyphen, the line break and the indent between the parts.
        public var gap: Range<String.Index>
        /// The two parts joined, as written (`Septem` + `ber` = `September`).
        public var word: String
    }

    /// Every place in `text` where a hyphen ends a line after letters and the next line starts with a
    /// lower-case letter, in order.
    public static func splits(in text: String) -> [Split] {
        let scalars = text.unicodeScalars
        var splits: [Split] = []
        for index in scalars.indices where isHyphen(scalars[index]) {
            var start = index
            while start > scalars.startIndex, isWordScalar(scalars[scalars.index(before: start)]) {
                start = scalars.index(before: start)
            }
            guard start < index, let next = nextLineStart(after: index, in: scalars), scalars[next].properties.isLowercase
            else { continue }
            var end = next
            while end < scalars.endIndex, isWordScalar(scalars[end]) { end = scalars.index(after: end) }
            var word = String.UnicodeScalarView(scalars[start..<index])
            word.append(contentsOf: scalars[next..<end])
            splits.append(Split(range: start..<end, gap: index..<next, word: String(word)))
        }
        return splits
    }

    /// `text` with each split's hyphen, line break and indent removed where the word it split `isWord`.
    static func joined(_ text: String, isWord: (String) -> Bool) -> String {
        var output = String.UnicodeScalarView()
        var copied = text.startIndex
        for split in splits(in: text) where split.gap.lowerBound >= copied && isWord(split.word) {
            output.append(contentsOf: text.unicodeScalars[copied..<split.gap.lowerBound])
            copied = split.gap.upperBound
        }
        guard copied > text.startIndex else { return text }
        output.append(contentsOf: text.unicodeScalars[copied...])
        return String(output)
    }

    /// The hyphen, the Unicode hyphens, the soft hyphen, and the `¬` old type and OCR use for one.
    public static func isHyphen(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "\u{2010}", "\u{2011}", "\u{00AD}", "¬": true
        default: false
        }
    }

    /// Where the next line's text starts, when only spaces and one line break follow the hyphen.
    private static func nextLineStart(after hyphen: String.Index, in scalars: String.UnicodeScalarView) -> String.Index? {
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        var index = scalars.index(after: hyphen)
        while index < scalars.endIndex, isBlank(scalars[index]) || scalars[index] == "\r" { index = scalars.index(after: index) }
        guard index < scalars.endIndex, scalars[index] == "\n" else { return nil }
        index = scalars.index(after: index)
        while index < scalars.endIndex, isBlank(scalars[index]) { index = scalars.index(after: index) }
        return index < scalars.endIndex ? index : nil
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark:
            true
        default:
            false
        }
    }
}
