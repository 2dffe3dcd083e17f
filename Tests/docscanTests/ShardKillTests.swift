import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Four shard tasks at once, one killed with SIGKILL after its first page and run again, as a
/// scheduler retries it: afterwards every page is archived exactly once, as one process reads them.
struct ShardKillTests {
    /// Text and sorted keywords of every page, by file and page.
    private func contents(_ archive: String) throws -> [String: String] {
        var pages: [String: String] = [:]
        try SQLiteArchive(path: archive, create: false).forEachPage(.all) { page in
            let key = "\(page.record.source)#\(page.record.page)"
            #expect(pages[key] == nil, "\(key) archived twice")
            pages[key] = "\(page.record.text)\n\(page.record.keywords.sorted())"
        }
        return pages
    }

    @Test func aKilledShardRunAgainLeavesEveryPageOnce() throws {
        let folder = try DocScanProcess.boxedFolder()
        let out = try DocScanProcess.temporaryFolder()
        let common = ["--mode", "fast", "--lang", "eng", "--jobs", "1", "--quiet"]
        let reference = out.appendingPathComponent("one.sqlite").path
        #expect(try DocScanProcess.run(["scan", folder.path, "--archive", reference, "--jobs", "2"] + common.dropLast(3)).status == 0)
        let plan = out.appendingPathComponent("plan").path
        #expect(try DocScanProcess.run(["plan", folder.path, "--shards", "4", "--output", plan]).status == 0)
        let sizes = try PlanManifest(reading: URL(fileURLWithPath: plan)).shards.map(\.pages)
        let victim = try #require(sizes.indices.max { sizes[$0] < sizes[$1] })
        #expect(sizes[victim] >= 2)

        let archives = (0..<4).map { out.appendingPathComponent("shard-\($0).sqlite").path }
        func task(_ shard: Int) -> [String] { ["scan", folder.path, "--shard", "\(shard)/4", "--archive", archives[shard]] + common }
        let running = try (0..<4).map { try DocScanProcess.start(task($0)) }
        // Killed once its first page is in its archive, while the next is being read.
        let killedEarly = DocScanProcess.killAfterFirstPage(running[victim]) {
            (try? SQLiteArchive(path: archives[victim], create: false).pageCount()) ?? 0
        }
        for process in running { process.waitUntilExit() }
        for shard in 0..<4 where shard != victim { #expect(running[shard].terminationStatus == 0, "shard \(shard)") }
        #expect(killedEarly && running[victim].terminationReason == .uncaughtSignal, "the victim finished before it was killed")
        let kept = try SQLiteArchive(path: archives[victim], create: false).pageCount()
        #expect(kept >= 1 && kept < sizes[victim])

        let retry = try DocScanProcess.run(Array(task(victim).dropLast()))
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(retry.stderr.contains("Scanned \(sizes[victim] - kept) of \(sizes[victim] - kept) pages"), "\(retry.stderr)")
        #expect(retry.stderr.contains("Unchanged: \(kept) page"), "\(retry.stderr)")

        let merged = out.appendingPathComponent("all.sqlite").path
        #expect(try DocScanProcess.run(["merge"] + archives + ["--archive", merged]).status == 0)
        let status = try DocScanProcess.run(["archive", "status", "--archive", merged, "--manifest", plan])
        #expect(status.status == 0 && status.stdout.contains("Total: 9 ok, 0 failed, 0 missing."), "\(status.stdout)\(status.stderr)")
        let one = try contents(reference)
        #expect(one.count == 9)
        #expect(try contents(merged) == one)
    }
}
