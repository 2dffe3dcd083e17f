import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Keywords end to end: a real scan of the Chinese lab report, then `docscan keywords` on its records.
@Suite(.serialized) struct KeywordsCommandTests {
    /// One fast scan of the lab report and the English letter, shared by the tests (OCR is the slow part).
    private static let scanned: Result<URL, any Error> = Result {
        let folder = try DocScanProcess.temporaryFolder()
        let pages = folder.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        for name in ["zh_lab_report.png", "en_letter.png"] {
            try FileManager.default.copyItem(at: DocScanProcess.fixtures.appendingPathComponent(name), to: pages.appendingPathComponent(name))
        }
        let records = folder.appendingPathComponent("records.jsonl")
        let result = try DocScanProcess.run(
            ["scan", pages.path, "--mode", "fast", "--lang", "chi_sim,eng", "--jobs", "2", "--jsonl", records.path, "--quiet"])
        guard result.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: ["stderr": result.stderr]) }
        return records
    }

    private func records(at url: URL) throws -> [[String: Any]] {
        try DocScanProcess.records(String(contentsOf: url, encoding: .utf8))
    }

    @Test func labReportKeywordsAreWholeWordsWithoutMeasurements() throws {
        let records = try records(at: Self.scanned.get())
        let report = try #require(records.first { $0["source"] as? String == "zh_lab_report.png" })
        let keywords = try #require(report["keywords"] as? [String])
        for word in ["蛋白质", "无机盐", "骨骼肌", "体重", "肥胖", "检查", "建议"] {
            #expect(keywords.contains(word), "\(word) missing from \(keywords)")
        }
        // 65.3kg, 2021.10.09, 7.8~15.6, kg/m2 and their pieces are gone.
        #expect(!keywords.contains { $0.contains("kg") || $0.unicodeScalars.contains { $0.properties.numericType != nil && $0.isASCII } })
        #expect(keywords.allSatisfy { $0.count >= 2 })
        #expect(report["keyword_string"] as? String == keywords.joined(separator: " "))
        let dropped = try #require(report["keywords_dropped"] as? [String: Int])
        #expect(dropped["numeric", default: 0] >= 25)
        #expect(dropped["duplicate", default: 0] >= 5)
        #expect(dropped["stop_word", default: 0] >= 5)
    }

    @Test func reextractionAppliesNewStopWordsWithoutOCR() throws {
        let scanned = try Self.scanned.get()
        let folder = try DocScanProcess.temporaryFolder()
        let stopWords = folder.appendingPathComponent("office.txt")
        try "蛋白质\ndental\n".write(to: stopWords, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.jsonl")
        let result = try DocScanProcess.run(["keywords", scanned.path, "--stopwords", stopWords.path, "--jsonl", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("keywords of 2 pages"))
        let before = try records(at: scanned), after = try records(at: output)
        #expect(after.count == 2)
        for (old, new) in zip(before, after) {
            #expect(new["text"] as? String == old["text"] as? String)
            let oldKeywords = Set(old["keywords"] as? [String] ?? []), newKeywords = Set(new["keywords"] as? [String] ?? [])
            #expect(oldKeywords.subtracting(["蛋白质", "dental"]) == newKeywords)
        }
        #expect((before[0]["keywords"] as? [String])?.contains("dental") == true)
    }

    @Test func keywordsAreRankedOverTheRecordsRead() throws {
        // Two pages made from a real record with new lines: "clinic" is on both, so it sinks; "dental"
        // occurs twice on the first page, so it rises.
        let scanned = try Self.scanned.get()
        let line = try #require(try String(contentsOf: scanned, encoding: .utf8).split(separator: "\n").first)
        func page(_ lines: [String]) throws -> String {
            var record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            record["text"] = lines.joined(separator: "\n")
            record["words"] = [[String: Any]]()
            record["lines"] = lines.map { ["text": $0, "confidence": 95, "box": ["x": 0, "y": 0, "width": 1, "height": 1]] }
            return String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
        }
        let folder = try DocScanProcess.temporaryFolder()
        let input = folder.appendingPathComponent("in.jsonl")
        try [page(["Clinic harbour dental", "dental"]), page(["Clinic invoice"])].joined(separator: "\n")
            .write(to: input, atomically: true, encoding: .utf8)
        let result = try DocScanProcess.run(["keywords", input.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try DocScanProcess.records(result.stdout)
        #expect(records.map { $0["keywords"] as? [String] } == [["dental", "harbour", "clinic"], ["invoice", "clinic"]])
        #expect(records.map { $0["keyword_string"] as? String } == ["dental harbour clinic", "invoice clinic"])
    }

    @Test func badRecordsAndBadOptionsHaveTheirExitStatus() throws {
        let folder = try DocScanProcess.temporaryFolder()
        let bad = folder.appendingPathComponent("bad.jsonl")
        try "{\"schema\": 2}\n".write(to: bad, atomically: true, encoding: .utf8)
        let result = try DocScanProcess.run(["keywords", bad.path])
        #expect(result.status == ExitStatus.inputError.rawValue)
        #expect(result.stderr.contains("bad.jsonl, line 1: missing field"))

        let missing = try DocScanProcess.run(["keywords", folder.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == ExitStatus.inputError.rawValue)

        let scanned = try Self.scanned.get()
        let noFile = try DocScanProcess.run(["keywords", scanned.path, "--custom-words", "/nonexistent/words.txt"])
        #expect(noFile.status == ExitStatus.badArguments.rawValue)
        #expect(noFile.stderr.contains("--custom-words /nonexistent/words.txt"))

        let badThreshold = try DocScanProcess.run(["keywords", scanned.path, "--min-confidence", "101"])
        #expect(badThreshold.status == ExitStatus.badArguments.rawValue)
    }

    @Test func customWordsReachTesseractAndTheKeywords() throws {
        let folder = try DocScanProcess.temporaryFolder()
        try FileManager.default.copyItem(
            at: DocScanProcess.fixtures.appendingPathComponent("zh_lab_report.png"), to: folder.appendingPathComponent("zh_lab_report.png"))
        let words = folder.appendingPathComponent("words.txt")
        try "体脂肪\n".write(to: words, atomically: true, encoding: .utf8)
        let result = try DocScanProcess.run(
            ["scan", folder.path, "--mode", "fast", "--lang", "chi_sim,eng", "--custom-words", words.path, "--quiet", "--jsonl", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let keywords = try #require(try DocScanProcess.records(result.stdout).first?["keywords"] as? [String])
        #expect(keywords.contains("体脂肪"))
    }
}
