import DocScanCore
import DocScanKit
import Foundation
import Testing

/// docscan writes only where it is told to, names pages by paths relative to the scan root, and never
/// hands a file name to a shell, however the name is made.
struct OutputSafetyTests {
    private static let heading = DocScanProcess.root.appendingPathComponent("Fixtures/timing/invoice_heading.png")

    /// Names a shell would act on, and names that look like options or paths.
    private static let hostileNames = [
        "$(touch PWNED).png", "`touch PWNED`.png", "; touch PWNED ;.png", "a && touch PWNED.png", "-rf.png",
        "--jsonl=PWNED.png", "%2e%2e%2fPWNED.png", "line\nbreak.png", "quote'\"s.png", "| tee PWNED.png", "*.png", "~.png",
    ]

    @Test func hostileFileNamesAreReadAsNamesAndNothingIsWrittenOutsideTheOutputs() throws {
        let base = try DocScanProcess.temporaryFolder()
        let scans = base.appendingPathComponent("scans"), sub = scans.appendingPathComponent("sub dir")
        let outputs = base.appendingPathComponent("outputs"), workingDirectory = base.appendingPathComponent("cwd")
        for folder in [sub, outputs, workingDirectory] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let image = try Data(contentsOf: Self.heading)
        for name in Self.hostileNames { try image.write(to: scans.appendingPathComponent(name)) }
        try image.write(to: sub.appendingPathComponent("$HOME.png"))
        let scansBefore = try Self.snapshot(scans)

        let archive = outputs.appendingPathComponent("archive.sqlite")
        let records = outputs.appendingPathComponent("records.jsonl")
        let debug = outputs.appendingPathComponent("debug")
        let result = try DocScanProcess.run(
            [
                "scan", scans.path, "--mode", "fast", "--archive", archive.path, "--jsonl", records.path,
                "--debug-images", debug.path, "--quiet",
            ],
            directory: workingDirectory)
        #expect(result.status == ExitStatus.ok.rawValue, "\(result.stderr)")

        // The scanned folder is untouched, the working directory and the base stay empty of new files.
        #expect(try Self.snapshot(scans) == scansBefore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workingDirectory.path).isEmpty)
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: base.path)) == ["scans", "outputs", "cwd"])
        #expect(FileManager.default.enumerator(atPath: base.path)?.allObjects.contains { "\($0)".contains("PWNED") && !"\($0)".hasSuffix(".png") } == false)
        // Outputs: the archive (with SQLite's journal files and docscan's lock), the records and the debug folder.
        let written = try Set(FileManager.default.contentsOfDirectory(atPath: outputs.path))
        #expect(written.isSubset(of: ["archive.sqlite", "archive.sqlite-wal", "archive.sqlite-shm", "archive.sqlite.lock", "records.jsonl", "debug"]), "\(written)")
        #expect(written.isSuperset(of: ["archive.sqlite", "records.jsonl", "debug"]))
        let debugFiles = try FileManager.default.contentsOfDirectory(atPath: debug.path)
        #expect(debugFiles.count >= 2 * (Self.hostileNames.count + 1))
        #expect(debugFiles.contains("sub dir__$HOME.png-90-cleaned.png"))

        // Every record names its page by its path under the scan root, exactly as it is.
        let sources = try DocScanProcess.records(String(contentsOf: records, encoding: .utf8)).compactMap { $0["source"] as? String }
        #expect(Set(sources) == Set(Self.hostileNames + ["sub dir/$HOME.png"]))
        let search = try DocScanProcess.run(["search", "Northfield", "--archive", archive.path, "--limit", "50"])
        #expect(search.stdout.contains("sub dir/$HOME.png"), "\(search.stdout)")
    }

    /// Every file under `folder` with its content's hash, for comparing before and after.
    private static func snapshot(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[name] = try FileHasher.sha256(of: url)
        }
        return files
    }
}
