import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Paths and helpers shared by the tests.
enum TestSupport {
    /// The repository root, found from this file's location.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = root.appendingPathComponent("Fixtures/pages")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    /// A file in another fixture folder (`orientation/…`, `formats/…`, `bad/…`).
    static func special(_ path: String) -> URL { root.appendingPathComponent("Fixtures/\(path)") }

    /// Reads every page of `url` with a fresh pipeline and returns the records.
    static func scan(
        _ url: URL, mode: ScanMode, languages: String = "eng", detectOrientation: Bool? = nil, judgingOnCleanedPage: Bool = true
    ) throws -> [PageRecord] {
        var configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: languages), jobs: 1)
        if let detectOrientation { configuration.orientation.detect = detectOrientation }
        configuration.judgesOrientationOnCleanedPage = judgingOnCleanedPage
        let pipeline = try PagePipeline(configuration: configuration)
        return try PageSource(root: url).list().pages.map(pipeline.process)
    }

    /// Reads the fixture at `path` (under `Fixtures/`, its ground truth beside it as `NAME.gt.txt`) in
    /// `mode`, expecting a character error rate of at most `bound` and each of `lines` in its text;
    /// returns its record.
    static func expectRead(
        _ path: String, mode: ScanMode, languages: String = "eng", within bound: Double, lines: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PageRecord {
        let url = special(path)
        let record = try #require(try scan(url, mode: mode, languages: languages).first, sourceLocation: sourceLocation)
        let truth = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("gt.txt"), encoding: .utf8)
        #expect(CharacterErrorRate.of(record.text, reference: truth, chinese: false) <= bound, "\(record.text)", sourceLocation: sourceLocation)
        for line in lines {
            #expect(record.text.contains(line), "\(line) not in \(record.text)", sourceLocation: sourceLocation)
        }
        return record
    }

    /// Writes 8-bit grey `samples` (row by row, `width` × `height`) to `url` as a binary PGM file: a page
    /// image made in the test.
    static func writeGreyImage(_ samples: [UInt8], width: Int, height: Int, to url: URL) throws {
        var file = Data("P5\n\(width) \(height)\n255\n".utf8)
        file.append(contentsOf: samples)
        try file.write(to: url)
    }

    static func groundTruth(_ name: String) throws -> String {
        try String(contentsOf: fixture("\(name).gt.txt"), encoding: .utf8)
    }

    /// This test process's scratch folder, where every test folder and archive goes; the folders of
    /// earlier test processes are removed, so test runs do not pile up folders in /tmp.
    static let scratch = (try? AbandonedFolders.folderOfThisProcess(
        prefix: "docscan-tests-", in: FileManager.default.temporaryDirectory)) ?? FileManager.default.temporaryDirectory

    /// Lines of `text` with runs of spaces made one, for comparing rows.
    static func rows(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    /// A new empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = scratch.appendingPathComponent("docscan-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies fixtures into `folder`, keeping their names.
    static func copy(_ names: [String], to folder: URL) throws {
        for name in names {
            try FileManager.default.copyItem(at: fixture(name), to: folder.appendingPathComponent(name))
        }
    }
}

/// Character error rate as ../shared/eval/score.py computes it: NFKC, whitespace runs collapsed, and for
/// Chinese all whitespace removed; edit distance over the reference length.
enum CharacterErrorRate {
    static func of(_ hypothesis: String, reference: String, chinese: Bool) -> Double {
        let ref = normalize(reference, chinese: chinese)
        let hyp = normalize(hypothesis, chinese: chinese)
        return Double(editDistance(ref, hyp)) / Double(max(ref.count, 1))
    }

    private static func normalize(_ text: String, chinese: Bool) -> [Character] {
        let words = text.precomposedStringWithCompatibilityMapping.split(whereSeparator: \.isWhitespace)
        return Array(words.joined(separator: chinese ? "" : " "))
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            current.reserveCapacity(b.count + 1)
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
