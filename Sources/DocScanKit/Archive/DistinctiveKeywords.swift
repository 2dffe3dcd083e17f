import Foundation

/// The keywords that tell one root (a folder or collection) apart from the rest of the archive, from
/// the document frequencies the archive keeps: a keyword scores by the share of the root's pages it is
/// on times its inverse document frequency over the whole archive, so words on nearly every page
/// (of this root or of all) sink, and so do words on one page only.
public struct DistinctiveKeywords: Sendable {
    /// Pages read per root, as `PageArchive.pageCounts()` gives them.
    public var counts: [RootPageCount]
    /// How many of the root's most frequent keywords are scored; the distinctive ones are among them.
    public var candidates = 2000

    public init(counts: [RootPageCount]) {
        self.counts = counts
    }

    /// The `limit` most distinctive keywords of `root`, each with on how many of its pages it is.
    /// - Throws: `DocScanError.archiveUnusable`.
    public func keywords(of root: String, in archive: any PageArchive, limit: Int) throws -> [KeywordFrequency] {
        guard let own = counts.first(where: { $0.root == root }), own.ok > 0, limit > 0 else { return [] }
        // A keyword on one page of a large root is a name or an OCR slip, not what the root is about.
        let floor = own.ok >= 20 ? 2 : 1
        let candidates = try archive.frequentKeywords(root: root, maxShare: 1, limit: candidates).filter { $0.pages >= floor }
        var archiveWide = Dictionary(candidates.map { ($0.keyword, $0.pages) }, uniquingKeysWith: { first, _ in first })
        for other in counts where other.root != root && other.ok > 0 {
            for (keyword, pages) in try archive.documentFrequencies(root: other.root, of: candidates.map(\.keyword)) {
                archiveWide[keyword, default: 0] += pages
            }
        }
        let pages = Double(counts.reduce(0) { $0 + $1.ok })
        func score(_ keyword: KeywordFrequency) -> Double {
            let share = Double(keyword.pages) / Double(own.ok)
            return share * log((pages + 1) / (Double(archiveWide[keyword.keyword] ?? keyword.pages) + 1))
        }
        let scored = candidates.map { ($0, score($0)) }.filter { $0.1 > 0 }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.keyword < $1.0.keyword }.prefix(limit).map(\.0)
    }
}
