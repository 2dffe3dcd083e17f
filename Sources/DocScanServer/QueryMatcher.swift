import DocScanKit
import Foundation

/// Where a search's words stand in a page: which recognized words to highlight on the image, and the
/// page's text with the matches marked. Matches as the archive's search does: case and accents
/// ignored, `word*` as a prefix, Chinese words inside longer runs of characters, and a word a line
/// break split with a hyphen (`concern-` / `ing`) as the whole word (`LineEndHyphens`).
struct QueryMatcher {
    private let terms: [IndexText.QueryTerm]

    /// - Parameter query: the user's query; words it cannot cut (no jieba) match nothing.
    init(query: String) {
        terms = ((try? IndexText.terms(of: query)) ?? []).compactMap { term in
            let text = Self.fold(term.text)
            guard !text.isEmpty else { return nil }
            var folded = term
            folded.text = text
            return folded
        }
    }

    var isEmpty: Bool { terms.isEmpty }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// A recognized word folded, without the punctuation and symbols around it.
    private static func bare(_ word: String) -> String {
        fold(word).trimmingCharacters(in: .punctuationCharacters.union(.symbols))
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    private static func hasHan(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isIdeographic }
    }

    /// The indices of `words` (in reading order) that are part of a match. A Chinese word may be split
    /// over several recognized words, so runs of up to 12 Han words are tried as one.
    func matchingWords(_ words: [String]) -> Set<Int> {
        let folded = words.map(Self.bare)
        var hits = Set<Int>()
        for term in terms {
            if Self.hasHan(term.text) {
                for start in folded.indices where Self.hasHan(folded[start]) {
                    var joined = ""
                    for end in start..<min(start + 12, folded.count) {
                        guard Self.hasHan(folded[end]) else { break }
                        joined += folded[end]
                        if joined.contains(term.text) {
                            hits.formUnion(start...end)
                            break
                        }
                    }
                }
            } else {
                for (index, word) in folded.enumerated() where matches(word, term) {
                    hits.insert(index)
                }
                for index in words.indices.dropLast() where words[index].unicodeScalars.last.map(LineEndHyphens.isHyphen) == true {
                    let first = Self.bare(String(String.UnicodeScalarView(words[index].unicodeScalars.dropLast())))
                    if matches(first + folded[index + 1], term) { hits.formUnion([index, index + 1]) }
                }
            }
        }
        return hits
    }

    private func matches(_ word: String, _ term: IndexText.QueryTerm) -> Bool {
        term.prefix ? word.hasPrefix(term.text) : word == term.text
    }

    /// `text` as HTML, escaped, with every match in `<mark>`.
    func markedHTML(_ text: String) -> String {
        var ranges: [Range<String.Index>] = []
        for term in terms {
            let han = Self.hasHan(term.text)
            var searchStart = text.startIndex
            while let found = text.range(
                of: term.text, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], range: searchStart..<text.endIndex) {
                searchStart = found.upperBound
                var upper = found.upperBound
                if !han {
                    // Whole words only: "in" is not a match inside "invoice", unless it is a prefix query.
                    if found.lowerBound > text.startIndex, Self.isWordCharacter(text[text.index(before: found.lowerBound)]) { continue }
                    if term.prefix {
                        while upper < text.endIndex, Self.isWordCharacter(text[upper]) { upper = text.index(after: upper) }
                    } else if upper < text.endIndex, Self.isWordCharacter(text[upper]) {
                        continue
                    }
                }
                ranges.append(found.lowerBound..<upper)
            }
        }
        let splitTerms = terms.filter { !Self.hasHan($0.text) }
        if !splitTerms.isEmpty {
            for split in LineEndHyphens.splits(in: text) {
                let word = Self.fold(split.word)
                if splitTerms.contains(where: { matches(word, $0) }) { ranges.append(split.range) }
            }
        }
        // Of matches starting at one place the longest is marked (`concern*`: `concern-` / `ing` whole).
        ranges.sort { $0.lowerBound < $1.lowerBound || ($0.lowerBound == $1.lowerBound && $0.upperBound > $1.upperBound) }
        var html = "", position = text.startIndex
        for range in ranges where range.lowerBound >= position {
            html += HTML.escape(String(text[position..<range.lowerBound])) + "<mark>" + HTML.escape(String(text[range])) + "</mark>"
            position = range.upperBound
        }
        return html + HTML.escape(String(text[position...]))
    }
}
