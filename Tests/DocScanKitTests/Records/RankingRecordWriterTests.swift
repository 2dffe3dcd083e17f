import DocScanCore
import DocScanKeywords
@testable import DocScanKit
import Foundation
import Testing

struct RankingRecordWriterTests {
    /// A minimal record with `keywords` occurring `counts` times on the page.
    private func record(_ source: String, _ keywords: [String], counts: [Int]? = nil) -> PageRecord {
        var record = PageRecord(
            source: source, page: 1, pageCount: 1, sha256: nil, fileSize: 0, format: .png, mode: .fast,
            languages: ["eng"], models: [], originalWidth: nil, originalHeight: nil, scale: nil, orientation: nil,
            cleanup: nil, width: nil, height: nil, resolution: nil, text: keywords.joined(separator: " "),
            meanConfidence: 90, words: [], lines: [], keywords: keywords, keywordString: keywords.joined(separator: " "),
            keywordsDropped: KeywordFilterCounts(), timingsMs: StageTimings(), warnings: [], error: nil)
        record.keywordCounts = Dictionary(uniqueKeysWithValues: zip(keywords, counts ?? keywords.map { _ in 1 }))
        return record
    }

    @Test func templateWordsSinkAndFrequentWordsRise() {
        var ranker = KeywordRanker()
        ranker.add(["clinic", "report", "glucose"])
        ranker.add(["clinic", "report", "cholesterol"])
        ranker.add(["clinic", "invoice"])
        #expect(ranker.ranked(["clinic", "report", "glucose"], counts: [1, 1, 1]) == ["glucose", "report", "clinic"])
        // Frequency on the page outweighs a little spread over the run.
        #expect(ranker.ranked(["clinic", "report", "glucose"], counts: [1, 5, 1]) == ["report", "glucose", "clinic"])
        // A single page keeps first-seen order among equals.
        var single = KeywordRanker()
        single.add(["b", "a", "c"])
        #expect(single.ranked(["b", "a", "c"], counts: [1, 1, 1]) == ["b", "a", "c"])
    }

    @Test func aFileIsStreamedThenReplacedByRankedRecords() throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("records.jsonl").path
        let writer = RankingRecordWriter(wrapping: try JSONLinesWriter(path: path))
        try writer.write(record("a.png", ["clinic", "glucose"]))
        try writer.write(record("b.png", ["clinic", "cholesterol"]))
        // Streamed as they came: an interrupted run keeps every finished page.
        let streamed = try RecordReader.read(path: path)
        #expect(streamed.map(\.keywords) == [["clinic", "glucose"], ["clinic", "cholesterol"]])
        try writer.finish()
        let ranked = try RecordReader.read(path: path)
        #expect(ranked.map(\.keywords) == [["glucose", "clinic"], ["cholesterol", "clinic"]])
        #expect(ranked.map(\.keywordString) == ["glucose clinic", "cholesterol clinic"])
        // The temporary file was renamed over the output, not left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["records.jsonl"])
    }

    @Test func readerNamesTheLineThatIsNotARecord() throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("records.jsonl").path
        let writer = try JSONLinesWriter(path: path)
        try writer.write(record("a.png", ["clinic"]))
        try writer.finish()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("\n{\"schema\": 2, \"source\": \"b.png\"}\n".utf8))
        try handle.close()
        #expect {
            try RecordReader.read(path: path)
        } throws: { error in
            guard case .badRecord(let file, let line, let reason) = error as? DocScanError else { return false }
            return file == path && line == 3 && reason.contains("missing field")
        }
        #expect(DocScanError.badRecord(path: path, line: 3, reason: "x").exitStatus == .inputError)
    }
}
