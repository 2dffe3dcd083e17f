import DocScanCore
@testable import DocScanKeywords
import Foundation
import Testing

/// The keyword extractor on recognized pages built here: lines as Tesseract returns them, with each
/// word's confidence, so every filter can be driven and counted. The extractors are built once per
/// language list: the lexicon takes seconds to load in a debug build.
@Suite struct SegmentingKeywordExtractorTests {
    private static let english = try! KeywordSettings().extractor(languages: LanguageList(parsing: "eng"))
    private static let chinese = try! KeywordSettings().extractor(languages: LanguageList(parsing: "chi_sim,eng"))

    /// A page whose lines are `lines`, split into Tesseract-style words (each Han character its own
    /// word) read with `confidence`, or the confidence `wordConfidences` gives a word.
    private func page(_ lines: [String], confidence: Double = 95, wordConfidences: [String: Double] = [:]) -> RecognizedText {
        let box = PageBox(x: 0, y: 0, width: 1, height: 1)
        var words: [RecognizedSpan] = []
        for line in lines {
            for token in line.split(separator: " ") {
                var pieces: [String] = []
                var latin = ""
                for character in token {
                    if character.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) {
                        if !latin.isEmpty { pieces.append(latin); latin = "" }
                        pieces.append(String(character))
                    } else {
                        latin.append(character)
                    }
                }
                if !latin.isEmpty { pieces.append(latin) }
                words += pieces.map { RecognizedSpan(text: $0, confidence: wordConfidences[$0] ?? confidence, box: box) }
            }
        }
        return RecognizedText(
            text: lines.joined(separator: "\n"), meanConfidence: confidence, words: words,
            lines: lines.map { RecognizedSpan(text: $0, confidence: confidence, box: box) }, resolution: 300)
    }

    private func extract(_ lines: [String], with extractor: SegmentingKeywordExtractor = english,
                         confidence: Double = 95, wordConfidences: [String: Double] = [:]) throws -> KeywordResult {
        extractor.extract(from: page(lines, confidence: confidence, wordConfidences: wordConfidences),
                          languages: try LanguageList(parsing: "eng"))
    }

    @Test func chineseWordsStayWholeAndMeasurementsGoWhole() throws {
        let result = try extract([
            "蛋白质 10.2 kg 9.6~11.8",
            "体重 65.3kg 骨骼肌 30.2kg 检查日期：2021.10.09",
            "脂肪 15.8 kg 7.8~15.6 蛋白质和无机盐处于正常水平",
        ], with: Self.chinese)
        #expect(result.keywords == ["蛋白质", "体重", "骨骼肌", "检查", "日期", "脂肪", "无机盐", "处于", "正常", "水平"])
        // 10.2 kg, 9.6~11.8, 65.3kg, 30.2kg, 2021.10.09, 15.8 kg, 7.8~15.6: one drop each, no pieces left.
        #expect(result.dropped.numeric == 7)
        #expect(result.dropped.duplicate == 1)
        #expect(result.counts["蛋白质"] == 2)
    }

    @Test func measurementsOfEveryKindAreDroppedAndNamesWithDigitsKept() throws {
        let result = try extract([
            "InBody770 scan 16:39 on 10/09/2021, 2021-10-09, 1,250.00 USD, 25.0 kg/m2, 24.2 %",
            "range 9.6-11.8 call +86 138 0013 8000 ref TJ1009058",
        ])
        // 1,250.00 USD is money; TJ1009058 an ID.
        #expect(result.keywords == ["inbody770", "scan", "range", "call", "ref"])
        #expect(!result.keywords.contains { $0.contains("kg") || $0.first?.isNumber == true })
        #expect(result.dropped.numeric >= 8)
    }

    @Test func stopWordsAreDroppedAndCountedAndDomainWordsStay() throws {
        let result = try extract(["The result of the test was high, and it couldn’t be lower"])
        #expect(result.keywords == ["result", "test", "high", "lower"])
        // the, of, the, was, and, it, couldn’t, be.
        #expect(result.dropped.stopWord == 8)
    }

    @Test func apostrophesAndAddressesSplitLikeAFullTextIndex() throws {
        let result = try extract(["Watson’s mail to aspammer@website.com, l’analyse O'Brien warn’t file_name"])
        #expect(result.keywords == ["watson", "mail", "aspammer", "website", "com", "analyse", "brien", "warn", "file_name"])
    }

    @Test func twoLetterTokensAreKeptOnlyAsAcronyms() throws {
        let result = try extract(["IP EU pH 3D Mr ed fa- se"])
        #expect(result.keywords == ["ip", "eu", "ph", "3d"])
        #expect(result.dropped.short == 4)
    }

    @Test func lowConfidenceDropsUnknownWordsButTheLexiconRescuesRealOnes() throws {
        let result = try extract(
            ["hospital resaned copyrgh Skolelinux"],
            wordConfidences: ["hospital": 30, "resaned": 30, "copyrgh": 79, "Skolelinux": 81])
        #expect(SegmentingKeywordExtractor.Options.defaultMinimumConfidence == 80)
        #expect(result.keywords == ["hospital", "skolelinux"])
        #expect(result.dropped.lowConfidence == 2)
    }

    @Test func garbageShapesAreDroppedUnlessTheLexiconKnowsThem() throws {
        // wOrD is a real word whose case OCR mixed up: its keyword is "word".
        let result = try extract(["mhlz wOrDz wOrD aaaab iPhone McDonald kHz Strasse"])
        #expect(result.keywords == ["word", "iphone", "mcdonald", "khz", "strasse"])
        #expect(result.dropped.garbage == 3)
    }

    @Test func customWordsAreNeverGarbage() throws {
        let folder = try KeywordTestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("custom.txt")
        try "# lab terms\nmhlz\nXQ\n体脂肪\n".write(to: file, atomically: true, encoding: .utf8)
        let extractor = try KeywordSettings(customWordsFile: file).extractor(languages: LanguageList(parsing: "chi_sim,eng"))
        let result = try extract(["mhlz XQ qzxv 体脂肪超标"], with: extractor, wordConfidences: ["mhlz": 20])
        // jieba's dictionary alone cuts 体脂肪 as 体 + 脂肪.
        #expect(try extract(["体脂肪超标"], with: Self.chinese).keywords == ["脂肪", "超标"])
        #expect(result.keywords == ["mhlz", "xq", "体脂肪", "超标"])
        #expect(result.dropped.garbage == 1)
    }

    @Test func userStopWordsAreAdded() throws {
        let folder = try KeywordTestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("stop.txt")
        try "invoice\nPage\n".write(to: file, atomically: true, encoding: .utf8)
        let extractor = try KeywordSettings(stopWordsFile: file).extractor(languages: LanguageList(parsing: "eng"))
        let result = try extract(["Invoice garden hose page"], with: extractor)
        #expect(result.keywords == ["garden", "hose"])
        #expect(result.dropped.stopWord == 2)
    }

    @Test func unreadableOptionFilesAreNamed() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/stop.txt")
        #expect {
            try KeywordSettings(stopWordsFile: missing).extractor(languages: LanguageList(parsing: "eng"))
        } throws: { error in
            guard case .optionFileUnreadable(let option, let path, _) = error as? DocScanError else { return false }
            return option == "--stopwords" && path == missing.path
        }
    }

    @Test func traditionalChineseFoldsOnlyWhenAsked() throws {
        let folding = try KeywordSettings(options: .init(foldTraditional: true)).extractor(languages: LanguageList(parsing: "chi_sim"))
        #expect(try extract(["蛋白質 蛋白质"], with: folding).keywords == ["蛋白质"])
        // Unfolded, jieba's Simplified dictionary cuts 蛋白質 as 蛋白 + 質.
        #expect(try extract(["蛋白質 蛋白质"], with: Self.chinese).keywords == ["蛋白", "蛋白质"])
    }

    @Test func fullWidthTextIsNormalized() throws {
        let result = try extract(["ＩｎＢｏｄｙ７７０ ６５ｋｇ Ｒｅｓｕｌｔ"])
        #expect(result.keywords == ["inbody770", "result"])
    }

    @Test func aKeywordTakesTheConfidenceOfTheOCRWordsItComesFrom() throws {
        // Tesseract's word is “smarthost”), punctuation included; the keyword inherits its confidence.
        let doubtful = try extract(["Relay via “smarthost”) host"], wordConfidences: ["“smarthost”)": 58])
        #expect(doubtful.keywords == ["relay", "host"])
        #expect(doubtful.dropped.lowConfidence == 1)
        let sure = try extract(["Relay via “smarthost”) host"], wordConfidences: ["“smarthost”)": 85])
        #expect(sure.keywords == ["relay", "smarthost", "host"])
        // Chinese words are jieba dictionary words, which are kept at any confidence, as the lexicon
        // keeps Latin words: 骨骼肌 spans three one-character OCR words, one read badly.
        #expect(try extract(["骨骼肌 偏低"], with: Self.chinese, wordConfidences: ["骼": 10]).keywords == ["骨骼肌", "偏低"])
    }
}
