import DocScanCore
import DocScanKeywords

extension PageRecord {
    /// The page's reading as the record carries it: confidences to one decimal, as written.
    ///
    /// Keywords are extracted from this, never from the reading itself, so a page's keywords are the
    /// same whether its own worker extracted them, the parent of a worker process did (`IsolatedPageProcessor`)
    /// or `docscan keywords` did again from the written record.
    var recognizedText: RecognizedText {
        RecognizedText(text: text, meanConfidence: meanConfidence ?? 0, words: words, lines: lines, resolution: resolution ?? 0)
    }

    /// Fills the keyword fields from `found`; its warnings are the caller's to add.
    mutating func setKeywords(_ found: KeywordResult) {
        keywords = found.keywords
        keywordString = found.keywords.joined(separator: " ")
        keywordCounts = found.counts
        keywordsDropped = found.dropped
    }
}
