import DocScanKit
import Foundation
import Testing

/// The pages in a real browser: Debian's chromium, headless, loads the search page as a person's query
/// submits it and the page view it links to, and the test reads the DOM chromium rendered.
@Suite(.serialized)
struct BrowserTests {
    /// chromium's DOM of `url` after loading, with a profile of its own (HOME may not be writable).
    private func renderedDOM(_ url: URL) throws -> String {
        let scratch = try ServerFixture.temporaryFolder()
        let output = scratch.appendingPathComponent("dom.html")
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
            "--user-data-dir=\(scratch.appendingPathComponent("profile").path)", "--virtual-time-budget=5000",
            "--dump-dom", url.absoluteString,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch.path
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "chromium exited \(process.terminationStatus)")
        return try String(contentsOf: output, encoding: .utf8)
    }

    @Test func aQueryInTheBrowserListsThePageAndItsViewHighlightsTheWords() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), "make setup installs chromium")
        let fixture = try ServerFixture.make()
        let invoice = try fixture.id(of: "en_invoice.png")
        let record = try ServerFixture.firstRecord(of: fixture.archivePath, source: "en_invoice.png")
        let matching = record.words.filter { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) == "payment" }.count
        #expect(matching >= 1)
        try await TestServer.with(fixture.archive) { base in
            // What the search box submits for "payment due".
            let results = try renderedDOM(URL(string: base.absoluteString + "/?q=payment+due")!)
            let items = results.components(separatedBy: "<li class=\"hit\"").count - 1
            #expect(items == 1, "\(results)")
            #expect(results.contains("href=\"/pages/\(invoice)?q=payment%20due\""), "\(results)")
            #expect(results.contains("<mark>Payment</mark>") && results.contains("<mark>due</mark>"), "\(results)")
            // The search box keeps the query the person typed.
            #expect(results.contains("value=\"payment due\""))

            let view = try renderedDOM(URL(string: base.absoluteString + "/pages/\(invoice)?q=payment%20due")!)
            let dues = record.words.filter { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) == "due" }.count
            #expect(view.components(separatedBy: "class=\"word hit\"").count - 1 == matching + dues, "\(view.prefix(3000))")
            #expect(view.contains("<image href=\"/pages/\(invoice)/image\""))
        }
    }
}
