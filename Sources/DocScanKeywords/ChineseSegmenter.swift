import DocScanCore
import Foundation

/// Cuts runs of Han characters into words with jieba's dictionary, as jieba's `cut(HMM=False)` does.
///
/// ICU's dictionary splits domain words (蛋白质 → 蛋白|质); jieba's keeps them whole. For each run it
/// builds jieba's DAG (every dictionary word starting at each character), picks the route with the
/// highest sum of log(frequency) − log(total) by dynamic programming from the end, and emits the
/// words on it. A character that starts no word stays a word of one character: there is no HMM
/// guessing of unknown words, so a word outside the dictionary comes out as single characters.
/// A run is a stretch of Unicode ideographs (`Script.isHan`), wider than jieba's U+4E00–U+9FD5
/// blocks; jieba also joins ASCII letters and digits to its blocks, which here stay outside the run.
public struct ChineseSegmenter: Sendable {
    public let dictionary: ChineseDictionary
    private let logTotal: Double

    public init(dictionary: ChineseDictionary) {
        self.dictionary = dictionary
        logTotal = log(Double(dictionary.total))
    }

    /// The segmenter over the dictionary at `ChineseDictionary.defaultLocation()`, loaded on first use
    /// and shared by the whole process.
    /// - Throws: `ChineseDictionaryError` when the dictionary is missing or broken (the same error on
    ///   every call).
    public static func shared() throws(ChineseDictionaryError) -> ChineseSegmenter {
        try sharedResult.get()
    }

    /// A segmenter that knows no word, so every Han character is a word of its own: what the cut of
    /// an unknown word gives, for a run whose dictionary could not be loaded after all.
    public static let unknownWords: ChineseSegmenter = {
        // One punctuation mark, which never occurs in a Han run; the text is constant and parses.
        // swiftlint:disable:next force_try
        ChineseSegmenter(dictionary: try! ChineseDictionary(parsing: Data("。 1\n".utf8), path: "(no dictionary)"))
    }()

    /// Swift initializes a static once, thread safely, on first use.
    private static let sharedResult = Result { () throws(ChineseDictionaryError) in
        ChineseSegmenter(dictionary: try ChineseDictionary(contentsOf: ChineseDictionary.defaultLocation()))
    }

    /// `text` in pieces: each run of Han characters cut into dictionary words, and the text between
    /// runs as one piece each, unchanged, so the pieces join back to `text`.
    public func cut(_ text: String) -> [String] {
        var scalars: [UInt32] = []
        var positions: [String.Index] = []
        var isHan: [Bool] = []
        for index in text.unicodeScalars.indices {
            let scalar = text.unicodeScalars[index]
            scalars.append(scalar.value)
            positions.append(index)
            isHan.append(Script.isHan(scalar))
        }
        positions.append(text.endIndex)
        func piece(_ range: Range<Int>) -> String {
            String(text.unicodeScalars[positions[range.lowerBound]..<positions[range.upperBound]])
        }
        var pieces: [String] = []
        var route = Route()
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count, isHan[end] == isHan[start] { end += 1 }
            if isHan[start] {
                pieces += words(in: scalars[start..<end], route: &route).map { piece($0) }
            } else {
                pieces.append(piece(start..<end))
            }
            start = end
        }
        return pieces
    }

    /// The best route's scores and word ends, kept between runs to reuse their storage.
    private struct Route {
        /// `score[i]`: the best sum of word weights for the run from offset i to its end.
        var score: [Double] = []
        /// `last[i]`: the offset of the last character of the word that starts at i on that route.
        var last: [Int] = []
    }

    /// Word ranges (as offsets into `run`'s base array) along jieba's most probable route.
    private func words(in run: ArraySlice<UInt32>, route: inout Route) -> [Range<Int>] {
        let count = run.count, base = run.startIndex
        route.score.removeAll(keepingCapacity: true)
        route.score.append(contentsOf: repeatElement(0, count: count + 1))
        route.last.removeAll(keepingCapacity: true)
        route.last.append(contentsOf: repeatElement(0, count: count))
        for start in stride(from: count - 1, through: 0, by: -1) {
            // jieba's fallback when no word starts here: the character alone, frequency 1.
            var bestScore = (0 - logTotal) + route.score[start + 1]
            var bestLast = start
            var foundWord = false
            var node = ChineseDictionary.root
            var offset = start
            while offset < count, let next = dictionary.child(of: node, run[base + offset]) {
                node = next
                let frequency = dictionary.frequency(of: node)
                if frequency > 0 {
                    // jieba's calc: log(freq) - log(total) + route[x + 1]. It takes the max of
                    // (score, x) tuples, so a tie goes to the longer word.
                    let score = (log(Double(frequency)) - logTotal) + route.score[offset + 1]
                    if !foundWord || score >= bestScore {
                        bestScore = score
                        bestLast = offset
                        foundWord = true
                    }
                }
                offset += 1
            }
            route.score[start] = bestScore
            route.last[start] = bestLast
        }
        var words: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = route.last[start] + 1
            words.append(base + start..<base + end)
            start = end
        }
        return words
    }
}
