import DocScanCore
import DocScanICU
@testable import DocScanKeywords
import Foundation
import Testing

/// DocScanKit imports Foundation and DocScanICU side by side here, which the ICU header clash would
/// break if DocScanICU exposed its C module.
@Suite struct TextSegmenterTests {
    private let segmenter: TextSegmenter

    init() throws {
        segmenter = TextSegmenter(wordBreaker: try WordBreaker(), chinese: try ChineseSegmenter.shared())
    }

    private func words(_ text: String) throws -> [String] {
        try segmenter.segments(in: text).filter { $0.kind != .nonWord }.map(\.text)
    }

    @Test func hanRunsAreRecutWithJiebasDictionary() throws {
        // ICU alone gives 蛋白|质|和|无机|盐.
        #expect(try words("蛋白质和无机盐") == ["蛋白质", "和", "无机盐"])
        // UAX #29 keeps digits and letters together (WB9-WB12), so 65.3kg is one letter segment:
        // measurements need masking before segmentation, as DESIGN.md says.
        let segments = try segmenter.segments(in: "体重 65.3kg，骨骼肌偏低")
        #expect(segments.filter { $0.kind != .nonWord }.map(\.text) == ["体重", "65.3kg", "骨骼肌", "偏低"])
        #expect(segments.first { $0.text == "65.3kg" }?.kind == .letter)
    }

    @Test func segmentsCoverTheTextAndMapBack() throws {
        let text = "Protein 蛋白质 🧪 10.2 kg, 無機鹽 e\u{301}tude"
        let segments = try segmenter.segments(in: text)
        #expect(segments.map(\.text).joined() == text)
        for segment in segments {
            #expect(String(text.unicodeScalars[segment.range]) == segment.text)
        }
        #expect(segments.first { $0.text == "蛋白质" }?.kind == .ideographic)
        #expect(segments.first { $0.text == "10.2" }?.kind == .number)
    }

    @Test func kanaKeepsIcusJapaneseCut() throws {
        #expect(try words("東京タワーに行きました") == ["東京タワー", "に", "行き", "ま", "した"])
    }
}
