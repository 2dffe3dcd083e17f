import DocScanCore
import DocScanKit
import Foundation
import Testing

/// A page that crashes, hangs or eats memory inside the engines costs that page only: faults are
/// injected into recognition (`DOCSCAN_INJECT_FAULT`) in the real executable's worker processes.
struct ProcessIsolationTests {
    private static let heading = DocScanProcess.root.appendingPathComponent("Fixtures/timing/invoice_heading.png")

    /// One worker, so every page after a fault is read by the replacement worker.
    @Test func crashingHangingAndMemoryEatingPagesFailAloneAndTheRunGoesOn() throws {
        let folder = try DocScanProcess.temporaryFolder()
        for name in ["a_before", "b_crash", "c_after_crash", "d_hang", "e_after_hang", "f_memory", "g_after_memory"] {
            try FileManager.default.copyItem(at: Self.heading, to: folder.appendingPathComponent("\(name).png"))
        }
        let archive = folder.appendingPathComponent("archive.sqlite")
        let result = try DocScanProcess.run(
            [
                "scan", folder.path, "--mode", "fast", "--jobs", "1", "--page-timeout", "2", "--page-memory-limit", "400",
                "--archive", archive.path, "--jsonl", "-",
            ],
            environment: ["DOCSCAN_INJECT_FAULT": "crash:b_crash.png,hang:d_hang.png,memory:f_memory.png"])
        #expect(result.status == ExitStatus.somePagesFailed.rawValue, "\(result.stderr)")
        let records = try DocScanProcess.records(result.stdout)
        #expect(records.count == 7)
        func error(_ source: String) -> [String: Any]? {
            records.first { $0["source"] as? String == source }?["error"] as? [String: Any]
        }
        #expect(error("b_crash.png")?["kind"] as? String == "worker_crashed")
        #expect((error("b_crash.png")?["message"] as? String)?.contains("killed by signal 11, Segmentation fault") == true)
        #expect(error("d_hang.png")?["kind"] as? String == "timed_out")
        #expect(error("d_hang.png")?["message"] as? String
            == "the page did not stop at the page time limit and its worker process was killed after 7.2 s (--page-timeout)")
        #expect(error("f_memory.png")?["kind"] as? String == "out_of_memory")
        #expect((error("f_memory.png")?["message"] as? String)?.hasSuffix("over the limit of 400 MB (--page-memory-limit), and was killed") == true)
        for source in ["a_before.png", "c_after_crash.png", "e_after_hang.png", "g_after_memory.png"] {
            let record = records.first { $0["source"] as? String == source }
            #expect(record?["error"] is NSNull, "\(source)")
            #expect((record?["text"] as? String)?.contains("Northfield Hardware") == true, "\(source)")
        }
        #expect(result.stderr.contains("b_crash.png: the worker process reading the page crashed"))
        // The crashed worker's stack is kept for a bug report, without pages of registers and images.
        #expect(result.stderr.contains("Program crashed: Bad pointer dereference"))
        #expect(!result.stderr.contains("Registers:"))

