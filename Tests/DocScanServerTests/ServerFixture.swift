import DocScanCore
import DocScanKit
import DocScanServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small real archive for the server tests, scanned once per test process from Fixtures with real
/// Tesseract: an English invoice, a Chinese lab report, a German letter, a file that is not an image
/// (a failed page), and an imported page whose text is HTML that must never run.
struct ServerFixture: Sendable {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let folder: URL
    let archivePath: String
    let archive: any PageArchive

    static let shared: Result<ServerFixture, any Error> = Result { try ServerFixture() }

    static func make() throws -> ServerFixture { try shared.get() }

    /// This test process's scratch folder; the folders of earlier test processes are removed, so test runs
    /// do not pile up archives in /tmp.
    static let scratch = (try? AbandonedFolders.folderOfThisProcess(
        prefix: "docscan-serve-tests-", in: FileManager.default.temporaryDirectory)) ?? FileManager.default.temporaryDirectory

    /// A new folder under this process's scratch folder.
    static func temporaryFolder() throws -> URL {
        let url = scratch.appendingPathComponent("docscan-serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private init() throws {
        let base = try Self.temporaryFolder()
        folder = base.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["en_invoice.png", "zh_lab_report.png", "de_brief.png"] {
            try FileManager.default.copyItem(
                at: Self.repository.appendingPathComponent("Fixtures/pages/\(name)"), to: folder.appendingPathComponent(name))
        }
        try Data("not an image at all".utf8).write(to: folder.appendingPathComponent("broken.png"))
        archivePath = base.appendingPathComponent("archive.sqlite").path
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng,chi_sim,deu"), jobs: 2)
        _ = try ArchiveScan(ArchiveScan.Request(input: folder, configuration: configuration, archive: archivePath)).run()

        // A page whose recognized text is markup, as a hostile or unlucky page could be.
        let hostileFolder = base.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: hostileFolder, withIntermediateDirectories: true)
        let image = hostileFolder.appendingPathComponent("evil.png")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("de_brief.png"), to: image)
        var record = try Self.firstRecord(of: archivePath, source: "de_brief.png")
        record.source = "evil.png"
        record.text = "<script>alert(1)</script> quarantine \"quoted\" & <img src=x onerror=alert(2)>"
        record.words = [RecognizedSpan(text: "<script>alert(1)</script>", confidence: 90, box: PageBox(x: 10, y: 10, width: 200, height: 30))]
        record.keywords = ["<b>bold</b>", "quarantine"]
        _ = try RecordImport(records: [record], root: hostileFolder, archive: archivePath).run()
        archive = try ArchiveLocation.open(archivePath, create: false)
    }

    static func firstRecord(of archivePath: String, source: String) throws -> PageRecord {
        var found: PageRecord?
        try ArchiveLocation.open(archivePath, create: false).forEachPage(.all) { page in
            if found == nil, page.record.source == source { found = page.record }
        }
        guard let found else { throw CocoaError(.fileNoSuchFile) }
        return found
    }

    /// The archive id of the first page of `source`.
    func id(of source: String) throws -> Int64 {
        var id: Int64?
        try archive.forEachPage(.all) { page in
            if id == nil, page.record.source == source { id = page.id }
        }
        guard let id else { throw CocoaError(.fileNoSuchFile) }
        return id
    }
}

/// A server on a free loopback port for one test, stopped when the test's body returns.
enum TestServer {
    static func with<T: Sendable>(
        _ archive: any PageArchive, _ body: @Sendable (URL) async throws -> T
    ) async throws -> T {
        var server = ArchiveServer(archive: archive, host: "127.0.0.1", port: 0)
        server.quiet = true
        let (addresses, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task { try await server.run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = addresses.makeAsyncIterator()
        guard let url = await iterator.next() else { throw CancellationError() }
        return try await body(url)
    }

    /// Status, content type and body of a GET of `path` (already percent-encoded as it should go).
    static func get(_ path: String, from base: URL) async throws -> (status: Int, type: String, body: Data) {
        guard let url = URL(string: base.absoluteString + path) else { throw URLError(.badURL) }
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "Content-Type") ?? "", data)
    }

    static func text(_ path: String, from base: URL) async throws -> (status: Int, body: String) {
        let (status, _, data) = try await get(path, from: base)
        return (status, String(decoding: data, as: UTF8.self))
    }
}
