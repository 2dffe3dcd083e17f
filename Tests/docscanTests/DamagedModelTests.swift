import DocScanCore
import DocScanKit
import Foundation
import Testing

/// A damaged or truncated model file stops the run before any page with status 4, naming the file and
/// giving Tesseract's own reason, with worker processes and without. (It used to crash: the engine
/// deleted its Tesseract handle before throwing, and its deinit deleted it again.)
struct DamagedModelTests {
    /// A model folder whose `standard/eng.traineddata` (accurate mode's English) is `bytes`.
    static func models(withEnglish bytes: Data, osd: Data? = nil) throws -> URL {
        let folder = try DocScanProcess.temporaryFolder()
        let standard = folder.appendingPathComponent("standard"), fast = folder.appendingPathComponent("fast")
        try FileManager.default.createDirectory(at: standard, withIntermediateDirectories: true)
        try bytes.write(to: standard.appendingPathComponent("eng.traineddata"))
        if let osd {
            try FileManager.default.createDirectory(at: fast, withIntermediateDirectories: true)
            try osd.write(to: fast.appendingPathComponent("osd.traineddata"))
        }
        return folder
    }

    /// The first megabyte of Debian's English model: a real header, cut short.
    static func truncatedEnglish() throws -> Data {
        let whole = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"))
        return whole.prefix(1 << 20)
    }

    static let garbage = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })

    @Test(arguments: [["--isolation"], ["--no-isolation"]], [true, false])
    func aDamagedModelStopsTheRunWithStatus4NamingTheFile(isolation: [String], truncated: Bool) throws {
        let models = try Self.models(withEnglish: truncated ? Self.truncatedEnglish() : Self.garbage)
        let model = models.appendingPathComponent("standard/eng.traineddata").path
        let out = try DocScanProcess.temporaryFolder().appendingPathComponent("records.jsonl")
        let result = try DocScanProcess.run(
            ["scan", DocScanProcess.fixtures.appendingPathComponent("en_letter.png").path, "--mode", "accurate",
             "--models", models.path, "--no-archive", "--jsonl", out.path, "--jobs", "2"] + isolation)
        #expect(result.status == ExitStatus.missingDependency.rawValue, "\(result.stderr)")
        #expect(result.stderr.contains("Tesseract could not load 'eng' from \(model)"), "\(result.stderr)")
        // Tesseract's own words for it.
        #expect(result.stderr.contains("Failed loading language 'eng'"), "\(result.stderr)")
        #expect(!result.stderr.contains("Segmentation fault") && !result.stderr.contains("signal"))
        #expect(((try? Data(contentsOf: out)) ?? Data()).isEmpty, "no record is written when no engine starts")
    }

    @Test(arguments: [["--isolation"], ["--no-isolation"]])
    func aDamagedOrientationModelStopsTheRunWithStatus4(isolation: [String]) throws {
        let english = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"))
        let models = try Self.models(withEnglish: english, osd: Self.garbage)
        let result = try DocScanProcess.run(
            ["scan", DocScanProcess.fixtures.appendingPathComponent("en_letter.png").path, "--mode", "accurate",
             "--models", models.path, "--no-archive", "--jsonl", "/dev/null", "--jobs", "1"] + isolation)
        #expect(result.status == ExitStatus.missingDependency.rawValue, "\(result.stderr)")
        #expect(result.stderr.contains("Tesseract could not load 'osd' from \(models.path)/fast/osd.traineddata"), "\(result.stderr)")
        #expect(result.stderr.contains("Failed loading language 'osd'"), "\(result.stderr)")
    }
}
