import DocScanCore
@testable import DocScanKeywords
import Testing

@Suite struct GarbageRulesTests {
    private let rules = GarbageRules()

    @Test(arguments: ["#@!", "----", "....", "-.-", "~~a", "C++", "•", "|||"])
    func mostlySymbols(token: String) {
        #expect(rules.reason(for: token) == .mostlySymbols)
    }

    @Test(arguments: ["aaaa", "Zzzz", "Brrrr", "soooo", "xxxxx", "AAaa", "abc====d"])
    func repeatedCharacter(token: String) {
        #expect(rules.reason(for: token) == .repeatedCharacter)
    }

    /// A Cyrillic `е`, `о` or `а` in a Latin word, or Greek letters in one.
    @Test(arguments: ["H\u{435}llo", "w\u{43E}rd", "\u{430}pple", "Прив\u{65}т", "\u{3B1}\u{3B2}cde"])
    func mixedScripts(token: String) {
        #expect(rules.reason(for: token) == .mixedScripts)
    }

    @Test(arguments: ["l0ve", "he11o", "g00gle", "He11o", "wh1te", "s0me", "2O21", "20l9", "1O0"])
    func digitsInWord(token: String) {
        #expect(rules.reason(for: token) == .digitsInWord)
    }

    @Test(arguments: ["tHe", "hELlo", "HeLLo", "wOrD", "ThIs", "sOmE", "aNd", "HEllo", "THe", "hElLo", "CaMeL",
                      "MacBookPro", "WiFi", "kHz", "MHz", "mmHg"])
    func caseAlternation(token: String) {
        #expect(rules.reason(for: token) == .caseAlternation)
    }

    @Test(arguments: ["mhlz", "Mhlz", "wrtng", "bldg", "psst", "html", "xkcd", "mgmt"])
    func noVowel(token: String) {
        #expect(rules.reason(for: token) == .noVowel)
    }

    /// Words, names, acronyms, camel-case brands, numbers with letters and other scripts pass.
    @Test(arguments: [
        "hello", "Hello", "HELLO", "NASA", "McDonald", "McDonald's", "iPhone", "OpenAI", "YouTube", "PowerPoint",
        "JavaScript", "LinkedIn", "GitHub", "DiCaprio", "PhD", "GmbH", "MySQL", "FedEx", "MacBook", "iPhoneX", "iOS",
        "eBay", "PCs", "IDs", "CEOs", "XMLHttpRequest", "SQLite", "O'Brien", "don't", "Wi-Fi", "e.g.", "U.S.A.",
        "HTML", "NTSC", "rhythm", "crypt", "hmm", "tsk",
        "InBody770", "COVID-19", "A4", "MP3", "H2O", "CO2", "B12", "HbA1c", "k8s", "i18n", "w3c", "mp3s", "iPhone6s",
        "x86", "4x4", "1234", "2021", "3.14",
        "μg", "αhelix", "β-carotene", "TNF-α", "Привет", "Ελλάδα", "café", "naïve", "Straße", "über", "crème", "Łódź",
        "蛋白质", "哈哈哈哈", "中文abc", "カタカナ", "한국어", "مرحبا", "",
    ])
    func passes(token: String) {
        #expect(rules.reason(for: token) == nil)
    }

    /// Of the garbage the keyword issue lists, shape catches only `mhlz`: `copyrgh` and `resaned`
    /// have vowels and plain case, so only the lexicon and word confidence can catch them.
    @Test func issueExamples() {
        #expect(rules.reason(for: "mhlz") == .noVowel)
        #expect(rules.reason(for: "copyrgh") == nil)
        #expect(rules.reason(for: "resaned") == nil)
    }

    @Test func theVowelRuleTakesALengthOrNone() {
        #expect(GarbageRules(vowellessMinimumLength: 5).reason(for: "mhlz") == nil)
        #expect(GarbageRules(vowellessMinimumLength: 5).reason(for: "wrtng") == .noVowel)
        #expect(GarbageRules(vowellessMinimumLength: nil).reason(for: "wrtng") == nil)
    }

    @Test func languagesWithVowellessWordsTurnTheVowelRuleOff() throws {
        let czech = GarbageRules(languages: try LanguageList(parsing: "ces,eng"))
        #expect(czech.vowellessMinimumLength == nil)
        #expect(czech.reason(for: "čtvrt") == nil)
        #expect(czech.reason(for: "tHe") == .caseAlternation)
        let english = GarbageRules(languages: try LanguageList(parsing: "eng,deu"))
        #expect(english.vowellessMinimumLength == 4)
        #expect(english.reason(for: "mhlz") == .noVowel)
    }

    @Test func aFoldedTokenSkipsOnlyTheCaseRules() {
        #expect(rules.reason(for: "the") == nil)
        #expect(rules.reason(for: "hello") == nil)
        #expect(rules.reason(for: "l0ve") == .digitsInWord)
        #expect(rules.reason(for: "html") == .noVowel)
    }
}
