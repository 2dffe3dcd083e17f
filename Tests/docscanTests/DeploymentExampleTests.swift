import DocScanCore
import DocScanKit
import Foundation
import Testing

/// The deployment examples in deploy/, run as far as this machine allows: the Slurm script as each
/// task of an array would run it, the Kubernetes Job's command for every index, the GNU parallel script.
struct DeploymentExampleTests {
    private let deploy = DocScanProcess.root.appendingPathComponent("deploy")

    /// Two pages and a non-image, in a folder of their own.
    private func folder() throws -> URL {
        let folder = try DocScanProcess.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("2024"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: DocScanProcess.fixtures.appendingPathComponent("en_invoice.png"), to: folder.appendingPathComponent("invoice.png"))
        try FileManager.default.copyItem(at: DocScanProcess.fixtures.appendingPathComponent("en_letter.png"), to: folder.appendingPathComponent("2024/letter.png"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        return folder
    }

    private func run(_ command: [String], environment: [String: String]) throws -> DocScanProcess.Result {
        try DocScanProcess.run(Array(command.dropFirst()), environment: environment, command: [command[0]])
    }

    /// Merges the tasks' archives and checks them against the plan: every page once.
    private func expectEveryPageOnce(archives: [String], plan: String) throws {
        let merged = try DocScanProcess.temporaryFolder().appendingPathComponent("all.sqlite").path
        let merge = try DocScanProcess.run(["merge"] + archives + ["--archive", merged])
        #expect(merge.status == 0, "\(merge.stderr)")
        let status = try DocScanProcess.run(["archive", "status", "--archive", merged, "--manifest", plan])
        #expect(status.status == 0 && status.stdout.contains("Total: 2 ok, 0 failed, 0 missing."), "\(status.stdout)\(status.stderr)")
        let search = try DocScanProcess.run(["search", "northfield", "--archive", merged])
        #expect(search.stdout.contains("invoice.png"), "\(search.stdout)")
    }

    @Test func theSlurmScriptRunsEachTaskOfAnArray() throws {
        let folder = try folder()
        let plan = try DocScanProcess.temporaryFolder().appendingPathComponent("plan").path
        let out = try DocScanProcess.temporaryFolder().appendingPathComponent("out").path
        #expect(try DocScanProcess.run(["plan", folder.path, "--shards", "3", "--output", plan]).status == 0)
        for task in 1...3 {  // --array=1-3
            let result = try run(["/bin/bash", deploy.appendingPathComponent("slurm/docscan-array.sbatch").path], environment: [
                "DOCSCAN": DocScanProcess.executable.path, "DOCSCAN_INPUT": folder.path, "DOCSCAN_OUTPUT": out, "DOCSCAN_PLAN": plan,
                "DOCSCAN_MODE": "fast", "SLURM_CPUS_PER_TASK": "1", "SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "1",
                "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "3",
            ])
            #expect(result.status == 0, "task \(task): \(result.stderr)")
        }
        try expectEveryPageOnce(archives: (1...3).map { "\(out)/shard-\($0).sqlite" }, plan: plan)
    }

    @Test func theKubernetesJobsCommandRunsEveryIndexAndItsPolicyFollowsTheExitStatuses() throws {
        let manifest = try String(contentsOf: deploy.appendingPathComponent("kubernetes/docscan-indexed-job.yaml"), encoding: .utf8)
        let lines = manifest.split(separator: "\n").map(String.init)
        func value(after key: String) -> String? {
            lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(key) }?
                .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        }
        let completions = try #require(value(after: "completions:").flatMap { Int($0) })
        let shardsLine = try #require(lines.firstIndex { $0.contains("name: DOCSCAN_SHARDS") })
        #expect(lines[shardsLine + 1].contains("value: \"\(completions)\""), "DOCSCAN_SHARDS must equal completions")
        #expect(value(after: "completionMode:") == "Indexed")
        // FailIndex for exactly the statuses a retry would end the same way; page errors exit 0.
        let failIndex = try #require(value(after: "values:"))
        let codes = Set(failIndex.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").compactMap {
            Int32($0.trimmingCharacters(in: .whitespaces))
        })
        let notRetried = Set(ExitStatus.allCases.filter { !$0.retryable && $0 != .ok && $0 != .somePagesFailed && $0 != .pagesMissing }.map(\.rawValue))
        #expect(codes == notRetried)

        // The container's command, on this machine: /data is a temporary folder.
        let commandStart = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "command:" })
        var command: [String] = []
        for line in lines[(commandStart + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- ") else { break }
            command.append(String(trimmed.dropFirst(2)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        #expect(command.first == "docscan" && command.contains("--shard") && command.contains("auto"))
        let data = try DocScanProcess.temporaryFolder()
        try FileManager.default.moveItem(at: try folder(), to: data.appendingPathComponent("scans"))
        try FileManager.default.createDirectory(at: data.appendingPathComponent("out"), withIntermediateDirectories: true)
        let planFolder = try #require(command.firstIndex(of: "--plan")).advanced(by: 1)
        let plan = command[planFolder].replacingOccurrences(of: "/data", with: data.path)
        #expect(try DocScanProcess.run(["plan", data.appendingPathComponent("scans").path, "--shards", "\(completions)", "--output", plan]).status == 0)
        var archives: [String] = []
        for index in 0..<completions {
            let arguments = command.dropFirst().map {
                $0.replacingOccurrences(of: "/data", with: data.path).replacingOccurrences(of: "$(JOB_COMPLETION_INDEX)", with: "\(index)")
            }
            let result = try DocScanProcess.run(arguments, environment: ["JOB_COMPLETION_INDEX": "\(index)", "DOCSCAN_SHARDS": "\(completions)"])
            #expect(result.status == 0, "index \(index): \(result.stderr)")
            archives.append(data.appendingPathComponent("out/shard-\(index).sqlite").path)
        }
        try expectEveryPageOnce(archives: archives, plan: plan)
    }

    @Test func theParallelScriptScansAndMerges() throws {
        let folder = try folder()
        let out = try DocScanProcess.temporaryFolder().appendingPathComponent("out").path
        let result = try run(["/bin/bash", deploy.appendingPathComponent("parallel/docscan-parallel.sh").path, folder.path, out, "2"], environment: [
            "DOCSCAN": DocScanProcess.executable.path, "DOCSCAN_MODE": "fast",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Total: 2 ok, 0 failed, 0 missing."), "\(result.stdout)")
        try expectEveryPageOnce(archives: ["\(out)/all.sqlite"], plan: "\(out)/plan")
    }
}
