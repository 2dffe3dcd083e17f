import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Collects records in memory, in the order the runner writes them.
final class CollectingWriter: RecordWriter {
    var records: [PageRecord] = []
    var finished = false
    func write(_ record: PageRecord) throws { records.append(record) }
    func finish() throws { finished = true }
}

/// A writer whose disk fills up after `limit` records.
final class FailingWriter: RecordWriter {
    let limit: Int
    var written = 0
    init(limit: Int) { self.limit = limit }
    func write(_ record: PageRecord) throws {
        guard written < limit else { throw DocScanError.outputNotWritable(path: "full.jsonl", reason: "No space left on device") }
        written += 1
    }
    func finish() throws {}
}

struct ScanRunnerTests {
    @Test func badFilesGetErrorRecordsAndTheRestAreRead() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.copy(["en_invoice.png", "en_letter.png"], to: folder)
        try Data("this is a text file".utf8).write(to: folder.appendingPathComponent("b-notes.png"))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8)
        try jpeg.write(to: folder.appendingPathComponent("c-truncated.jpg"))

        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 2)
        let listing = try PageSource(root: folder).list()
        let writer = CollectingWriter()
        let summary = try ScanRunner(configuration: configuration).run(pages: listing.pages, writer: writer)

        #expect(writer.records.map(\.source) == ["b-notes.png", "c-truncated.jpg", "en_invoice.png", "en_letter.png"])
        #expect(writer.records.map(\.error?.kind) == [.notAnImage, .decodeFailed, nil, nil])
        #expect(writer.records[2].keywords.contains("invoice"))
        #expect(writer.records[3].keywords.contains("dental"))
        #expect(writer.finished)
        #expect(summary.written == 4 && summary.succeeded == 2)
        #expect(summary.failures.map(\.page) == ["b-notes.png", "c-truncated.jpg"])
        #expect(summary.exitStatus == .somePagesFailed)
    }

    @Test func oneJobAndTwoJobsWriteTheSameRecordsInTheSameOrder() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.copy(["en_invoice.png", "de_brief.png", "en_letter_150dpi.png"], to: folder)
        let listing = try PageSource(root: folder).list()
        var texts: [[String]] = []
        for jobs in [1, 2] {
            let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng,deu"), jobs: jobs)
            let writer = CollectingWriter()
            let summary = try ScanRunner(configuration: configuration).run(pages: listing.pages, writer: writer)
            #expect(summary.exitStatus == .ok)
            texts.append(writer.records.map(\.text))
        }
        #expect(texts[0] == texts[1])
        #expect(texts[0].count == 3)
    }

    @Test func aWriteFailureStopsTheRunAndIsThrown() throws {
        let folder = try TestSupport.temporaryFolder()
        for index in 0..<3 {
            try Data("x".utf8).write(to: folder.appendingPathComponent("fake\(index).png"))
        }
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 2)
        let listing = try PageSource(root: folder).list()
        let writer = FailingWriter(limit: 1)
        #expect(throws: DocScanError.outputNotWritable(path: "full.jsonl", reason: "No space left on device")) {
            try ScanRunner(configuration: configuration).run(pages: listing.pages, writer: writer)
        }
        #expect(writer.written == 1)
    }

    @Test func cancellingBeforeTheRunStartsNoPage() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.copy(["en_invoice.png", "en_letter.png"], to: folder)
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 2)
        let runner = ScanRunner(configuration: configuration)
        runner.cancel()
        let writer = CollectingWriter()
        let summary = try runner.run(pages: try PageSource(root: folder).list().pages, writer: writer)
        #expect(writer.records.isEmpty)
        #expect(summary.written == 0)
        #expect(summary.interrupted)
        #expect(summary.exitStatus == .interrupted)
    }

    @Test func cancellingDuringTheRunStopsHandingOutPagesAndSaysInterrupted() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.copy(["en_invoice.png", "en_letter.png", "de_brief.png"], to: folder)
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let runner = ScanRunner(configuration: configuration)
        let writer = CollectingWriter()
        let listing = try PageSource(root: folder).list()
        // Cancel from the progress callback after the first page: later pages must not be started.
        let summary = try runner.run(pages: listing.pages, writer: writer) { _ in runner.cancel() }
        #expect(summary.interrupted)
        #expect(summary.exitStatus == .interrupted)
        #expect(writer.records.count < 3)
        #expect(writer.records.first?.source == "de_brief.png")
    }
}
