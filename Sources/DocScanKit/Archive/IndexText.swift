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
    /// `text` with a space between neighbouring Chinese words.
    /// - Throws: `DocScanError.missingDependency` when ICU cannot segment the text: indexed unsegmented,
    ///   its Chinese words could never be found.
    public static func indexed(_ text: String, segmenter: TextSegmenter) throws -> String {
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

    /// An FTS5 query for a user's query: each word, found the way pages' words are, quoted so that no
    /// character of it is FTS5 syntax, and all required. A word followed by `*` matches as a prefix.
    ///
    /// A query without Chinese is cut by ICU alone, so a search need not load jieba's dictionary.
    /// - Throws: `DocScanError.emptyQuery` when the query has no word, `DocScanError.missingDependency`
    ///   when a Chinese query cannot be cut without jieba's dictionary, or ICU fails.
    public static func match(for query: String) throws -> String {
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
        var terms: [String] = []
        for segment in segments where segment.kind != .nonWord {
            let quoted = "\"" + segment.text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let prefix = segment.range.upperBound < query.endIndex && query.unicodeScalars[segment.range.upperBound] == "*"
            terms.append(prefix ? quoted + "*" : quoted)
        }
        guard !terms.isEmpty else { throw DocScanError.emptyQuery(query) }
        return terms.joined(separator: " ")
    }
}
