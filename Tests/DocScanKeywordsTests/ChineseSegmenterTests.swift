import DocScanCore
@testable import DocScanKeywords
import Foundation
import Testing

/// These use the real jieba dictionary (Debian `python3-jieba`, or `$DOCSCAN_JIEBA_DICT`).
@Suite struct ChineseSegmenterTests {
    private let segmenter: ChineseSegmenter

    init() throws {
        segmenter = try ChineseSegmenter.shared()
    }

    @Test func loadsTheWholeDictionary() {
        // dict.txt of python3-jieba 0.42.1: 349,046 lines, one word listed twice, frequencies summing
        // to 60,101,967.
        #expect(segmenter.dictionary.wordCount == 349_045)
        #expect(segmenter.dictionary.total == 60_101_967)
        #expect(segmenter.dictionary.frequency(of: "蛋白质") > 0)
        #expect(segmenter.dictionary.frequency(of: "蛋白") > 0)
        #expect(segmenter.dictionary.frequency(of: "蛋白质和") == 0)
    }

    /// The trie is laid out breadth first after it is built; every word must still find its own
    /// frequency, and every prefix that is not a word none.
    @Test func everyWordOfTheFileFindsItsFrequency() throws {
        let text = try String(contentsOf: ChineseDictionary.defaultLocation(), encoding: .utf8)
        var expected: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let frequency = Int(fields[1]) else { continue }
            expected[String(fields[0])] = frequency
        }
        #expect(expected.count == 349_045)
        let wrong = expected.filter { segmenter.dictionary.frequency(of: $0.key) != $0.value }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        let prefixes = expected.keys.compactMap { $0.count > 2 ? String($0.dropLast()) : nil }.filter { expected[$0] == nil }
        #expect(prefixes.count > 1000)
        #expect(prefixes.allSatisfy { segmenter.dictionary.frequency(of: $0) == 0 })
    }

    @Test func keepsDomainWordsWhole() {
        #expect(segmenter.cut("蛋白质") == ["蛋白质"])
        #expect(segmenter.cut("无机盐") == ["无机盐"])
        #expect(segmenter.cut("人体由蛋白质、脂肪和无机盐组成") == ["人体", "由", "蛋白质", "、", "脂肪", "和", "无机盐", "组成"])
    }

    /// Expected lists are the output of the real python jieba 0.42.1 (Debian python3-jieba) for the
    /// same sentences: `python3 -c 'import jieba; print("/".join(jieba.cut(s, HMM=False)))'`.
    @Test(arguments: [
        "我/来到/北京/清华大学",
        "他/来到/了/网易/杭/研/大厦",
        "小/明/硕士/毕业/于/中国科学院/计算所/，/后/在/日本京都大学/深造",
        "体/脂/率/偏/高/，/建议/控制/饮食/并/增加/运动量",
        "基础代谢率/和/内脏/脂肪/等级/是/身体/成分/分析/的/重要/指标",
        "结婚/的/和/尚未/结婚/的",
        "南京市/长江大桥",
        "研究/生命/的/起源",
        "乒乓球/拍卖/完/了",
        "蛋白/質/和/無/機/鹽",
        "骨骼肌/含量/低于/标准/范围/，/请/咨询/医生",
    ])
    func matchesPythonJieba(_ expected: String) {
        let words = expected.split(separator: "/").map(String.init)
        #expect(segmenter.cut(words.joined()) == words)
    }

    @Test func leavesTextBetweenHanRunsWhole() {
        let text = "体重 65.3kg，骨骼肌 30.2kg (偏低)"
        let pieces = segmenter.cut(text)
        #expect(pieces == ["体重", " 65.3kg，", "骨骼肌", " 30.2kg (", "偏低", ")"])
        #expect(pieces.joined() == text)
        #expect(segmenter.cut("").isEmpty)
        #expect(segmenter.cut("no Han at all") == ["no Han at all"])
    }

    @Test func charactersOutsideTheDictionaryStaySingle() {
        // 𠀀 (CJK Extension B) is in no jieba word; it must not swallow or split its neighbours.
        #expect(segmenter.cut("𠀀蛋白质𠀀") == ["𠀀", "蛋白质", "𠀀"])
    }

    @Test func missingDictionaryIsATypedError() {
        let path = "/nonexistent/jieba/dict.txt"
        #expect(throws: ChineseDictionaryError.notFound(path: path)) {
            try ChineseDictionary(contentsOf: URL(fileURLWithPath: path))
        }
        let environment = ["DOCSCAN_JIEBA_DICT": path]
        #expect(ChineseDictionary.defaultLocation(environment: environment).path == path)
        #expect(ChineseDictionary.defaultLocation(environment: [:]).path == "/usr/lib/python3/dist-packages/jieba/dict.txt")
    }

    @Test func malformedLinesAreTypedErrors() {
        #expect(throws: ChineseDictionaryError.malformed(path: "t", line: 2, reason: "no frequency after the word")) {
            try ChineseDictionary(parsing: Data("蛋白质 10 n\n脂肪\n".utf8), path: "t")
        }
        #expect(throws: ChineseDictionaryError.malformed(path: "t", line: 1, reason: "the frequency is not a whole number")) {
            try ChineseDictionary(parsing: Data("蛋白质 ten n\n".utf8), path: "t")
        }
        #expect(throws: ChineseDictionaryError.malformed(path: "t", line: 0, reason: "not UTF-8")) {
            try ChineseDictionary(parsing: Data([0xE8, 0x9B, 0x20, 0x31, 0x0A]), path: "t")
        }
        #expect(throws: ChineseDictionaryError.malformed(path: "t", line: 0, reason: "no word with a frequency above 0")) {
            try ChineseDictionary(parsing: Data("\n\n".utf8), path: "t")
        }
        #expect(throws: ChineseDictionaryError.malformed(path: "t", line: 1, reason: "the frequency is over 4294967295")) {
            try ChineseDictionary(parsing: Data("蛋白质 4294967296 n\n".utf8), path: "t")
        }
    }

    @Test func theLargestFrequencyFitsIn32Bits() throws {
        let dictionary = try ChineseDictionary(parsing: Data("蛋白质 4294967295 n\n".utf8), path: "t")
        #expect(dictionary.frequency(of: "蛋白质") == 4_294_967_295)
    }

    @Test func laterLinesReplaceAFrequencyAndAllAddToTheTotal() throws {
        let dictionary = try ChineseDictionary(parsing: Data("甲乙 1\n甲 1 n\n乙 1\n甲乙 2\n".utf8), path: "t")
        #expect(dictionary.total == 5)
        #expect(dictionary.wordCount == 3)
        #expect(dictionary.frequency(of: "甲乙") == 2)
    }

    @Test func aTieGoesToTheLongerWord() throws {
        // log(4/16) + log(4/16) == log(1/16) exactly. Python's max over (score, end) tuples prefers
        // the later end; python jieba with this dictionary (jieba.Tokenizer) cuts 甲乙 and 甲乙/甲.
        let dictionary = try ChineseDictionary(parsing: Data("甲 4\n乙 4\n甲乙 1\n丙 7\n".utf8), path: "t")
        let segmenter = ChineseSegmenter(dictionary: dictionary)
        #expect(segmenter.cut("甲乙") == ["甲乙"])
        #expect(segmenter.cut("甲乙甲") == ["甲乙", "甲"])
    }

    @Test func sharedAcrossTasks() async throws {
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (try? ChineseSegmenter.shared().cut("人体由蛋白质、脂肪和无机盐组成")) ?? [] }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results.map { $0.joined(separator: "/") }) == ["人体/由/蛋白质/、/脂肪/和/无机盐/组成"])
    }
}
