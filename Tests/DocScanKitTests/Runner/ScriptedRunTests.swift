import DocScanCore
import DocScanKit
import Foundation
import Synchronization
import Testing

/// The runner and the pipeline around a scripted recognizer: what a run does with what recognition
/// gives it, and with a recognizer that fails, without any model.
struct ScriptedRunTests {
    private func pages(_ names: [String]) throws -> [PageReference] {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.copy(names, to: folder)
        return try PageSource(root: folder).list().pages
    }

    @Test func aRecognizerThatCannotStartStopsTheRunBeforeAnyRecord() throws {
        let failure = DocScanError.engineInitFailed(
            languages: "eng", models: ["/models/eng.traineddata"], reason: "Failed loading language 'eng'")
        let writer = CollectingWriter()
        let runner = ScanRunner(configuration: try TestSupport.scriptedConfiguration(ScriptedRecognizer.failingToStart(failure), jobs: 2))
        #expect(throws: failure) { try runner.run(pages: try pages(["en_invoice.png", "en_letter.png"]), writer: writer) }
        #expect(writer.records.isEmpty)
        #expect(!writer.finished)
        #expect(failure.exitStatus == .missingDependency)
    }

    @Test func aPageRecognitionFailsOnGetsItsErrorAndTheOthersTheirTextAndKeywords() throws {
        let script: [ScriptedRecognizer.Outcome] = [
            .text("Harbourside dental clinic\nInvoice for crowns"),
            .failure(PageError(.recognitionFailed, "Tesseract could not recognize the page")),
            .text(""),
        ]
        let writer = CollectingWriter()
        let runner = ScanRunner(configuration: try TestSupport.scriptedConfiguration(ScriptedRecognizer.factory(script)))
        let summary = try runner.run(pages: try pages(["de_brief.png", "en_invoice.png", "en_letter.png"]), writer: writer)

        #expect(writer.records.map(\.source) == ["de_brief.png", "en_invoice.png", "en_letter.png"])
        let read = writer.records[0]
        #expect(read.text == "Harbourside dental clinic\nInvoice for crowns")
        #expect(read.error == nil)
        #expect(Set(read.keywords) == ["harbourside", "dental", "clinic", "invoice", "crowns"])
        #expect(read.keywordsDropped.stopWord == 1)  // "for"
        #expect(read.lines.count == 2 && read.words.count == 6)
        #expect(read.models.map(\.variant) == [.fast])

        #expect(writer.records[1].error == PageError(.recognitionFailed, "Tesseract could not recognize the page"))
        #expect(writer.records[1].text.isEmpty && writer.records[1].keywords.isEmpty)
        #expect(writer.records[1].sha256?.count == 64)
        #expect(writer.records[2].error == nil)
        #expect(writer.records[2].warnings.contains("no text was recognized on the page (blank, or not a text page)"))

        #expect(summary.written == 3 && summary.succeeded == 2)
        #expect(summary.failures.map(\.page) == ["en_invoice.png"])
        #expect(summary.exitStatus == .somePagesFailed)
        #expect(writer.finished)
    }

    /// The limit covers loading, turning and cleaning up too, which take 0.4 s for a 300-dpi page in a
    /// debug build with nothing else running: at 0.5 s, with the other tests running beside it, both
    /// pages timed out before recognition. 3 s leaves the time limit to recognition alone.
    @Test func aPagePastItsTimeLimitTimesOutAndTheNextIsRead() throws {
        var configuration = try TestSupport.scriptedConfiguration(ScriptedRecognizer.factory([.overTime, .text("Northfield Hardware")]))
        configuration.pageTimeout = 3
        let writer = CollectingWriter()
        let summary = try ScanRunner(configuration: configuration).run(pages: try pages(["en_invoice.png", "en_letter.png"]), writer: writer)
        #expect(writer.records.map(\.error?.kind) == [.timedOut, nil])
        #expect(writer.records[0].error?.message == "recognition went past the page time limit of 3 s (--page-timeout)")
        #expect(writer.records[1].text == "Northfield Hardware")
        #expect(summary.exitStatus == .somePagesFailed)
    }

    @Test func twoWorkersEachStartTheirOwnRecognizerAndWriteInPageOrder() throws {
        let starts = Counter()
        let factory = RecognizerFactory { _, _ in
            starts.increment()
            return ScriptedRecognizer(script: Array(repeating: .text("Harbourside invoice"), count: 4))
        }
        let writer = CollectingWriter()
        let names = ["de_brief.png", "en_invoice.png", "en_letter.png", "en_letter_150dpi.png"]
        let summary = try ScanRunner(configuration: try TestSupport.scriptedConfiguration(factory, jobs: 2))
            .run(pages: try pages(names), writer: writer)
        #expect(writer.records.map(\.source) == names)
        #expect(writer.records.allSatisfy { $0.keywords == ["harbourside", "invoice"] })
        #expect(starts.value == 2)
        #expect(summary.exitStatus == .ok)
    }
}

/// A count shared with recognizer factories, which run on worker threads.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
