import DocScanICU
import Testing

@Suite struct WordBreakerTests {
    private let breaker: WordBreaker

    init() throws {
        breaker = try WordBreaker()
    }

    private func words(_ text: String) throws -> [String] {
        try breaker.segments(in: text).filter { $0.kind != .nonWord }.map(\.text)
    }

    @Test func splitsLatinTextAndKeepsNumbersWhole() throws {
        let segments = try breaker.segments(in: "Body fat 18.5% (don't panic)")
        #expect(segments.map(\.text) == ["Body", " ", "fat", " ", "18.5", "%", " ", "(", "don't", " ", "panic", ")"])
        #expect(segments.map(\.kind) == [.letter, .nonWord, .letter, .nonWord, .number, .nonWord, .nonWord,
                                         .nonWord, .letter, .nonWord, .letter, .nonWord])
    }

    @Test func dictionaryCutJapaneseIsIdeographicKanaIncluded() throws {
        let segments = try breaker.segments(in: "東京タワーに行きました")
        #expect(segments.map(\.text) == ["東京タワー", "に", "行き", "ま", "した"])
        #expect(segments.allSatisfy { $0.kind == .ideographic })
    }

    @Test func icuDictionarySplitsChineseDomainWords() throws {
        // Why DocScanKit re-cuts Han runs with jieba's dictionary: ICU's own cuts 蛋白质 and 无机盐.
        #expect(try words("蛋白质和无机盐") == ["蛋白", "质", "和", "无机", "盐"])
    }

    @Test func keepsCombiningMarksWithTheirLetters() throws {
        // "café" with a combining acute accent, and a decomposed Korean syllable.
        let text = "cafe\u{301} na\u{308}ive"
        #expect(try words(text) == ["cafe\u{301}", "na\u{308}ive"])
    }

    @Test func emojiAndSurrogatePairsMapBackExactly() throws {
        // 🧪 and 𠀀 (CJK Extension B) take two UTF-16 units each; 👩‍🔬 is a ZWJ sequence.
        let text = "a🧪b 𠀀 👩‍🔬x 😀"
        let segments = try breaker.segments(in: text)
        #expect(segments.map(\.text).joined() == text)
        for segment in segments {
            #expect(String(text.unicodeScalars[segment.range]) == segment.text)
        }
        #expect(segments.contains { $0.text == "👩‍🔬" && $0.kind == .nonWord })
        #expect(segments.contains { $0.text == "𠀀" && $0.kind == .ideographic })
    }

    @Test func emptyTextHasNoSegments() throws {
        #expect(try breaker.segments(in: "").isEmpty)
    }

    @Test func sharedAcrossTasks() async throws {
        let breaker = breaker
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { try breaker.segments(in: "Vitamin D 维生素 50 mg").map(\.text) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results.map { $0.joined(separator: "|") }).count == 1)
    }
}
