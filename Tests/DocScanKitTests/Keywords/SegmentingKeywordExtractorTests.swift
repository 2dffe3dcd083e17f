import DocScanKit
import Foundation
import Testing

struct BasicKeywordExtractorTests {
    private func extract(_ text: String, stopWords: StopWords = StopWords()) throws -> KeywordResult {
        let recognized = RecognizedText(text: text, meanConfidence: 90, words: [], lines: [], resolution: 300)
        return BasicKeywordExtractor(stopWords: stopWords).extract(from: recognized, languages: try LanguageList(parsing: "eng"))
    }

    @Test func foldsCaseDropsNumbersAndShortTokensAndDeduplicates() throws {
        let result = try extract("Invoice 2024-113: Garden hose x 2, INVOICE total 41.50 a Hose")
        #expect(result.keywords == ["invoice", "garden", "hose", "total"])
        #expect(result.dropped.numeric == 5)  // 2024, 113, 2, 41, 50
        #expect(result.dropped.short == 2)  // "x", "a"
        #expect(result.dropped.duplicate == 2)  // "INVOICE", "Hose"
    }

    @Test func keepsAlphanumericNamesAndInnerApostrophes() throws {
        let result = try extract("InBody770 don't Wi-Fi")
        #expect(result.keywords == ["inbody770", "don't", "wi-fi"])
    }

    @Test func hanRunsStayWhole() throws {
        let result = try extract("蛋白质 10.2 kg 无机盐，体重")
        #expect(result.keywords == ["蛋白质", "kg", "无机盐", "体重"])
    }

    @Test func stopWordsComeFromTheListFiles() throws {
        let directory = try #require(StopWords.defaultDirectory())
        let stopWords = StopWords(languages: try LanguageList(parsing: "eng"), directory: directory)
        #expect(stopWords.count > 100)
        let result = try extract("The result of the test was high", stopWords: stopWords)
        #expect(result.keywords == ["result", "test", "high"])
        #expect(result.dropped.stopWord == 4)
    }
}
