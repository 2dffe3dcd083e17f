import DocScanCore
import DocScanKit
import Foundation
import Testing

/// The scan use case, in process with a scripted recognizer: what goes into the archive and the records
/// file, what a second run reads, prunes and refuses.
struct ArchiveScanTests {
    private let script: [ScriptedRecognizer.Outcome] = [
        .text("Harbourside dental clinic"), .text("Northfield hardware invoice"), .text("Lakeside bakery receipt"),
    ]

    private func folder() throws -> URL {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestSupport.copy(["de_brief.png", "en_invoice.png", "en_letter.png"], to: folder)
        return folder
    }

    private func request(_ folder: URL, archive: String?, jsonl: String? = nil) throws -> ArchiveScan.Request {
        ArchiveScan.Request(
            input: folder, configuration: try TestSupport.scriptedConfiguration(ScriptedRecognizer.factory(script)),
            archive: archive, jsonl: jsonl)
    }

    @Test func pagesGoIntoTheArchiveAndTheRecordsFileAndASecondRunReadsNothing() throws {
        let folder = try folder()
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
        let records = try TestSupport.temporaryFolder().appendingPathComponent("records.jsonl").path
        var events: [String] = []
        let first = try ArchiveScan(try request(folder, archive: archive, jsonl: records)).run { event in
            if case .started(let pages) = event { events.append("started \(pages)") }
            if case .progress(let progress) = event { events.append("done \(progress.done)") }
        }
        #expect(events == ["started 3", "done 1", "done 2", "done 3"])
        #expect(first.exitStatus == .ok)
        #expect(first.outputs == [archive, records])
        #expect(first.plan?.pages.count == 3 && first.plan?.unchanged.isEmpty == true)
        let store = try ArchiveLocation.open(archive, create: false)
        #expect(try store.pageCount() == 3)
        #expect(try store.search("northfield").map(\.source) == ["en_invoice.png"])
        #expect(try RecordReader.read(path: records).map(\.text) == script.compactMap {
            if case .text(let text, _) = $0 { return text } else { return nil }
        })

        // Nothing changed: nothing is read, and the records file still holds every page, as archived.
        let second = try ArchiveScan(try request(folder, archive: archive, jsonl: records)).run()
        #expect(second.summary.written == 0)
        #expect(second.plan?.unchanged.map(\.relativePath) == ["de_brief.png", "en_invoice.png", "en_letter.png"])
        #expect(try RecordReader.read(path: records).map(\.source) == ["de_brief.png", "en_invoice.png", "en_letter.png"])
    }

    @Test func aGoneFileIsNamedAndPrunedOnlyWhenAsked() throws {
        let folder = try folder()
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
        _ = try ArchiveScan(try request(folder, archive: archive)).run()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("en_letter.png"))

        let named = try ArchiveScan(try request(folder, archive: archive)).run()
        #expect(named.plan?.gone == ["en_letter.png"])
        #expect(named.pruned == nil)
        #expect(try ArchiveLocation.open(archive, create: false).pageCount() == 3)

        var pruning = try request(folder, archive: archive)
        pruning.prune = true
        let pruned = try ArchiveScan(pruning).run()
        #expect(pruned.pruned == 1)
        #expect(try ArchiveLocation.open(archive, create: false).pageCount() == 2)
    }

    @Test func aHeldArchiveIsRefusedWithoutWaitingAndAnEmptyFolderHasNoPages() throws {
        let folder = try folder()
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
        let held = try ArchiveLocation.open(archive, create: true).lockForWriting(wait: false) {}
        var busy = try request(folder, archive: archive)
        busy.waitForArchive = false
        #expect(throws: DocScanError.archiveBusy(path: archive)) { try ArchiveScan(busy).run() }
        withExtendedLifetime(held) {}

        let empty = try TestSupport.temporaryFolder()
        #expect(throws: DocScanError.noPages(path: empty.path)) { try ArchiveScan(try request(empty, archive: nil, jsonl: "/dev/null")).run() }
    }

    @Test func importedRecordsAreSearchableAndReplaceThePagesTheyName() throws {
        let folder = try folder()
        let records = try TestSupport.temporaryFolder().appendingPathComponent("records.jsonl").path
        _ = try ArchiveScan(try request(folder, archive: nil, jsonl: records)).run()
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
        let imported = try RecordImport(records: RecordReader.read(path: records), root: folder, archive: archive).run()
        #expect(imported.pages == 3)
        let store = try ArchiveLocation.open(archive, create: false)
        #expect(try store.search("bakery").map(\.path) == [folder.appendingPathComponent("en_letter.png").path])
        _ = try RecordImport(records: RecordReader.read(path: records), root: folder, archive: archive).run()
        #expect(try store.pageCount() == 3)
    }
}
