import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Which shard a file belongs to, and which shard a scheduler's variables name.
struct ShardTests {
    @Test func theShardIsTheDocumentedHashOfThePath() {
        // The contract in Shard's documentation, as Python computes it:
        // int.from_bytes(hashlib.sha256(path.encode()).digest()[:8], "big") % n
        #expect(Shard.index(of: "letter.png", count: 8) == 3)
        #expect(Shard.index(of: "letter.png", count: 1000) == 835)
        #expect(Shard.index(of: "scans/2024/invoice-0001.tif", count: 1000) == 489)
        #expect(Shard.index(of: "医院/化验单.jpg", count: 1000) == 753)
        #expect(Shard.index(of: "a", count: 1000) == 250)
    }

    @Test func everyPathIsInExactlyOneShardAndShardsAreEven() throws {
        let paths = (0..<16_000).map { "box-\($0 / 1000)/scan-\($0).png" }
        let shards = try (0..<16).map { try Shard(index: $0, count: 16) }
        var sizes = Array(repeating: 0, count: 16)
        for path in paths {
            let holding = shards.filter { $0.contains(path) }
            #expect(holding.count == 1)
            sizes[holding.first?.index ?? 0] += 1
        }
        // 1,000 expected per shard; a binomial's standard deviation is about 31.
        #expect(sizes.allSatisfy { (880...1120).contains($0) }, "shard sizes \(sizes)")
    }

    /// A shard warns only about its own entries, also when a name holds ": " (the separator of the
    /// printed warning, which an earlier filter split on).
    @Test func aShardKeepsTheWarningsOfItsOwnEntries() throws {
        let folder = try TestSupport.temporaryFolder()
        let names = (0..<12).map { "broken \($0): note.png" }
        for name in names {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: "missing-\(name)")
        }
        let listing = try PageSource(root: folder).list()
        #expect(listing.warnings.map(\.entry) == names.sorted())
        #expect(listing.notRead == names.sorted())
        let shards = try (0..<3).map { try Shard(index: $0, count: 3) }
        var kept: [String] = []
        for shard in shards {
            let part = listing.restricted(to: shard)
            #expect(part.warnings.allSatisfy { shard.contains($0.entry) })
            #expect(part.warnings.allSatisfy { $0.description.hasPrefix($0.entry + ": a symbolic link to nothing") })
            kept += part.notRead
        }
        #expect(kept.sorted() == names.sorted())
    }

    @Test func kOfNIsParsedAndOutOfRangeIsRefused() throws {
        #expect(try Shard(parsing: "3/16") == Shard(index: 3, count: 16))
        #expect(try Shard(parsing: "0/1") == Shard(index: 0, count: 1))
        for bad in ["16/16", "-1/4", "3", "3/", "a/b", "3/16/2", "1/0"] {
            #expect(throws: DocScanError.self, "\(bad)") { try Shard(parsing: bad) }
        }
    }

    @Test func schedulersGiveTheShard() throws {
        // Slurm numbers tasks from --array's first value.
        #expect(try Shard(environment: [
            "SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "16", "SLURM_ARRAY_TASK_COUNT": "16",
        ]) == Shard(index: 4, count: 16))
        // One task or a few submitted again (--array=5, --array=3,9) with DOCSCAN_SHARDS: the ID is the shard.
        #expect(try Shard(environment: [
            "SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "5", "SLURM_ARRAY_TASK_COUNT": "1",
            "DOCSCAN_SHARDS": "64",
        ]) == Shard(index: 5, count: 64))
        #expect(try Shard(environment: [
            "SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_MAX": "9", "SLURM_ARRAY_TASK_COUNT": "2",
            "DOCSCAN_SHARDS": "16",
        ]) == Shard(index: 9, count: 16))
        // The whole array with DOCSCAN_SHARDS equal to its count: numbered from --array's first value.
        #expect(try Shard(environment: [
            "SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "16", "SLURM_ARRAY_TASK_COUNT": "16",
            "DOCSCAN_SHARDS": "16",
        ]) == Shard(index: 4, count: 16))
        #expect(try Shard(environment: ["JOB_COMPLETION_INDEX": "7", "DOCSCAN_SHARDS": "8"]) == Shard(index: 7, count: 8))
        #expect(try Shard(environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "2"]) == Shard(index: 0, count: 2))
        #expect(try Shard(environment: ["CLOUD_RUN_TASK_INDEX": "2", "CLOUD_RUN_TASK_COUNT": "3"]) == Shard(index: 2, count: 3))
        // Two schedulers' variables that agree are one shard.
        #expect(try Shard(environment: [
            "CLOUD_RUN_TASK_INDEX": "2", "CLOUD_RUN_TASK_COUNT": "3", "JOB_COMPLETION_INDEX": "2", "DOCSCAN_SHARDS": "3",
        ]) == Shard(index: 2, count: 3))
    }

    @Test func missingOrContradictoryVariablesAreNamed() {
        let cases: [([String: String], [String])] = [
            ([:], ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "CLOUD_RUN_TASK_INDEX"]),
            (["JOB_COMPLETION_INDEX": "3"], ["DOCSCAN_SHARDS"]),
            (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0"], ["SLURM_ARRAY_TASK_COUNT"]),
            (["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "14", "SLURM_ARRAY_TASK_COUNT": "8"],
             ["SLURM_ARRAY_TASK_MAX", "--array=0-7"]),
            (["SLURM_ARRAY_TASK_ID": "64", "SLURM_ARRAY_TASK_MIN": "64", "SLURM_ARRAY_TASK_COUNT": "1", "DOCSCAN_SHARDS": "64"],
             ["SLURM_ARRAY_TASK_ID 64", "DOCSCAN_SHARDS 64"]),
            (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "1", "DOCSCAN_SHARDS": "x"],
             ["DOCSCAN_SHARDS", "'x'"]),
            (["AWS_BATCH_JOB_ARRAY_INDEX": "x1", "AWS_BATCH_JOB_ARRAY_SIZE": "4"], ["AWS_BATCH_JOB_ARRAY_INDEX", "x1"]),
            (["CLOUD_RUN_TASK_INDEX": "4", "CLOUD_RUN_TASK_COUNT": "4"], ["CLOUD_RUN_TASK_INDEX", "CLOUD_RUN_TASK_COUNT"]),
            (["CLOUD_RUN_TASK_INDEX": "1", "CLOUD_RUN_TASK_COUNT": "4", "JOB_COMPLETION_INDEX": "2", "DOCSCAN_SHARDS": "4"],
             ["CLOUD_RUN_TASK_INDEX", "JOB_COMPLETION_INDEX"]),
            (["CLOUD_RUN_TASK_INDEX": "1", "CLOUD_RUN_TASK_COUNT": "4", "DOCSCAN_SHARDS": "5"], ["DOCSCAN_SHARDS", "CLOUD_RUN_TASK_INDEX"]),
        ]
        for (environment, names) in cases {
            do {
                let shard = try Shard(environment: environment)
                Issue.record("\(environment) gave shard \(shard)")
            } catch let error as DocScanError {
                #expect(error.exitStatus == .badArguments)
                let message = error.localizedDescription
                for name in names { #expect(message.contains(name), "\(message) does not name \(name)") }
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
