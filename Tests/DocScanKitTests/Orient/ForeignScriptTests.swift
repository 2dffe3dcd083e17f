import DocScanCore
@testable import DocScanKit
import Foundation
import Testing

/// A page in a script none of the run's languages reads comes out as garbage; its record says which
/// script it is in and what to scan it with.
struct ForeignScriptTests {
    @Test func aScriptTheLanguagesReadIsNoForeignScript() {
        #expect(ForeignScript(script: "Latin", confidence: 15, orientationConfidence: 10, languages: ["eng"]) == nil)
        #expect(ForeignScript(script: "Latin", confidence: 15, orientationConfidence: 10, languages: ["chi_sim", "deu"]) == nil)
        #expect(ForeignScript(script: "Han", confidence: 1.2, orientationConfidence: 10, languages: ["chi_sim", "eng"]) == nil)
        #expect(ForeignScript(script: "Japanese", confidence: 2.5, orientationConfidence: 10, languages: ["jpn"]) == nil)
        #expect(ForeignScript(script: "Cyrillic", confidence: 20, orientationConfidence: 10, languages: ["eng", "ukr"]) == nil)
    }

    @Test func aForeignScriptNamesTheModelsThatReadIt() throws {
        let han = try #require(ForeignScript(script: "Han", confidence: 1.2, orientationConfidence: 10, languages: ["eng"]))
        #expect(han.models.first == "chi_sim")
        let warning = han.warning(meanConfidence: 18, languages: try LanguageList(parsing: "eng,deu"))
        #expect(warning.contains("looks like Han to OSD (confidence 1.20), which eng+deu does not read"), "\(warning)")
        #expect(warning.contains("--lang chi_sim (or chi_tra, jpn)"), "\(warning)")
        #expect(!warning.contains("_vert"), "vertical models are no alternative for a page read across: \(warning)")
        #expect(try #require(ForeignScript(script: "Fraktur", confidence: 3, orientationConfidence: 10, languages: ["deu"])).models.first == "frk")
        #expect(try #require(ForeignScript(script: "Latin", confidence: 12, orientationConfidence: 10, languages: ["chi_sim"])).models.first == "eng")
    }

    /// OSD's own "no script in particular", a script not in the table, and a script OSD could not choose.
    @Test func nothingIsSaidOfWhatOSDCouldNotName() {
        #expect(ForeignScript(script: "Common", confidence: 5, orientationConfidence: 10, languages: ["eng"]) == nil)
        #expect(ForeignScript(script: "NULL", confidence: 5, orientationConfidence: 10, languages: ["eng"]) == nil)
        #expect(ForeignScript(script: "Klingon", confidence: 5, orientationConfidence: 10, languages: ["eng"]) == nil)
        #expect(ForeignScript(script: "Korean", confidence: 0.3, orientationConfidence: 10, languages: ["eng"]) == nil)
        // Pictures and old print: OSD names a script, but sees no letters standing one way up (Leptonica's
        // copernicus.png, a Latin manuscript, read with `eng`: Arabic at 6.84, orientation 1.1).
        #expect(ForeignScript(script: "Arabic", confidence: 6.84, orientationConfidence: 1.1, languages: ["eng"]) == nil)
    }

