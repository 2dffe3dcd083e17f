/// Words a line break split with a hyphen (`concern-` / `ing`, `Septem-` / `ber`), joined again for the
/// archive's full-text index, so that a search for `concerning` or `September` finds the page.
///
/// Only where the joined word is a real word of the scan's languages: a compound broken at its own
/// hyphen (`well-` / `known`) stays two words, and so does everything when no word list is installed.
/// The second part must start in lower case, as the rest of a word does. The record's text keeps the
/// lines as they were read; keywords keep the parts too (the eval sets' ground truth keeps the lines
/// as printed, so `concerning` would count there as a word the page does not hold).
enum LineEndHyphens {
    /// `text` with each line-end hyphen, and the line break and indent after it, removed where the
    /// word it split `isWord`.
    static func joined(_ text: String, isWord: (String) -> Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var copied = 0
        for index in scalars.indices where isHyphen(scalars[index]) {
            var start = index
            while start > 0 && isWordScalar(scalars[start - 1]) { start -= 1 }
            guard start < index, let next = nextLineStart(after: index, in: scalars),
                  scalars[next].properties.isLowercase
            else { continue }
            var end = next
            while end < scalars.count && isWordScalar(scalars[end]) { end += 1 }
            var word = String.UnicodeScalarView(scalars[start..<index])
            word.append(contentsOf: scalars[next..<end])
            guard isWord(String(word)) else { continue }
            output.append(contentsOf: scalars[copied..<index])
            copied = next
        }
        guard copied > 0 else { return text }
        output.append(contentsOf: scalars[copied...])
        return String(output)
    }

    /// Where the next line's text starts, when only spaces and one line break follow the hyphen.
    private static func nextLineStart(after hyphen: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var index = hyphen + 1
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\r" { index += 1 }
        guard index < scalars.count, scalars[index] == "\n" else { return nil }
        index += 1
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        return index < scalars.count ? index : nil
    }

    /// The hyphen, the Unicode hyphens, the soft hyphen, and the `¬` old type and OCR use for one.
    private static func isHyphen(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "\u{2010}", "\u{2011}", "\u{00AD}", "¬": true
        default: false
        }
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
