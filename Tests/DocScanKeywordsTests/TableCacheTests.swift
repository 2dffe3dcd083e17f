import DocScanCore
@testable import DocScanKeywords
import Foundation
import Testing

/// Word lists compiled into table files (`TableCache`): a compiled lexicon or dictionary must answer
/// as the one built in memory, be compiled again when its list changes, and never be trusted, or read
/// out of bounds, when its file is damaged.
@Suite struct TableCacheTests {
    private static let english = """
        hello
        Straße
        doctor
        doctor's
        state
        art
        of
        the
        e-mail
        élève
        homme

        """
    private static let german = "über\nGmbH\nUnabhängigkeitserklärung\n"
    /// Words the lists hold in some spelling, and words they do not.
    private static let probes = ["hello", "HELLO", "Straße", "STRASSE", "strasse", "doctor's", "doctor", "state-of-the-art",
                                 "email", "ÉLÈVE", "l'homme", "über", "gmbh", "Unabhängigkeitserklärung", "copyrgh",
                                 "hell", "helloo", "", "überall", "doctors", "Wi-Fi"]

    /// A folder of word lists named as Debian names them, and an empty cache folder.
    private func folders() throws -> (lists: URL, cache: URL) {
        let root = try KeywordTestSupport.temporaryFolder()
        let lists = root.appendingPathComponent("dict"), cache = root.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
        try Self.english.write(to: lists.appendingPathComponent("american-english"), atomically: true, encoding: .utf8)
        try Self.german.write(to: lists.appendingPathComponent("ngerman"), atomically: true, encoding: .utf8)
        return (lists, cache)
    }

