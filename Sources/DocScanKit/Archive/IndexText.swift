import DocScanCore
import DocScanICU
import DocScanKeywords

/// Text as the archive's full-text index sees it, and queries turned into the same form.
///
/// SQLite's `unicode61` tokenizer splits at spaces and punctuation and folds case and accents, but
/// takes a run of Chinese characters for one token, so 脂肪 is not found in 体脂肪含量. Chinese runs
/// are therefore cut by the keyword stage's segmenter and their words separated by spaces; the rest
/// of the text is left as it is, so snippets read like the page.
public enum IndexText {
    /// `text` with a space between neighbouring Chinese words, and the words a line break split with a
    /// hyphen joined again where the joined word `isWord` (`LineEndHyphens`).
    /// - Throws: `DocScanError.missingDependency` when ICU cannot segment the text: indexed unsegmented,
    ///   its Chinese words could never be found.
    public static func indexed(_ text: String, segmenter: TextSegmenter, isWord: (String) -> Bool) throws -> String {
        let text = LineEndHyphens.joined(text, isWord: isWord)
        guard text.unicodeScalars.contains(where: Script.isHan) else { return text }
        let segments: [WordSegment]
        do {
            segments = try segmenter.segments(in: text)
        } catch {
            throw DocScanError.missingDependency(name: "ICU", advice: "the page's text could not be cut into words: \(error)")
        }
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / 6)
        var previousWasHan = false
        for segment in segments {
            let isHan = segment.kind == .ideographic
            if isHan && previousWasHan { output += " " }
            output += segment.text
            previousWasHan = isHan
        }
        return output
    }

    /// A word of a user's query, found the way pages' words are; `prefix` when `*` follows it.
    public struct QueryTerm: Equatable, Sendable {
        public var text: String
        public var prefix: Bool
    }

    /// The words of a user's query, cut the way pages are: Chinese by jieba's dictionary, the rest by
    /// ICU alone, so that a search without Chinese need not load the dictionary.
    /// - Throws: `DocScanError.emptyQuery` when the query has no word, `DocScanError.missingDependency`
    ///   when a Chinese query cannot be cut without jieba's dictionary, or ICU fails.
    public static func terms(of query: String) throws -> [QueryTerm] {
        let segments: [WordSegment]
        do {
            segments = query.unicodeScalars.contains(where: Script.isHan)
                ? try TextSegmenter.standard().segments(in: query)
                : try WordBreaker().segments(in: query)
        } catch let error as DocScanError {
            throw error
        } catch {
            throw DocScanError.missingDependency(name: "ICU", advice: "\(error)")
        }
        let terms = segments.filter { $0.kind != .nonWord }.map { segment in
            QueryTerm(
                text: segment.text,
                prefix: segment.range.upperBound < query.endIndex && query.unicodeScalars[segment.range.upperBound] == "*")
        }
        guard !terms.isEmpty else { throw DocScanError.emptyQuery(query) }
        return terms
    }

    /// An FTS5 query for a user's query: each word quoted, so that no character of it is FTS5 syntax,
    /// and all required. A word followed by `*` matches as a prefix.
    /// - Throws: as `terms(of:)`.
    public static func match(for query: String) throws -> String {
        try terms(of: query).map { term in
            "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (term.prefix ? "*" : "")
        }.joined(separator: " ")
    }

    /// The tokens SQLite's `unicode61` tokenizer sees in `text`, lowercased and separated by single
    /// spaces: runs of letters, digits and marks, split at everything else. PostgreSQL's parser would
    /// keep `www.example.com` or `3.5mg` whole (as a host, a number); handing it these tokens makes
    /// both archives find the same pages for the same words.
    public static func tokens(_ text: String) -> String {
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var inToken = false
        for scalar in text.unicodeScalars {
            if isTokenScalar(scalar) {
                if !inToken && !output.isEmpty { output.unicodeScalars.append(" ") }
                output.unicodeScalars.append(scalar)
                inToken = true
            } else {
                inToken = false
            }
        }
        return output.lowercased()
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            true
        default:
            false
        }
    }
}
