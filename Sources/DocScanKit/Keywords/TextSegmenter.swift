import DocScanICU

/// Words of a page for the keyword stage: ICU's UAX #29 segments, with Han re-cut by jieba's dictionary.
///
/// ICU finds words in every script and marks numbers and punctuation, but its Chinese dictionary
/// splits domain words (蛋白质 → 蛋白|质). Neighbouring ICU segments made only of Han characters are
/// joined and cut again by `ChineseSegmenter`; segments with kana keep ICU's Japanese cut.
public struct TextSegmenter: Sendable {
    public let wordBreaker: WordBreaker
    public let chinese: ChineseSegmenter
    /// Han words the user listed (`--custom-words`), kept whole wherever they occur, as jieba's
    /// user dictionary does for words such as 体脂肪 that its dictionary lacks.
    public let userWords: Set<String>
    /// The lengths (in scalars) of `userWords`, longest first.
    private let userWordLengths: [Int]

    public init(wordBreaker: WordBreaker, chinese: ChineseSegmenter, userWords: some Sequence<String> = [String]()) {
        self.wordBreaker = wordBreaker
        self.chinese = chinese
        self.userWords = Set(userWords.filter { !$0.isEmpty && $0.unicodeScalars.allSatisfy(HanSpacing.isHan) })
        userWordLengths = Set(self.userWords.map(\.unicodeScalars.count)).sorted(by: >)
    }

    /// Every segment of `text` in order, spaces and punctuation included, so their texts join back
    /// to `text`; Han words have kind `.ideographic`.
    /// - Throws: `ICUError` when ICU cannot allocate an iterator or `text` exceeds ICU's 32-bit offsets.
    public func segments(in text: String) throws(ICUError) -> [WordSegment] {
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
            if segment.kind == .ideographic, segment.text.unicodeScalars.allSatisfy(HanSpacing.isHan) {
                hanRun.append(segment)
            } else {
                flushHanRun()
                result.append(segment)
            }
        }
        flushHanRun()
        return result
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
