import DocScanCore
import DocScanICU
import Foundation

/// Words of a page for the keyword stage: ICU's UAX #29 segments, with Han re-cut by jieba's dictionary.
///
/// ICU finds words in every script and marks numbers and punctuation, but its Chinese dictionary
/// splits domain words (蛋白质 → 蛋白|质). Neighbouring ICU segments made only of Han characters are
/// joined and cut again by `ChineseSegmenter`; segments with kana keep ICU's Japanese cut.
///
/// jieba's dictionary (350,000 words, about 100 ms and tens of MB to load) is loaded the first time a
/// text has a Han run: a run over English or German pages never loads it.
public struct TextSegmenter: Sendable {
    public let wordBreaker: WordBreaker
    /// jieba's segmenter, from the first call on.
    public var chinese: ChineseSegmenter { chineseSource() }
    private let chineseSource: @Sendable () -> ChineseSegmenter
    /// Han words the user listed (`--custom-words`), kept whole wherever they occur, as jieba's
    /// user dictionary does for words such as 体脂肪 that its dictionary lacks.
    public let userWords: Set<String>
    /// The lengths (in scalars) of `userWords`, longest first.
    private let userWordLengths: [Int]

    public init(wordBreaker: WordBreaker, chinese: ChineseSegmenter, userWords: some Sequence<String> = [String]()) {
        self.init(wordBreaker: wordBreaker, chineseSource: { chinese }, userWords: userWords)
    }

    private init(wordBreaker: WordBreaker, chineseSource: @escaping @Sendable () -> ChineseSegmenter, userWords: some Sequence<String>) {
        self.wordBreaker = wordBreaker
        self.chineseSource = chineseSource
        self.userWords = Set(userWords.filter { !$0.isEmpty && $0.unicodeScalars.allSatisfy(Script.isHan) })
        userWordLengths = Set(self.userWords.map(\.unicodeScalars.count)).sorted(by: >)
    }

    /// ICU's word breaks and jieba's shared dictionary, with the user's Han words.
    /// - Parameter loadingChinese: load jieba's dictionary now, so a broken one is reported here; else
    ///   only its file is checked and it is loaded at the first Han run (should it fail then, Han runs
    ///   are cut into single characters, as for words it does not know).
    /// - Throws: `DocScanError.missingDependency` when jieba's dictionary or ICU cannot be loaded.
    public static func standard(userWords: [String] = [], loadingChinese: Bool = true) throws -> TextSegmenter {
        do {
            let wordBreaker = try WordBreaker()
            if loadingChinese {
                return TextSegmenter(wordBreaker: wordBreaker, chinese: try ChineseSegmenter.shared(), userWords: userWords)
            }
            let location = ChineseDictionary.defaultLocation()
            guard FileManager.default.isReadableFile(atPath: location.path) else {
                throw ChineseDictionaryError.unreadable(path: location.path, reason: "no such file, or not readable")
            }
            return TextSegmenter(
                wordBreaker: wordBreaker,
                chineseSource: { (try? ChineseSegmenter.shared()) ?? ChineseSegmenter.unknownWords },
                userWords: userWords)
        } catch let error as ChineseDictionaryError {
            throw DocScanError.missingDependency(
                name: "jieba dictionary",
                advice: "\(error.localizedDescription); install python3-jieba (make setup) or set DOCSCAN_JIEBA_DICT")
        } catch {
            throw DocScanError.missingDependency(name: "ICU", advice: "\(error)")
        }
    }

    /// Every segment of `text` in order, spaces and punctuation included, so their texts join back
    /// to `text`; Han words have kind `.ideographic`.
    ///
    /// Runs of Chinese characters go to jieba directly: ICU would first cut them with its own
    /// dictionary, work thrown away here. They are hidden from ICU as ideographic spaces, which take
    /// as many UTF-8 bytes, so ICU's boundaries stay where they are in `text`. Han next to kana is
    /// left to ICU's Japanese cut.
    /// - Throws: `ICUError` when ICU cannot allocate an iterator or `text` exceeds ICU's 32-bit offsets.
    public func segments(in text: String) throws(ICUError) -> [WordSegment] {
        guard let masked = Self.hidingChineseRuns(in: text) else { return try icuSegments(in: text) }
        var result: [WordSegment] = []
        for segment in try icuSegments(in: masked) {
            let lower = Self.index(segment.range.lowerBound, from: masked, in: text)
            let upper = Self.index(segment.range.upperBound, from: masked, in: text)
            guard segment.kind == .nonWord, segment.text.unicodeScalars.contains(Self.hiddenHan) else {
                result.append(WordSegment(text: segment.text, kind: segment.kind, range: lower..<upper))
                continue
            }
            // Hidden Han (and perhaps real spaces beside it): Han runs cut by jieba, the rest as it was.
            let scalars = text.unicodeScalars
            var start = lower
            while start < upper {
                let han = Script.isHan(scalars[start])
                var end = scalars.index(after: start)
                while end < upper, Script.isHan(scalars[end]) == han { end = scalars.index(after: end) }
                if han {
                    var wordStart = start
                    for word in cut(String(scalars[start..<end])) {
                        let wordEnd = scalars.index(wordStart, offsetBy: word.unicodeScalars.count)
                        result.append(WordSegment(text: word, kind: .ideographic, range: wordStart..<wordEnd))
                        wordStart = wordEnd
                    }
                } else {
                    result.append(WordSegment(text: String(scalars[start..<end]), kind: .nonWord, range: start..<end))
                }
                start = end
            }
        }
        return result
    }

