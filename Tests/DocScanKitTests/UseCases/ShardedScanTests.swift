import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Array jobs without a server: shards of a folder scanned apart, each page exactly once, checked by
/// `ArchiveStatus` against a plan, and joined by `ArchiveMerge`.
struct ShardedScanTests {
    /// Three pages and a multi-page TIFF (whose pages must stay in one shard).
    private func folder() throws -> URL {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("box"), withIntermediateDirectories: true)
        try TestSupport.copy(["de_brief.png", "en_invoice.png"], to: folder)
        try FileManager.default.copyItem(at: TestSupport.fixture("en_letter.png"), to: folder.appendingPathComponent("box/en_letter.png"))
        try FileManager.default.copyItem(at: TestSupport.special("formats/letters.tif"), to: folder.appendingPathComponent("box/letters.tif"))
        return folder
    }

    private func archivePath() throws -> String {
        try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
    }

    /// Pages as (source#page, text, keywords), in archive order.
    private func contents(_ archive: String) throws -> [String] {
        var pages: [String] = []
        try ArchiveLocation.open(archive, create: false).forEachPage(.all) { page in
            pages.append("\(page.record.source)#\(page.record.page)\n\(page.record.text)\n\(page.record.keywords.sorted())")
        }
        return pages
    }

    @Test func shardsReadEveryPageOnceAndTheSameAsOneRun() throws {
        let folder = try folder()
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 2)
        let whole = try archivePath(), sharded = try archivePath()
        _ = try ArchiveScan(ArchiveScan.Request(input: folder, configuration: configuration, archive: whole)).run()

        var shardPages: [Int] = []
        for index in 0..<3 {
            var request = ArchiveScan.Request(input: folder, configuration: configuration, archive: sharded)
            request.shard = try Shard(index: index, count: 3)
            let outcome = try request.shard.map { shard in
                try ArchiveScan(request).run { event in
                    if case .shard(let reported, _, let listed) = event {
                        #expect(reported == shard && listed >= 5)
                    }
                }
            }
            #expect(outcome?.exitStatus == .ok)
            shardPages.append(outcome?.summary.written ?? 0)
        }
        let pages = try contents(whole)
        #expect(pages.count >= 5)
        #expect(shardPages.reduce(0, +) == pages.count)
        // Text and keywords as one run read them: recognition does not depend on the shard.
        #expect(try contents(sharded) == pages)
        #expect(pages.contains { $0.hasPrefix("en_invoice.png#1\n") && $0.contains("Northfield") })
        // The TIFF's pages went to one shard, its path's.
        let tiffShard = Shard.index(of: "box/letters.tif", count: 3)
        let tiffPages = pages.filter { $0.hasPrefix("box/letters.tif#") }.count
        #expect(tiffPages > 1 && shardPages[tiffShard] >= tiffPages)
    }

    @Test func aShardDoesNotPruneOrAskAboutOtherShardsFiles() throws {
        let folder = try folder()
        let archive = try archivePath()
        let configuration = try TestSupport.scriptedConfiguration(ScriptedRecognizer.factory([.text("page")]))
        _ = try ArchiveScan(ArchiveScan.Request(input: folder, configuration: configuration, archive: archive)).run()
        let store = try ArchiveLocation.open(archive, create: false)
        let total = try store.pageCount()

        // Remove one file from every shard's view; a shard run with --prune must not call any gone.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("de_brief.png"))
        for index in 0..<2 {
            var request = ArchiveScan.Request(input: folder, configuration: configuration, archive: archive)
            request.shard = try Shard(index: index, count: 2)
            request.prune = true
            let outcome = try ArchiveScan(request).run()
            #expect(outcome.plan?.gone == [] && outcome.pruned == nil)
            #expect(outcome.summary.written == 0)
        }
        #expect(try store.pageCount() == total)

        // The plan of a shard asks the archive about the shard's files only.
        let spy = ArchiveSpy(store)
        let listing = try PageSource(root: folder).list().restricted(to: Shard(index: 1, count: 2))
        let root = ArchiveLocation.root(of: folder)
        let plan = try ScanPlan(archive: spy, listing: listing.pages, root: root, mode: .fast,
                                languages: LanguageList(parsing: "eng"), force: false, partial: true)
        #expect(spy.asked == [Set(listing.pages.map(\.relativePath))])
        #expect(plan.unchanged.count == listing.pages.count && plan.pages.isEmpty)
        _ = try ScanPlan(archive: spy, listing: listing.pages, root: root, mode: .fast, languages: LanguageList(parsing: "eng"), force: false)
        #expect(spy.asked.last == .some(nil))
    }

    @Test func aCollectionMountedElsewhereKeepsItsPagesForRecordsExportsAndStatus() throws {
        let mountA = try folder()
        let mountB = try TestSupport.temporaryFolder().appendingPathComponent("elsewhere")
        try FileManager.default.copyItem(at: mountA, to: mountB)
        let archive = try archivePath()
        let configuration = try TestSupport.scriptedConfiguration(ScriptedRecognizer.factory(Array(repeating: .text("harbour page"), count: 20)))
        var first = ArchiveScan.Request(input: mountA, configuration: configuration, archive: archive)
        first.collection = "boxes"
        _ = try ArchiveScan(first).run()
        let other = try TestSupport.scriptedConfiguration(ScriptedRecognizer.factory(Array(repeating: .text("other"), count: 20)))
        let unnamed = try folder()
        _ = try ArchiveScan(ArchiveScan.Request(input: unnamed, configuration: other, archive: archive)).run()

        // Shard 1 of 2 on a machine that mounts the collection elsewhere: nothing to read again, and its
        // records file still holds each of the shard's pages, as archived.
        let records = try TestSupport.temporaryFolder().appendingPathComponent("shard1.jsonl")
        var rescan = ArchiveScan.Request(input: mountB, configuration: configuration, archive: archive, jsonl: records.path)
        rescan.collection = "boxes"
        rescan.shard = try Shard(index: 1, count: 2)
        let outcome = try ArchiveScan(rescan).run()
        #expect(outcome.summary.written == 0)
        let shardFiles = try PageSource(root: mountB).list().restricted(to: Shard(index: 1, count: 2)).pages
        let lines = try String(contentsOf: records, encoding: .utf8).split(separator: "\n")
        let written = try lines.map { try JSONDecoder().decode(PageRecord.self, from: Data($0.utf8)) }
        #expect(written.map { "\($0.source)#\($0.page)" } == shardFiles.map { "\($0.relativePath)#\($0.page)" })
        #expect(!written.isEmpty && written.allSatisfy { $0.text == "harbour page" })

        // Exports and status by collection, whatever the paths.
        let store = try ArchiveLocation.open(archive, create: false)
        let exported = try TestSupport.temporaryFolder().appendingPathComponent("boxes.csv")
        let report = try ArchiveExporter(archive: store, selection: PageSelection(root: "boxes")).export(.csv, to: exported.path)
        let total = try PageSource(root: mountA).list().pages.count
        #expect(report.pages == total)
        let rows = try String(contentsOf: exported, encoding: .utf8).split(separator: "\r\n").dropFirst()
        #expect(rows.count == total && rows.allSatisfy { $0.hasPrefix("boxes,") && $0.contains("harbour") })
        let status = try ArchiveStatus(archive: store).report()
        #expect(status.counts.map(\.name) == ["boxes", ArchiveLocation.root(of: unnamed)].sorted())
        #expect(status.counts.map(\.ok) == status.counts.map { _ in total } && status.failed == 0 && status.exitStatus == .ok)
    }

    @Test func statusFindsTheMissingShardAndMergeJoinsShardArchivesOnce() throws {
        let folder = try folder()
        let lists = try TestSupport.temporaryFolder().appendingPathComponent("lists")
        let manifest = try ShardPlan(input: folder, shards: 2, output: lists).run()
        #expect(manifest.shards.map(\.list) == ["shard-0000-of-0002.txt", "shard-0001-of-0002.txt"])
        // Each listed file is in its path's shard, and the lists hold every file once.
        var listed: [String] = []
        for entry in manifest.shards {
            let list = try FileList(reading: lists.appendingPathComponent(entry.list).path, nulSeparated: false)
            #expect(list.paths.allSatisfy { Shard.index(of: $0, count: 2) == entry.index })
            #expect(entry.files == list.paths.count)
            listed += list.paths
        }
        #expect(listed.sorted() == ["box/en_letter.png", "box/letters.tif", "de_brief.png", "en_invoice.png"])
        let totalPages = manifest.shards.reduce(0) { $0 + $1.pages }
        #expect(totalPages == (try PageSource(root: folder).list().pages.count))

        let configuration = try TestSupport.scriptedConfiguration(ScriptedRecognizer.factory(
            Array(repeating: .text("harbourside clinic"), count: 8)))
        let archives = try (0..<2).map { _ in try archivePath() }
        func scan(_ index: Int, into archive: String) throws {
            var request = ArchiveScan.Request(input: folder, configuration: configuration, archive: archive)
            request.files = try FileList(reading: lists.appendingPathComponent(manifest.shards[index].list).path, nulSeparated: false)
            _ = try ArchiveScan(request).run()
        }
        // Only shard 0 ran: shard 1's pages are missing, by name.
        try scan(0, into: archives[0])
        let partial = try ArchiveStatus(archive: ArchiveLocation.open(archives[0], create: false)).report(plan: lists)
        #expect(partial.exitStatus == .pagesMissing)
        #expect(partial.counts[0].missingPages == 0 && partial.counts[0].ok == manifest.shards[0].pages)
        #expect(partial.counts[1].missingPages == manifest.shards[1].pages)
        #expect(partial.counts[1].missingFiles.count == manifest.shards[1].files)

        try scan(1, into: archives[1])
        let merged = try archivePath()
        for _ in 0..<2 {
            let report = try ArchiveMerge(sources: archives, destination: merged).run()
            #expect(report.pages == manifest.shards.map(\.pages))
        }
        let store = try ArchiveLocation.open(merged, create: false)
        #expect(try store.pageCount() == totalPages)
        #expect(try store.search("harbourside").count == min(totalPages, 10))
        let status = try ArchiveStatus(archive: store).report(plan: lists.appendingPathComponent(PlanManifest.fileName))
        #expect(status.exitStatus == .ok && status.ok == totalPages && status.missingPages == 0)
        #expect(throws: DocScanError.self) { try ArchiveMerge(sources: [archives[0], merged], destination: merged).run() }
    }
}

