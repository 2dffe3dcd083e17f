import Foundation
import Testing

/// The load-stage fuzz target (`make fuzz`) replayed without the fuzzer: every seed of its corpus
/// decodes, and every input the fuzzer found trouble with (`Fixtures/fuzz/regressions`) ends as
/// `Fixtures/fuzz/regressions.tsv` says, without a crash.
struct LoadFuzzerTests {
    private static let replayer = DocScanProcess.executable.deletingLastPathComponent().appendingPathComponent("docscan-load-fuzzer")
    private static let fuzz = DocScanProcess.root.appendingPathComponent("Fixtures/fuzz")

    /// Runs the replayer over `folder`; its outcome per input file.
    private static func replay(_ folder: URL) throws -> [String: [String]] {
        let result = try DocScanProcess.run([folder.path], command: [replayer.path])
        #expect(result.status == 0, "\(result.stderr)")
        var outcomes: [String: [String]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2 { outcomes[String(fields[0])] = fields[1].split(separator: ",").map(String.init) }
        }
        return outcomes
    }

    @Test func everySeedDecodes() throws {
        let seeds = Self.fuzz.appendingPathComponent("seeds")
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        #expect(names.count >= 30)
        let outcomes = try Self.replay(seeds)
        #expect(outcomes.keys.sorted() == names)
        for name in names where name != "pages.tif" {
            #expect(outcomes[name] == ["decoded"], "\(name)")
        }
        #expect(outcomes["pages.tif"] == ["decoded", "decoded", "decoded"])
    }

    @Test func everyFindingOfTheFuzzerStaysFixed() throws {
        let manifest = try String(contentsOf: Self.fuzz.appendingPathComponent("regressions.tsv"), encoding: .utf8)
        let expected = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t") }
        let outcomes = try Self.replay(Self.fuzz.appendingPathComponent("regressions"))
        #expect(outcomes.count == expected.count)
        #expect(!expected.isEmpty)
        for fields in expected {
            #expect(outcomes[String(fields[0])] == fields[1].split(separator: ",").map(String.init), "\(fields[0])")
        }
    }

    @Test func hostileInputsAreRefusedWithTheirReason() throws {
        let outcomes = try Self.replay(DocScanProcess.root.appendingPathComponent("Fixtures/bad"))
        #expect(outcomes["bomb.png"] == ["too_large"])
        #expect(outcomes["truncated.jpg"] == ["decode_failed"])
        #expect(outcomes["empty.png"] == ["not_an_image"])
        #expect(outcomes["broken_page2.tif"] == ["decoded", "decode_failed", "decoded"])
    }
}