    /// ICU's segments of `text`, neighbouring Han-only segments joined and cut again by jieba.
    private func icuSegments(in text: String) throws(ICUError) -> [WordSegment] {
        var result: [WordSegment] = []
        var hanRun: [WordSegment] = []
        func flushHanRun() {
            guard let first = hanRun.first, let last = hanRun.last else { return }
            var start = first.range.lowerBound
            let run = hanRun.count == 1 ? first.text : hanRun.map(\.text).joined()
            for word in cut(run) {
                let end = text.unicodeScalars.index(start, offsetBy: word.unicodeScalars.count)
                result.append(WordSegment(text: word, kind: .ideographic, range: start..<end))
                start = end
            }
            assert(start == last.range.upperBound, "the cut words must cover the Han run")
            hanRun.removeAll(keepingCapacity: true)
        }
        for segment in try wordBreaker.segments(in: text) {
            if segment.kind == .ideographic, segment.text.unicodeScalars.allSatisfy(Script.isHan) {
                hanRun.append(segment)
            } else {
                flushHanRun()
                result.append(segment)
            }
        }
        flushHanRun()
        return result
    }

    /// What Han characters are replaced with for ICU: U+3000 IDEOGRAPHIC SPACE, three UTF-8 bytes
    /// like every Han character of the Basic Multilingual Plane.
    private static let hiddenHan: Unicode.Scalar = "\u{3000}"

    /// `text` with each run of three-byte Han characters not next to kana replaced by ideographic
    /// spaces, or nil when there is none.
    static func hidingChineseRuns(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        func hideable(_ scalar: Unicode.Scalar) -> Bool { scalar.value <= 0xFFFF && Script.isHan(scalar) }
        func isKana(_ scalar: Unicode.Scalar) -> Bool {
            (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value) || (0xFF66...0xFF9F).contains(scalar.value)
        }
        var output: [Unicode.Scalar]?
        var start = 0
        while start < scalars.count {
            guard hideable(scalars[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < scalars.count, hideable(scalars[end]) { end += 1 }
            let besideKana = (start > 0 && isKana(scalars[start - 1])) || (end < scalars.count && isKana(scalars[end]))
            if !besideKana {
                if output == nil { output = scalars }
                for index in start..<end { output?[index] = hiddenHan }
            }
            start = end
        }
        return output.map { String(String.UnicodeScalarView($0)) }
    }

    /// The index in `text` at the same UTF-8 offset as `index` in `masked`.
    private static func index(_ index: String.Index, from masked: String, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: masked.utf8.distance(from: masked.utf8.startIndex, to: index))
    }

    /// jieba's cut of a Han run, with the user's words taken out first: at each position the longest
    /// user word that starts there is one piece, and the text between them is cut by the dictionary.
    private func cut(_ run: String) -> [String] {
        guard !userWords.isEmpty else { return chinese.cut(run) }
        let scalars = Array(run.unicodeScalars)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        var pieces: [String] = []
        var gapStart = 0
        var position = 0
        while position < scalars.count {
            let match = userWordLengths.first { length in
                position + length <= scalars.count && userWords.contains(text(position..<(position + length)))
            }
            guard let length = match else {
                position += 1
                continue
            }
            if gapStart < position { pieces += chinese.cut(text(gapStart..<position)) }
            pieces.append(text(position..<(position + length)))
            position += length
            gapStart = position
        }
        if gapStart < scalars.count { pieces += chinese.cut(text(gapStart..<scalars.count)) }
        return pieces
    }
}
