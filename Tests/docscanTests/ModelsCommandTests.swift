import DocScanCore
import DocScanKit
import Foundation
import Testing

struct ModelsCommandTests {
    @Test func listsTheModelEachModeUses() throws {
        let result = try DocScanProcess.run(["models", "--lang", "eng,chi_sim"])
        #expect(result.status == ExitStatus.ok.rawValue)
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.contains { $0.prefix(3) == ["eng", "fast", "fast"] && $0.last == "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata" })
        #expect(lines.contains { $0.prefix(3) == ["eng", "accurate", "standard"] && $0.last?.hasSuffix("/standard/eng.traineddata") == true })
        #expect(lines.contains { $0.prefix(3) == ["chi_sim", "accurate", "fast"] })
        #expect(result.stdout.contains("Orientation detection: /usr/share/tesseract-ocr/5/tessdata/osd.traineddata"))
    }

    @Test func jsonOutputIsOneObjectPerModeAndLanguage() throws {
        let result = try DocScanProcess.run(["models", "--lang", "de", "--mode", "accurate", "--json"])
        #expect(result.status == ExitStatus.ok.rawValue)
        let rows = try DocScanProcess.records(result.stdout)
        #expect(rows.count == 1)
        #expect(rows[0]["language"] as? String == "deu")
        #expect(rows[0]["variant"] as? String == "standard")
        #expect(rows[0]["installed"] as? Bool == true)
        #expect((rows[0]["size"] as? Int).map { $0 > 10_000_000 } == true)
    }

    @Test func missingModelIsReportedWithAdviceAndStatusFour() throws {
        let result = try DocScanProcess.run(["models", "--lang", "eng,kat_old", "--json"])
        #expect(result.status == ExitStatus.missingDependency.rawValue)
        let rows = try DocScanProcess.records(result.stdout)
        let missing = rows.filter { $0["language"] as? String == "kat_old" }
        #expect(missing.count == 2)
        #expect(missing.allSatisfy { $0["installed"] as? Bool == false })
        #expect(missing.allSatisfy { ($0["advice"] as? String)?.contains("apt-get install tesseract-ocr-kat-old") == true })
    }
}