    private func tables(in cache: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).filter { $0.hasSuffix(".tables") }.sorted()
    }

    private static let languages = try! LanguageList(codes: ["eng", "deu"])

    @Test func aCompiledLexiconAnswersAsTheBuiltOne() throws {
        let (lists, cache) = try folders()
        let built = Lexicon(languages: Self.languages, directory: lists, cache: nil)
        let compiled = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        let mapped = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        #expect(!built.isMapped && compiled.isMapped && mapped.isMapped)
        #expect(tables(in: cache).count == 1)
        #expect(tables(in: cache).first?.hasPrefix("lexicon-deu+eng-") == true)
        // The same languages in another order share the table.
        let reordered = Lexicon(languages: try LanguageList(codes: ["deu", "eng"]), directory: lists, cache: cache)
        #expect(reordered.isMapped && reordered.contains("hello") && tables(in: cache).count == 1)
        #expect(mapped.count == built.count && mapped.loadedLanguages == ["eng", "deu"])
        for probe in Self.probes {
            #expect(mapped.contains(probe) == built.contains(probe), "\(probe)")
            #expect(compiled.contains(probe) == built.contains(probe), "\(probe)")
        }
        #expect(mapped.contains("STRASSE") && mapped.contains("state-of-the-art") && !mapped.contains("copyrgh"))
        // Added words live beside the mapped lists.
        let added = mapped.adding(["DocScan"])
        #expect(added.isMapped && added.contains("docscan") && added.contains("über") && !mapped.contains("docscan"))
    }

    @Test func aChangedListIsCompiledAgainAndTheOldTableRemoved() throws {
        let (lists, cache) = try folders()
        let before = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        let first = tables(in: cache)
        #expect(!before.contains("tesseract"))
        try (Self.english + "tesseract\n").write(to: lists.appendingPathComponent("american-english"), atomically: true, encoding: .utf8)
        let after = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        #expect(after.isMapped && after.contains("Tesseract") && after.contains("hello"))
        #expect(tables(in: cache).count == 1 && tables(in: cache) != first)
        // Another set of languages is a table of its own.
        let english = Lexicon(languages: try LanguageList(codes: ["eng"]), directory: lists, cache: cache)
        #expect(english.isMapped && !english.contains("über"))
        #expect(tables(in: cache).count == 2)
    }

    @Test func aTruncatedTableIsBuiltAgain() throws {
        let (lists, cache) = try folders()
        _ = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        let file = cache.appendingPathComponent(try #require(tables(in: cache).first))
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 100).write(to: file)
        let table = TableFile(path: file.path, key: try #require(keyOf(file)), arrays: WordSet.arrayCount)
        #expect(table.flatMap(WordSet.init(table:)) == nil)
        let rebuilt = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        #expect(rebuilt.isMapped && rebuilt.contains("hello") && rebuilt.contains("STRASSE") && !rebuilt.contains("copyrgh"))
        #expect(try Data(contentsOf: file) == whole)
    }

    /// Slots pointing past the words, and words' bounds past the bytes: the file's header still
    /// fits, so it is mapped, and every lookup must stay inside the arrays (a debug build traps
    /// on a read out of bounds).
    @Test(arguments: [UInt8(0x7F), 0x00, 0x41])
    func aDamagedTableIsReadWithinItsBounds(fill: UInt8) throws {
        let (lists, cache) = try folders()
        _ = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        let file = cache.appendingPathComponent(try #require(tables(in: cache).first))
        var bytes = [UInt8](try Data(contentsOf: file))
        // Arrays 1 (starts, all but the last) and 3 (slots) overwritten.
        for array in [1, 3] {
            let offset = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 24 + 16 * array, as: UInt64.self) })
            let length = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 32 + 16 * array, as: UInt64.self) })
            for index in offset..<offset + length - (array == 1 ? 4 : 0) { bytes[index] = fill &+ UInt8(index % 7) }
        }
        try Data(bytes).write(to: file)
        let damaged = Lexicon(languages: Self.languages, directory: lists, cache: cache)
        #expect(damaged.isMapped)
        for probe in Self.probes { _ = damaged.contains(probe) }
    }

    @Test func anUnwritableCacheLeavesTheListsInMemory() throws {
        let (lists, cache) = try folders()
        try Data("a file".utf8).write(to: cache)
        let lexicon = Lexicon(languages: Self.languages, directory: lists, cache: cache.appendingPathComponent("docscan"))
        #expect(!lexicon.isMapped && lexicon.contains("hello") && lexicon.contains("über"))
    }

    @Test func aCompiledDictionaryCutsAsTheParsedOne() throws {
        let (_, cache) = try folders()
        let text = "蛋白 1\n蛋白质 10 n\n质 3\n脂肪 8 n\n甲 4\n乙 4\n甲乙 1\n身体水分 2\n身体 6\n水分 5\n"
        let file = cache.deletingLastPathComponent().appendingPathComponent("dict.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let parsed = try ChineseDictionary(parsing: Data(text.utf8), path: "t")
        let compiled = try ChineseDictionary(contentsOf: file, cache: cache)
        let mapped = try ChineseDictionary(contentsOf: file, cache: cache)
        #expect(!parsed.isMapped && compiled.isMapped && mapped.isMapped)
        #expect(tables(in: cache).count == 1 && tables(in: cache).first?.hasPrefix("jieba-") == true)
        #expect(mapped.total == parsed.total && mapped.wordCount == parsed.wordCount)
        for word in ["蛋白", "蛋白质", "质", "脂肪", "甲乙", "身体水分", "身体水", "丙", "蛋"] {
            #expect(mapped.frequency(of: word) == parsed.frequency(of: word), "\(word)")
        }
        let sentence = "蛋白质和脂肪，身体水分甲乙丙"
        #expect(ChineseSegmenter(dictionary: mapped).cut(sentence) == ChineseSegmenter(dictionary: parsed).cut(sentence))
        #expect(ChineseSegmenter(dictionary: mapped).cut(sentence).contains("身体水分"))
    }

    @Test func aDamagedDictionaryIsReadWithinItsBounds() throws {
        let (_, cache) = try folders()
        let text = "蛋白质 10 n\n脂肪 8 n\n身体水分 2\n"
        let file = cache.deletingLastPathComponent().appendingPathComponent("dict.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        _ = try ChineseDictionary(contentsOf: file, cache: cache)
        let table = cache.appendingPathComponent(try #require(tables(in: cache).first))
        var bytes = [UInt8](try Data(contentsOf: table))
        // The root's children (array 0, its second entry) running far past the nodes, and every other
        // node's first child far past them.
        let offset = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 24, as: UInt64.self) })
        let length = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 32, as: UInt64.self) })
        for index in offset + 4..<offset + length { bytes[index] = 0x70 }
        try Data(bytes).write(to: table)
        let damaged = try ChineseDictionary(contentsOf: file, cache: cache)
        #expect(damaged.isMapped)
        for word in ["蛋白质", "脂肪", "身体水分", "丙"] { _ = damaged.frequency(of: word) }
        _ = ChineseSegmenter(dictionary: damaged).cut("蛋白质和脂肪，身体水分")
    }

    @Test func theCacheFolderFollowsTheEnvironment() {
        #expect(TableCache.directory(environment: ["DOCSCAN_CACHE": "/c", "XDG_CACHE_HOME": "/x"])?.path == "/c")
        #expect(TableCache.directory(environment: ["DOCSCAN_CACHE": "off", "HOME": "/h"]) == nil)
        #expect(TableCache.directory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])?.path == "/x/docscan")
        #expect(TableCache.directory(environment: ["DOCSCAN_CACHE": "", "HOME": "/h"])?.path == "/h/.cache/docscan")
    }

    /// The key a table file was written under.
    private func keyOf(_ file: URL) -> UInt64? {
        guard let data = try? Data(contentsOf: file), data.count >= 16 else { return nil }
        return data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
    }
}
