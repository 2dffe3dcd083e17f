import DocScanICU

/// Words of a page for the keyword stage: ICU's UAX #29 segments, with Han re-cut by jieba's dictionary.
///
/// ICU finds words in every script and marks numbers and punctuation, but its Chinese dictionary
/// splits domain words (蛋白质 → 蛋白|质). Neighbouring ICU segments made only of Han characters are
/// joined and cut again by `ChineseSegmenter`; segments with kana keep ICU's Japanese cut.
public struct TextSegmenter: Sendable {
    public let wordBreaker: WordBreaker
    public let chinese: ChineseSegmenter

    public init(wordBreaker: WordBreaker, chinese: ChineseSegmenter) {
        self.wordBreaker = wordBreaker
        self.chinese = chinese
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
            for word in chinese.cut(run) {
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
}
