import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Array jobs through the real executable: `plan`, `scan --files-from` and `--shard`, `archive status`,
/// and the exit statuses a scheduler acts on.
struct ShardCommandTests {
    @Test func planScanEachListAndStatus() throws {
        let folder = try DocScanProcess.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: DocScanProcess.fixtures.appendingPathComponent("en_invoice.png"), to: folder.appendingPathComponent("invoice.png"))
        try FileManager.default.copyItem(
            at: DocScanProcess.root.appendingPathComponent("Fixtures/bad/truncated.png"), to: folder.appendingPathComponent("torn.png"))
        let lists = try DocScanProcess.temporaryFolder().appendingPathComponent("lists").path
        let archive = try DocScanProcess.temporaryFolder().appendingPathComponent("archive.sqlite").path

        let plan = try DocScanProcess.run(["plan", folder.path, "--shards", "4", "--output", lists, "-0"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("Planned 2 files (2 pages)"), "\(plan.stderr)")
        let manifest = try PlanManifest(reading: URL(fileURLWithPath: lists))
        #expect(manifest.nulSeparated && manifest.shards.count == 4)
        let invoiceShard = Shard.index(of: "invoice.png", count: 4), tornShard = Shard.index(of: "torn.png", count: 4)

        // Nothing scanned yet: every listed page is missing, and status says so with 7.
        _ = try SQLiteArchive(path: archive, create: true)
        let before = try DocScanProcess.run(["archive", "status", "--archive", archive, "--manifest", lists])
        #expect(before.status == ExitStatus.pagesMissing.rawValue)
        #expect(before.stdout.contains("shard \(invoiceShard): 0 ok, 0 failed, ") && before.stdout.contains("invoice.png"), "\(before.stdout)")
        #expect(before.stdout.contains("Total: 0 ok, 0 failed, 2 missing."), "\(before.stdout)")

        for shard in 0..<4 {
            let list = "\(lists)/\(PlanManifest.listName(shard: shard, of: 4))"
            let scan = try DocScanProcess.run([
                "scan", folder.path, "--files-from", list, "-0", "--archive", archive, "--mode", "fast", "--lang", "eng", "--jobs", "1",
            ])
            // The torn page fails: 3, the status a scheduler must not retry for.
            #expect(scan.status == (shard == tornShard ? ExitStatus.somePagesFailed.rawValue : 0), "shard \(shard): \(scan.stderr)")
        }
        let after = try DocScanProcess.run(["archive", "status", "--archive", archive, "--manifest", lists, "--json"])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any]
        #expect(report?["ok"] as? Int == 1 && report?["failed"] as? Int == 1 && report?["missing"] as? Int == 0, "\(after.stdout)")
        let search = try DocScanProcess.run(["search", "northfield", "--archive", archive])
        #expect(search.status == 0 && search.stdout.contains("invoice.png"), "\(search.stdout)")

        // --page-errors-ok: the same failed page, exit 0 (forced, so it is read again).
        let tolerated = try DocScanProcess.run([
            "scan", folder.path, "--shard", "\(tornShard)/4", "--archive", archive, "--mode", "fast", "--lang", "eng", "--force", "--page-errors-ok",
        ])
        #expect(tolerated.status == 0, "\(tolerated.stderr)")
        #expect(tolerated.stderr.contains("torn.png") && tolerated.stderr.contains("1 failed"), "\(tolerated.stderr)")
    }

    @Test func shardAutoReadsTheSchedulerOrSaysWhatIsMissing() throws {
        let folder = DocScanProcess.fixtures.path
        let none = try DocScanProcess.run(["scan", folder, "--shard", "auto", "--no-archive", "--mode", "fast"])
        #expect(none.status == ExitStatus.badArguments.rawValue)
        #expect(none.stderr.contains("SLURM_ARRAY_TASK_ID") && none.stderr.contains("JOB_COMPLETION_INDEX"), "\(none.stderr)")
        let kubernetes = try DocScanProcess.run(
            ["scan", folder, "--shard", "auto", "--no-archive", "--mode", "fast"], environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(kubernetes.status == ExitStatus.badArguments.rawValue && kubernetes.stderr.contains("DOCSCAN_SHARDS"), "\(kubernetes.stderr)")

        for arguments in [["--shard", "2/2"], ["--shard", "0/2", "--prune"], ["-0"], ["--files-from", "/nonexistent/list"]] {
            let result = try DocScanProcess.run(["scan", folder] + arguments + ["--mode", "fast"])
            let expected = arguments.first == "--files-from" ? ExitStatus.inputError : .badArguments
            #expect(result.status == expected.rawValue, "\(arguments): \(result.status) \(result.stderr)")
        }

        // Slurm's --array=1-1000 numbering: task 1000 is shard 999 of 1000, which holds no fixture page.
        let empty = try (0..<1000).first { index in
            try PageSource(root: DocScanProcess.fixtures).list().pages.allSatisfy { Shard.index(of: $0.relativePath, count: 1000) != index }
        }
        let slurmTask = (empty ?? 0) + 1
        let slurm = try DocScanProcess.run(["scan", folder, "--shard", "auto", "--mode", "fast", "--lang", "eng"], environment: [
            "SLURM_ARRAY_TASK_ID": "\(slurmTask)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "1000", "SLURM_ARRAY_TASK_COUNT": "1000",
        ])
        #expect(slurm.status == 0, "\(slurm.stderr)")
        #expect(slurm.stderr.contains("Shard \(slurmTask - 1)/1000: 0 of the "), "\(slurm.stderr)")
    }
}
