import DocScanCore
import DocScanKit
import Foundation
import Testing

struct PageRecordTests {
    /// The schema's field names, as the README documents them.
    static let fields: Set<String> = [
        "schema", "source", "page", "page_count", "sha256", "file_size", "format", "mode", "languages", "models",
        "original_width", "original_height", "scale", "cropped", "orientation", "cleanup", "width", "height", "resolution", "text", "mean_confidence", "words", "lines", "layout",
        "keywords", "keyword_string", "keywords_dropped", "timings_ms", "cpu_ms", "warnings", "error",
    ]

    private func records(in folder: URL, languages: String = "eng") throws -> [[String: Any]] {
        let output = folder.appendingPathComponent("out.jsonl")
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: languages), jobs: 2)
        let listing = try PageSource(root: folder).list()
        _ = try ScanRunner(configuration: configuration).run(pages: listing.pages, writer: JSONLinesWriter(path: output.path))
        let text = try String(contentsOf: output, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// Records are written with every key, but a record from an older docscan or another program may
    /// leave optional ones out: those read as null, not as an error.
    @Test func aRecordWithoutItsOptionalFieldsReadsThemAsNull() throws {
        let folder = try TestSupport.temporaryFolder()
        try Data("junk".utf8).write(to: folder.appendingPathComponent("junk.png"))
        var record = try #require(try records(in: folder).first)
        for key in ["sha256", "format", "orientation", "cleanup", "width", "scale", "cropped", "error"] { record.removeValue(forKey: key) }
        let decoded = try JSONDecoder().decode(PageRecord.self, from: JSONSerialization.data(withJSONObject: record))
        #expect(decoded.sha256 == nil && decoded.format == nil && decoded.orientation == nil && decoded.cleanup == nil)
        #expect(decoded.width == nil && decoded.scale == nil && decoded.cropped == nil && decoded.error == nil)
        #expect(decoded.source == "junk.png")
    }

    /// A clean-up report written before the curl and outline steps existed still reads, with them off.
    @Test func anOlderCleanupReportReads() throws {
        let older = #"{"page_corners":null,"warped":false,"page_note":"the page fills the frame","background_normalized":false,"ink_level":null,"paper_level":null,"low_contrast":false,"skew_angle":0.1,"skew_confidence":2,"deskewed":false,"steps_ms":{"deskew":3}}"#
        let report = try JSONDecoder().decode(CleanupReport.self, from: Data(older.utf8))
        #expect(report.dewarped == false && report.lineBend == nil && report.pageMethod == nil)
        #expect(report.pageNote == "the page fills the frame" && report.stepsMs["deskew"] == 3)
    }

    @Test func everyRecordHasEveryFieldWithItsType() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.copy(["en_invoice.png"], to: folder)
        try Data("junk".utf8).write(to: folder.appendingPathComponent("junk.png"))
        let records = try records(in: folder)
        #expect(records.count == 2)
        for record in records {
            #expect(Set(record.keys) == Self.fields)
            #expect(record["schema"] as? Int == 2)
            #expect(record["mode"] as? String == "fast")
            #expect(record["languages"] as? [String] == ["eng"])
        }

        let good = records[0]
        #expect(good["source"] as? String == "en_invoice.png")
        #expect(good["page"] as? Int == 1)
        #expect(good["error"] is NSNull)
        #expect(good["cropped"] is NSNull)
        let sha = try #require(good["sha256"] as? String)
        #expect(sha.count == 64 && sha.allSatisfy(\.isHexDigit))
        #expect(good["width"] as? Int == 1750 && good["height"] as? Int == 2479)
        let words = try #require(good["words"] as? [[String: Any]])
        let box = try #require(words.first?["box"] as? [String: Any])
        #expect(Set(box.keys) == ["x", "y", "width", "height"])
        let keywords = try #require(good["keywords"] as? [String])
        #expect(keywords.contains("invoice"))
        #expect(good["keyword_string"] as? String == keywords.joined(separator: " "))
        let dropped = try #require(good["keywords_dropped"] as? [String: Int])
        #expect(Set(dropped.keys) == ["stop_word", "numeric", "short", "low_confidence", "garbage", "duplicate"])
        #expect(dropped["numeric", default: 0] > 5)
        let timings = try #require(good["timings_ms"] as? [String: Any])
        #expect(Set(timings.keys) == ["source", "load", "orient", "cleanup", "recognize", "keywords", "total"])
        let cpu = try #require(good["cpu_ms"] as? [String: Double])
        #expect(Set(cpu.keys) == Set(timings.keys))
        for (stage, ms) in cpu {
            let wall = try #require(timings[stage] as? Double)
            #expect(ms >= 0 && ms <= wall + 1, "\(stage): \(ms) ms CPU in \(wall) ms")
        }

        let bad = records[1]
        #expect(bad["source"] as? String == "junk.png")
        let error = try #require(bad["error"] as? [String: Any])
        #expect(error["kind"] as? String == "not_an_image")
        #expect(bad["text"] as? String == "")
        #expect(bad["width"] is NSNull)
    }

    @Test func recordsRoundTripThroughCodable() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.copy(["de_brief.png"], to: folder)
        let output = folder.appendingPathComponent("out.jsonl")
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "deu"), jobs: 1)
        let listing = try PageSource(root: folder).list()
        _ = try ScanRunner(configuration: configuration).run(pages: listing.pages, writer: JSONLinesWriter(path: output.path))
        let line = try #require(try String(contentsOf: output, encoding: .utf8).split(separator: "\n").first)
        let record = try JSONDecoder().decode(PageRecord.self, from: Data(line.utf8))
        #expect(record.schema == PageRecord.currentSchema)
        #expect(record.text.contains("Heizung"))
        #expect(record.keywords.contains("heizung"))
        #expect(try JSONEncoder().encode(record).count > 0)
    }
}