    /// What the warning tells the user to pass must be a language docscan takes.
    @Test func everyModelNamedIsALanguageDocscanTakes() throws {
        let scripts = ["Latin", "Han", "Japanese", "Hiragana", "Katakana", "Korean", "Hangul", "Cyrillic", "Greek", "Arabic",
                       "Hebrew", "Devanagari", "Bengali", "Tamil", "Telugu", "Kannada", "Malayalam", "Gujarati", "Gurmukhi",
                       "Oriya", "Sinhala", "Thai", "Lao", "Khmer", "Myanmar", "Tibetan", "Thaana", "Armenian", "Georgian",
                       "Ethiopic", "Cherokee", "Canadian_Aboriginal", "Syriac", "Fraktur"]
        for script in scripts {
            let models = try #require(ScriptLanguages.models(for: script), "\(script)")
            #expect(!models.isEmpty)
            for model in models { #expect(try LanguageList(parsing: model).codes == [model], "\(script): \(model)") }
        }
    }

    /// Rendered Russian and Greek notices (`scripts/make_script_fixtures.py`) scanned in English: the
    /// record names the script and the models to scan them with; the text itself is what Tesseract made of it.
    @Test(arguments: [("ru_notice", "Cyrillic", "--lang rus"), ("el_notice", "Greek", "--lang ell")], [ScanMode.fast, .accurate])
    func aPageInAScriptNoLanguageReadsIsNamed(page: (name: String, script: String, advice: String), mode: ScanMode) throws {
        let record = try Self.scan("scripts/\(page.name).png", mode: mode, languages: "eng")
        #expect(record.error == nil)
        #expect(try #require(record.meanConfidence) < ForeignScript.lowConfidence)
        #expect(record.orientation?.script == page.script, "\(String(describing: record.orientation))")
        let warnings = record.warnings.filter { $0.contains("looks like") }
        #expect(warnings.count == 1, "\(record.warnings)")
        #expect(warnings.allSatisfy { $0.contains("looks like \(page.script) to OSD") && $0.contains("which eng does not read") }, "\(warnings)")
        #expect(warnings.allSatisfy { $0.contains(page.advice) }, "\(warnings)")
    }

    /// The commonest slip: a Chinese page scanned without Chinese. With it, the page reads and nothing is said.
    @Test func aChinesePageScannedInEnglishIsNamed() throws {
        let english = try Self.scan("pages/zh_notice.png", mode: .fast, languages: "eng")
        #expect(english.warnings.contains { $0.contains("looks like Han to OSD") && $0.contains("--lang chi_sim") }, "\(english.warnings)")
        let chinese = try Self.scan("pages/zh_notice.png", mode: .fast, languages: "chi_sim,eng")
        #expect(try #require(chinese.meanConfidence) >= ForeignScript.lowConfidence)
        #expect(!chinese.warnings.contains { $0.contains("looks like") }, "\(chinese.warnings)")
    }

    /// A page read confidently is not shown to OSD again: the letter's ascenders found it upright, and
    /// no script was asked for.
    @Test func aPageReadConfidentlyIsNotAskedAbout() throws {
        let record = try Self.scan("pages/en_letter.png", mode: .accurate, languages: "eng")
        #expect(try #require(record.meanConfidence) >= ForeignScript.lowConfidence)
        #expect(record.orientation?.script == nil, "\(String(describing: record.orientation))")
        #expect(!record.warnings.contains { $0.contains("looks like") }, "\(record.warnings)")
    }

    /// A run's summary names the pages in another script, so a user who reads no record learns of them.
    @Test func aRunNamesItsPagesInAnotherScript() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("letters")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for path in ["scripts/ru_notice.png", "scripts/el_notice.png", "pages/en_letter.png"] {
            let source = TestSupport.special(path)
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
        }
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 2)
        var request = ArchiveScan.Request(input: folder, configuration: configuration, archive: nil)
        request.jsonl = folder.appendingPathComponent("records.jsonl").path
        let outcome = try ArchiveScan(request).run()
        #expect(outcome.exitStatus == .ok)
        #expect(outcome.summary.written == 3)
        #expect(outcome.summary.foreignScripts.map { "\($0.page): \($0.script)" } == ["el_notice.png: Greek", "ru_notice.png: Cyrillic"])
    }

    private static func scan(_ path: String, mode: ScanMode, languages: String) throws -> PageRecord {
        let configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: languages), jobs: 1)
        let pipeline = try PagePipeline(configuration: configuration)
        let page = try #require(try PageSource(root: TestSupport.special(path)).list().pages.first)
        return pipeline.process(page)
    }
}
