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

    @Test(arguments: [1, 3])
    func recordsReadOnThreadsComeInOrderAndNameTheFirstBadLine(jobs: Int) throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("records.jsonl").path
        let sources = (0..<40).map { "page\($0).png" }
        try JSONLinesWriter.write(sources.map { record($0, ["clinic", $0]) }, to: path, jobs: jobs)
        #expect(try RecordReader.read(path: path, jobs: jobs).map(\.source) == sources)
        // Blank lines are skipped but counted; two bad lines, the first is named.
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("  ", at: 5)
        lines[30] = "{\"schema\": 2}"
        lines[12] = "not json"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try RecordReader.read(path: path, jobs: jobs)
        } throws: { error in
            guard case .badRecord(_, let line, let reason) = error as? DocScanError else { return false }
            return line == 13 && reason == "not JSON"
        }
    }

    @Test(arguments: [1, 2])
    func writingRecordsReplacesTheFileWholeOrNotAtAll(jobs: Int) throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("records.jsonl").path
        let first = (0..<20).map { record("page\($0).png", ["clinic"]) }
        try JSONLinesWriter.write(first, to: path, jobs: jobs)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // The same lines as a writer streaming them.
        let streamed = folder.appendingPathComponent("streamed.jsonl").path
        let writer = try JSONLinesWriter(path: streamed)
        for record in first { try writer.write(record) }
        try writer.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: streamed)) == before)
        // A record JSON cannot hold (a confidence that is not a number) fails the write after others
        // were encoded: the file, which may be the records' own input, is left as it was.
        var second = (0..<20).map { record("new\($0).png", ["invoice"]) }
        second[17].meanConfidence = .nan
        #expect(throws: (any Error).self) { try JSONLinesWriter.write(second, to: path, jobs: jobs) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["records.jsonl", "streamed.jsonl"])
        // Standard output's stand-in, a character device, is written, not replaced.
        try JSONLinesWriter.write(first, to: "/dev/null", jobs: jobs)
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
    }
}