/// Forwards to an archive and notes which files each plan asked about.
private final class ArchiveSpy: PageArchive, @unchecked Sendable {
    let archive: any PageArchive
    var asked: [Set<String>?] = []
    /// The selections of pages read whole (records for a records file).
    var read: [PageSelection] = []

    init(_ archive: any PageArchive) {
        self.archive = archive
    }

    var location: String { archive.location }
    func lockForWriting(wait: Bool, waiting: () -> Void) throws -> any ArchiveLock { try archive.lockForWriting(wait: wait, waiting: waiting) }
    func archivedPages(root: String, sources: Set<String>?) throws -> [ArchivedPageState] {
        asked.append(sources)
        return try archive.archivedPages(root: root, sources: sources)
    }
    func beginRun(root: String, folder: String, mode: ScanMode, languages: LanguageList) throws -> any ArchiveRun {
        try archive.beginRun(root: root, folder: folder, mode: mode, languages: languages)
    }
    func search(_ query: ArchiveQuery) throws -> [SearchHit] { try archive.search(query) }
    func forEachPage(_ selection: PageSelection, _ body: (ArchivedPage) throws -> Void) throws {
        read.append(selection)
        try archive.forEachPage(selection, body)
    }
    func roots(_ selection: PageSelection) throws -> [String] { try archive.roots(selection) }
    func pageCount() throws -> Int { try archive.pageCount() }
    func pageCounts() throws -> [RootPageCount] { try archive.pageCounts() }
    func summaries(_ selection: PageSelection) throws -> [PageSummary] { try archive.summaries(selection) }
    func frequentKeywords(root: String, maxShare: Double, limit: Int) throws -> [KeywordFrequency] {
        try archive.frequentKeywords(root: root, maxShare: maxShare, limit: limit)
    }
    func documentFrequencies(root: String, of keywords: [String]) throws -> [String: Int] {
        try archive.documentFrequencies(root: root, of: keywords)
    }
    func finalize() throws { try archive.finalize() }
}
