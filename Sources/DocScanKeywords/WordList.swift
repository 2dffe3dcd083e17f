import Foundation

/// Plain word lists as docscan's stop-word lists and the user's files (`--stopwords`, `--custom-words`)
/// are written: UTF-8, one word a line, `#` starts a comment.
enum WordList {
    /// The words of `text` in order, trimmed, without blank lines and comments.
    static func words(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let word = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            return word.isEmpty ? nil : word
        }
    }

    /// The form keywords, stop words and custom words are compared in: case-folded, with typographic
    /// apostrophes made plain, so `Don’t` meets the stop word `don't`. (The lexicon folds further, `œ` as
    /// `oe`, for the spellings of Debian's word lists: `Lexicon.withFolded`.)
    static func fold(_ token: String) -> String {
        let folded = token.lowercased()
        guard folded.unicodeScalars.contains(where: { $0 == "’" || $0 == "ʼ" }) else { return folded }
        return String(String.UnicodeScalarView(folded.unicodeScalars.map { $0 == "’" || $0 == "ʼ" ? "'" : $0 }))
    }
}
