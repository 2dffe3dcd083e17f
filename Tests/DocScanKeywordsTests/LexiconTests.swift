import DocScanCore
@testable import DocScanKeywords
import Foundation
import Testing

/// These read the Debian word lists `make setup` installs in `/usr/share/dict`, each once: a debug
/// build takes seconds to load them all.
@Suite struct LexiconTests {
    private static let all = Lexicon(languages: try! LanguageList(codes: ["eng", "deu", "fra", "spa", "ita", "por"]))
    private static let english = Lexicon(languages: try! LanguageList(codes: ["eng"]))

    private func lexicon(_ languages: String) throws -> Lexicon {
        Lexicon(languages: try LanguageList(parsing: languages))
    }

    @Test func readsTheListOfEveryMappedLanguage() {
        #expect(Self.all.loadedLanguages == ["eng", "deu", "fra", "spa", "ita", "por"])
        #expect(Self.all.missingLanguages.isEmpty)
        #expect(Self.all.count > 1_000_000)
    }

    @Test(arguments: [
        ("English", ["hello", "Hello", "HELLO", "copyright", "psst", "bldg", "tbsp", "MHz", "kHz", "FedEx", "iPhone", "WiFi",
                 "html", "NASA"]),
        ("German", ["Straße", "straße", "STRASSE", "Strasse", "über", "ÜBER", "GmbH", "Unabhängigkeitserklärung"]),
        ("French", ["élève", "ÉLÈVE", "homme", "aujourd'hui", "aujourd’hui", "cœur", "CŒUR"]),
        ("Spanish", ["niño", "NIÑO", "corazón"]),
        ("Italian", ["perché", "anno"]),
        ("Portuguese", ["coração", "AÇÃO"]),
    ])
    func knowsWordsInAnyCase(language: String, words: [String]) {
        for word in words {
            #expect(Self.all.contains(word), "\(language): \(word)")
        }
    }

    /// Shape rules cannot catch `copyrgh` or `resaned`; the lexicon does not know them either, so with
    /// low confidence they can go.
    @Test(arguments: ["copyrgh", "resaned", "mhlz", "tHe1", "xqzv", "lnvoice", "tbe", ""])
    func doesNotKnowGarbage(token: String) {
        #expect(!Self.all.contains(token))
    }

    @Test func stripsPossessivesAndSJoinedWords() {
        let english = Self.english
        #expect(english.contains("doctor's"))
        #expect(english.contains("Doctor’s"))
        #expect(english.contains("McDonald's"))
        #expect(english.contains("it's"))
        #expect(!english.contains("copyrgh's"))
    }

    @Test func acceptsCompoundsWhosePartsAreWords() {
        let english = Self.english
        #expect(english.contains("state-of-the-art"))
        #expect(english.contains("Wi-Fi"))
        #expect(english.contains("e-mail"))
        #expect(!english.contains("state-of-the-copyrgh"))
        #expect(!english.contains("-"))
    }

    @Test func acceptsElidedArticlesBeforeAWord() {
        #expect(Self.all.contains("l'homme"))
        #expect(Self.all.contains("L’HOMME"))
        #expect(Self.all.contains("qu'elle"))
        #expect(Self.all.contains("dell'anno"))
        #expect(!Self.all.contains("xq'homme"))
        #expect(!Self.all.contains("l'copyrgh"))
    }

    @Test func foldsDecomposedAccentsLikeComposedOnes() {
        #expect(Self.all.contains("e\u{301}le\u{300}ve"))
    }

    @Test func loadsOnlyTheRequestedLanguages() {
        #expect(Self.english.loadedLanguages == ["eng"])
        #expect(Self.english.count > 50_000 && Self.english.count < 100_000)
        #expect(!Self.english.contains("Straße"))
        #expect(Self.all.contains("Straße"))
    }

    @Test func aLanguageWithoutAListAddsNothing() throws {
        let chinese = try lexicon("chi_sim")
        #expect(chinese.count == 0)
        #expect(chinese.loadedLanguages.isEmpty)
        #expect(chinese.missingLanguages.isEmpty)
        #expect(try lexicon("chi_sim,eng").loadedLanguages == ["eng"])
    }

    @Test func aMissingListIsEmptyAndReported() throws {
        let lexicon = Lexicon(languages: try LanguageList(parsing: "eng,deu"),
                              directory: URL(fileURLWithPath: "/nonexistent/dict"))
        #expect(lexicon.count == 0)
        #expect(lexicon.loadedLanguages.isEmpty)
        #expect(lexicon.missingLanguages == ["eng", "deu"])
        #expect(!lexicon.contains("hello"))
    }

    @Test func addsAUserWordList() throws {
        let file = KeywordTestSupport.scratch.appendingPathComponent("docscan-custom-words-\(UUID()).txt")
        try "InBody770\n# a comment\n  Zeiss  \r\nSARS-CoV-2\n\nGroß\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let lexicon = try Self.english.adding(wordsIn: file)
        #expect(lexicon.contains("inbody770"))
        #expect(lexicon.contains("INBODY770"))
        #expect(lexicon.contains("zeiss"))
        #expect(lexicon.contains("sars-cov-2"))
        #expect(lexicon.contains("GROSS"))
        #expect(!lexicon.contains("# a comment"))
        #expect(lexicon.contains("hello"))
        #expect(lexicon.loadedLanguages == ["eng"])
    }

    @Test func aMissingUserListThrows() throws {
        #expect(throws: DocScanError.inputNotFound(path: "/nonexistent/words.txt")) {
            try Lexicon().adding(wordsIn: URL(fileURLWithPath: "/nonexistent/words.txt"))
        }
    }

    @Test func addsWords() {
        let lexicon = Lexicon().adding(["DocScan", "Tesseract"])
        #expect(lexicon.count == 2)
        #expect(lexicon.contains("docscan"))
        #expect(lexicon.contains("TESSERACT"))
        #expect(!Lexicon().contains("docscan"))
    }

    @Test func isSharedAcrossTasks() async {
        let lexicon = Self.all
        let found = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { ["hello", "Straße", "élève", "copyrgh"].filter(lexicon.contains).count }
            }
            return await group.reduce(0, +)
        }
        #expect(found == 12)
    }
}