        // The archive holds every page, the failed ones with their errors, and finds the good ones.
        let search = try DocScanProcess.run(["search", "Northfield", "--archive", archive.path])
        #expect(search.status == ExitStatus.ok.rawValue, "\(search.stderr)")
        for source in ["a_before.png", "c_after_crash.png", "e_after_hang.png", "g_after_memory.png"] {
            #expect(search.stdout.contains(source), "\(source)")
        }
        #expect(!search.stdout.contains("b_crash.png"))
        // A second scan reads only the failed pages again; without faults they succeed.
        let again = try DocScanProcess.run(["scan", folder.path, "--mode", "fast", "--jobs", "1", "--archive", archive.path, "--quiet"])
        #expect(again.status == ExitStatus.ok.rawValue, "\(again.stderr)")
    }

    /// Without worker processes the same crash takes the whole run down: what isolation is for. What an
    /// earlier run archived stays whole, and the next run reads the pages the crash cost. (Whether a
    /// page finished just before the crash was written yet is a race with the writer thread, so the
    /// archived page comes from an earlier run.)
    @Test func withoutIsolationACrashEndsTheRunButKeepsWhatWasWritten() throws {
        let folder = try DocScanProcess.temporaryFolder()
        let archive = folder.appendingPathComponent("archive.sqlite")
        let scan = ["scan", folder.path, "--mode", "fast", "--jobs", "1", "--archive", archive.path, "--quiet"]
        try FileManager.default.copyItem(at: Self.heading, to: folder.appendingPathComponent("a_before.png"))
        let first = try DocScanProcess.run(scan)
        #expect(first.status == ExitStatus.ok.rawValue, "\(first.stderr)")
        for name in ["b_crash", "c_after_crash"] {
            try FileManager.default.copyItem(at: Self.heading, to: folder.appendingPathComponent("\(name).png"))
        }

        // Foundation reports a process killed by a signal with the signal number as its status.
        let crashed = try DocScanProcess.run(scan + ["--no-isolation"], environment: ["DOCSCAN_INJECT_FAULT": "crash:b_crash.png"])
        #expect(crashed.status == SIGSEGV, "\(crashed.status) \(crashed.stderr)")
        let search = try DocScanProcess.run(["search", "Northfield", "--archive", archive.path])
        #expect(search.status == ExitStatus.ok.rawValue, "\(search.stderr)")
        #expect(search.stdout.contains("a_before.png"))
        #expect(!search.stdout.contains("c_after_crash.png"))

        let resumed = try DocScanProcess.run(scan)
        #expect(resumed.status == ExitStatus.ok.rawValue, "\(resumed.stderr)")
        let all = try DocScanProcess.run(["search", "Northfield", "--archive", archive.path])
        for source in ["a_before.png", "b_crash.png", "c_after_crash.png"] {
            #expect(all.stdout.contains(source), "\(source)")
        }
    }

    /// With worker processes the parent extracts the keywords from the records its workers send, and
    /// they come out as a run without workers extracts them: the same keywords, drop counts and ranking,
    /// Chinese segmented, each page's keyword time in its record.
    @Test func keywordsAreTheSameWithAndWithoutWorkerProcesses() throws {
        let folder = try DocScanProcess.temporaryFolder()
        for name in ["zh_notice", "en_invoice"] {
            try FileManager.default.copyItem(
                at: DocScanProcess.root.appendingPathComponent("Fixtures/pages/\(name).png"),
                to: folder.appendingPathComponent("\(name).png"))
        }
        let scan = ["scan", folder.path, "--mode", "fast", "--lang", "chi_sim,eng", "--jobs", "2", "--no-archive", "--jsonl", "-"]
        let isolated = try DocScanProcess.run(scan)
        let inProcess = try DocScanProcess.run(scan + ["--no-isolation"])
        #expect(isolated.status == ExitStatus.ok.rawValue, "\(isolated.stderr)")
        #expect(inProcess.status == ExitStatus.ok.rawValue, "\(inProcess.stderr)")
        func bySource(_ output: String) throws -> [String: [String: Any]] {
            Dictionary(uniqueKeysWithValues: try DocScanProcess.records(output).compactMap { record in
                (record["source"] as? String).map { ($0, record) }
            })
        }
        let withWorkers = try bySource(isolated.stdout), withoutWorkers = try bySource(inProcess.stdout)
        #expect(Set(withWorkers.keys) == ["zh_notice.png", "en_invoice.png"])
        for (source, record) in withWorkers {
            let keywords = record["keywords"] as? [String] ?? []
            #expect(keywords == withoutWorkers[source]?["keywords"] as? [String], "\(source)")
            #expect(record["keyword_string"] as? String == withoutWorkers[source]?["keyword_string"] as? String, "\(source)")
            #expect(record["keywords_dropped"] as? [String: Int] == withoutWorkers[source]?["keywords_dropped"] as? [String: Int], "\(source)")
            let expected: Set<String> = source == "zh_notice.png" ? ["无线网络", "办公室", "通知"] : ["invoice", "northfield", "hardware"]
            #expect(expected.isSubset(of: Set(keywords)), "\(source): \(keywords)")
            let timings = record["timings_ms"] as? [String: Any], cpu = record["cpu_ms"] as? [String: Any]
            #expect((timings?["keywords"] as? Double ?? 0) > 0, "\(source)")
            #expect((cpu?["keywords"] as? Double ?? 0) > 0, "\(source)")
        }
    }
}
