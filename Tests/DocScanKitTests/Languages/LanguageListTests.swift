import DocScanCore
import DocScanKit
import Testing

struct LanguageListTests {
    @Test(arguments: [
        ("chi_sim,eng", ["chi_sim", "eng"]),
        ("chi_sim+eng", ["chi_sim", "eng"]),
        ("eng", ["eng"]),
        ("zh-Hans,en-US", ["chi_sim", "eng"]),
        ("zh-CN", ["chi_sim"]),
        ("zh-Hant-TW,zh-TW", ["chi_tra"]),
        ("de", ["deu"]),
        ("EN", ["eng"]),
        ("en-US,en-GB,eng", ["eng"]),
        ("de-DE, fr-FR", ["deu", "fra"]),
        ("deu_latf", ["deu_latf"]),
        ("sr-Latn", ["srp_latn"]),
        ("pt-BR+es", ["por", "spa"]),
    ])
    func parses(text: String, expected: [String]) throws {
        #expect(try LanguageList(parsing: text).codes == expected)
    }

    @Test func firstIsPrimaryAndOrderIsKept() throws {
        let list = try LanguageList(parsing: "eng,chi_sim")
        #expect(list.primary == "eng")
        #expect(list.tesseractString == "eng+chi_sim")
    }

    @Test(arguments: ["klingon", "x1", "zz", "e", "123", "english"])
    func rejectsUnknown(text: String) {
        #expect(throws: DocScanError.self) { try LanguageList(parsing: text) }
    }

    @Test func rejectsEmptyList() {
        #expect(throws: DocScanError.emptyLanguageList) { try LanguageList(parsing: " , ") }
    }
}
