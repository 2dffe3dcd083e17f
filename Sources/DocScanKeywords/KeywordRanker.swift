import DocScanCore
import Foundation

/// Orders each page's keywords by tf-idf over the pages of a run, so that words printed on most pages
/// (letterheads, form labels, footers) sink below the words that set a page apart.
///
/// tf is how often the keyword occurs on its page; idf is `ln((1 + N) / (1 + df)) + 1` over the N pages
/// added, where df counts the pages that have the keyword. Ties keep first-seen order, so a single page
/// is ranked by frequency alone. Every keyword is kept.
public struct KeywordRanker: Sendable {
    private var documentFrequency: [String: Int] = [:]
    public private(set) var pageCount = 0

    public init() {}

    /// A ranker over `pageCount` pages whose keyword document frequencies are already counted
    /// (the archive counts them in SQL).
    public init(documentFrequency: [String: Int], pageCount: Int) {
        self.documentFrequency = documentFrequency
        self.pageCount = pageCount
    }

    /// Counts a page's (de-duplicated) keywords towards document frequency.
    public mutating func add(_ keywords: [String]) {
        pageCount += 1
        for keyword in keywords { documentFrequency[keyword, default: 0] += 1 }
    }

    /// The keywords' tf-idf weights, in the order given.
    public func weights(_ keywords: [String], counts: [Int]) -> [Double] {
        keywords.enumerated().map { index, keyword in
            let frequency = Double(documentFrequency[keyword] ?? 0)
            let inverse = log((1 + Double(pageCount)) / (1 + frequency)) + 1
            return Double(index < counts.count ? max(1, counts[index]) : 1) * inverse
        }
    }

    /// `keywords` reordered by descending weight, first-seen order among equals; `counts[i]` is how often
    /// `keywords[i]` occurs on the page.
    public func ranked(_ keywords: [String], counts: [Int]) -> [String] {
        let weights = weights(keywords, counts: counts)
        return keywords.indices
            .sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1 }
            .map { keywords[$0] }
    }
}
