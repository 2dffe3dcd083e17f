import DocScanCore
import DocScanKit
import DocScanTestSupport
import Foundation
import Testing

/// Array-job tasks writing into one PostgreSQL archive at once, as `docscan` processes: a task killed
/// and run again, and a shard started twice, leave every page of the folder archived exactly once.
struct PostgreSQLShardTests {
    /// Text and sorted keywords of every page, by file and page; each page once.
    private func contents(_ archive: any PageArchive) throws -> [String: String] {
        var pages: [String: String] = [:]
        try archive.forEachPage(.all) { page in
            let key = "\(page.record.source)#\(page.record.page)"
            #expect(pages[key] == nil, "\(key) archived twice")
            pages[key] = "\(page.record.text)\n\(page.record.keywords.sorted())"
        }
        return pages
    }

    private let common = ["--mode", "fast", "--lang", "eng", "--jobs", "1", "--quiet"]

    @Test func fourShardsAtOnceOneKilledAndRunAgainLeaveEveryPageOnce() throws {
        let folder = try DocScanProcess.boxedFolder()
        let out = try DocScanProcess.temporaryFolder()
        let database = try TemporaryPostgres.database()
        let reference = out.appendingPathComponent("one.sqlite").path
        #expect(try DocScanProcess.run(["scan", folder.path, "--archive", reference, "--jobs", "2"] + common.dropLast(3)).status == 0)
        #expect(try DocScanProcess.run(["archive", "init", "--archive", database]).status == 0)
        let planFolder = out.appendingPathComponent("plan")
        #expect(try DocScanProcess.run(
            ["plan", folder.path, "--shards", "4", "--output", planFolder.path, "--collection", "scans"]).status == 0)
        let plan = try PlanManifest(reading: planFolder)
        #expect(plan.collection == "scans")
        let sizes = plan.shards.map(\.pages)
        let victim = try #require(sizes.indices.max { sizes[$0] < sizes[$1] })
        #expect(sizes[victim] >= 2)
        let victimFiles = Set(try plan.list(for: Shard(index: victim, count: 4), in: planFolder).paths)

        // The tasks take the collection from the plan.
        func task(_ shard: Int) -> [String] {
            ["scan", folder.path, "--shard", "\(shard)/4", "--plan", planFolder.path, "--archive", database] + common
        }
        let running = try (0..<4).map { try DocScanProcess.start(task($0)) }
        let archive = try PostgreSQLArchive(conninfo: database, create: false)
        // Killed once its first page is archived, while the next is being read.
        let killedEarly = DocScanProcess.killAfterFirstPage(running[victim]) {
            (try? archive.archivedPages(root: "scans", sources: victimFiles).count) ?? 0
        }
        for process in running { process.waitUntilExit() }
        for shard in 0..<4 where shard != victim { #expect(running[shard].terminationStatus == 0, "shard \(shard)") }
        #expect(killedEarly && running[victim].terminationReason == .uncaughtSignal, "the victim finished before it was killed")
        let kept = try archive.archivedPages(root: "scans", sources: victimFiles).count
        #expect(kept >= 1 && kept < sizes[victim])
        let before = try DocScanProcess.run(["archive", "status", "--archive", database, "--manifest", planFolder.path])
        #expect(before.status == ExitStatus.pagesMissing.rawValue, "\(before.stdout)")
        #expect(before.stdout.contains("shard \(victim): \(kept) ok, 0 failed, \(sizes[victim] - kept) missing"), "\(before.stdout)")

        let retry = try DocScanProcess.run(Array(task(victim).dropLast()))
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(retry.stderr.contains("Scanned \(sizes[victim] - kept) of \(sizes[victim] - kept) pages"), "\(retry.stderr)")
        #expect(retry.stderr.contains("Unchanged: \(kept) page"), "\(retry.stderr)")

        #expect(try DocScanProcess.run(["archive", "finalize", "--archive", database]).status == 0)
        let status = try DocScanProcess.run(["archive", "status", "--archive", database, "--manifest", planFolder.path])
        #expect(status.status == 0 && status.stdout.contains("Total: 9 ok, 0 failed, 0 missing."), "\(status.stdout)\(status.stderr)")
        let one = try contents(SQLiteArchive(path: reference, create: false))
        #expect(one.count == 9)
        #expect(try contents(archive) == one)
        // The invoice's three copies, and nothing else.
        let found = try DocScanProcess.run(["search", "invoice", "--archive", database, "--json", "--limit", "20"])
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        #expect(hits.compactMap { $0["source"] as? String }.sorted() == ["box-0/p0.png", "box-0/p3.png", "box-0/p6.png"])
    }

    @Test func theSameShardTwiceAtOnceWritesEachPageOnce() throws {
        let folder = try DocScanProcess.boxedFolder()
        let database = try TemporaryPostgres.database()
        let task = ["scan", folder.path, "--shard", "0/1", "--archive", database, "--collection", "twice"] + common
        let twins = try (0..<2).map { _ in try DocScanProcess.start(task) }
        for process in twins { process.waitUntilExit() }
        #expect(twins.map(\.terminationStatus) == [0, 0])
        let archive = try PostgreSQLArchive(conninfo: database, create: false)
        #expect(try archive.pageCount() == 9)
        #expect(try contents(archive).count == 9)
        #expect(try archive.archivedPages(root: "twice", sources: nil).filter(\.failed).isEmpty)
    }
}
