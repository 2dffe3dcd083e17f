import DocScanCore
import DocScanKit
import DocScanServer
import Foundation
import Testing

/// `docscan serve` over HTTP, on a real archive scanned with Tesseract: what a person sees (search,
/// page view, browse), the JSON API, and what a hostile request or page gets.
@Suite(.serialized)
struct ArchiveServerTests {
    @Test func searchFindsRanksAndMarksTheQuerysWords() async throws {
        let fixture = try ServerFixture.make()
        let invoice = try fixture.id(of: "en_invoice.png"), report = try fixture.id(of: "zh_lab_report.png")
        try await TestServer.with(fixture.archive) { base in
            let english = try await TestServer.text("/?q=invoice", from: base)
            #expect(english.status == 200)
            #expect(english.body.contains("href=\"/pages/\(invoice)?q=invoice\""))
            #expect(english.body.contains("<mark>INVOICE</mark>") || english.body.contains("<mark>Invoice</mark>"), "\(english.body)")
            #expect(english.body.contains("src=\"/pages/\(invoice)/thumbnail\""))
            #expect(!english.body.contains("zh_lab_report.png"))

            // Chinese, percent-encoded as a browser sends it; the page's words found whole.
            let chinese = try await TestServer.text("/?q=%E8%9B%8B%E7%99%BD%E8%B4%A8", from: base)
            #expect(chinese.status == 200 && chinese.body.contains("href=\"/pages/\(report)?q="), "\(chinese.body)")
            #expect(chinese.body.contains("<mark>蛋白质</mark>"), "\(chinese.body)")

            // Filters: the German letter is not among pages read without German... all were; a language
            // filter that no page has finds nothing, and paging past the end says so.
            let filtered = try await TestServer.text("/?q=invoice&lang=fra", from: base)
            #expect(filtered.body.contains("No page has every word"))
            let empty = try await TestServer.text("/?q=%2A", from: base)
            #expect(empty.status == 400 && empty.body.contains("class=\"problem\""))
        }
    }

    @Test func thePageViewBoxesEveryWordAndHighlightsTheMatches() async throws {
        let fixture = try ServerFixture.make()
        let id = try fixture.id(of: "en_invoice.png")
        let record = try ServerFixture.firstRecord(of: fixture.archivePath, source: "en_invoice.png")
        let matching = record.words.filter { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) == "invoice" }.count
        #expect(matching >= 3)
        try await TestServer.with(fixture.archive) { base in
            let view = try await TestServer.text("/pages/\(id)?q=invoice", from: base)
            #expect(view.status == 200)
            #expect(view.body.components(separatedBy: "<rect class=\"word hit\"").count - 1 == matching)
            #expect(view.body.components(separatedBy: "<rect class=\"word").count - 1 == record.words.count)
            #expect(view.body.contains("viewBox=\"0 0 \(record.width ?? 0) \(record.height ?? 0)\""))
            #expect(view.body.contains("Northfield Hardware &amp; Garden"))

            // The image the boxes stand on: a JPEG of the page as read, and a thumbnail.
            let image = try await TestServer.get("/pages/\(id)/image", from: base)
            #expect(image.status == 200 && image.type == "image/jpeg" && image.body.starts(with: [0xFF, 0xD8]) && image.body.count > 20_000)
            let thumbnail = try await TestServer.get("/pages/\(id)/thumbnail", from: base)
            #expect(thumbnail.status == 200 && thumbnail.body.starts(with: [0xFF, 0xD8]) && thumbnail.body.count < image.body.count)
            let original = try await TestServer.get("/pages/\(id)/original", from: base)
            #expect(original.body == (try Data(contentsOf: fixture.folder.appendingPathComponent("en_invoice.png"))))
        }
    }

    @Test func hostileTextAndIdsGetNothingButEscapedTextAndNotFound() async throws {
        let fixture = try ServerFixture.make()
        let evil = try fixture.id(of: "evil.png")
        try await TestServer.with(fixture.archive) { base in
            let view = try await TestServer.text("/pages/\(evil)?q=quarantine", from: base)
            #expect(view.status == 200)
            #expect(!view.body.contains("<script") && !view.body.contains("<img src=x") && !view.body.contains("<b>bold"))
            #expect(view.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(view.body.contains("&lt;b&gt;bold&lt;/b&gt;"))
            let search = try await TestServer.text("/?q=quarantine", from: base)
            #expect(search.body.contains("href=\"/pages/\(evil)?q=quarantine\"") && !search.body.contains("<script"))
            let reflected = try await TestServer.text("/?q=%3Cscript%3Ealert(3)%3C%2Fscript%3E", from: base)
            #expect(!reflected.body.contains("<script>alert(3)"))

            for path in [
                "/pages/abc", "/pages/-1", "/pages/0", "/pages/99999999999999999999", "/pages/\(evil + 1000)",
                "/pages/..%2F..%2Fetc%2Fpasswd", "/pages/%2e%2e/%2e%2e/etc/passwd/original", "/pages/1%00/original",
                "/pages/%31/original%2F..%2F..%2Fetc%2Fpasswd", "/../../etc/passwd",
            ] {
                let answer = try await TestServer.text(path, from: base)
                #expect(answer.status == 404, "\(path): \(answer.status)")
                #expect(!answer.body.contains("root:x:0:0"), "\(path)")
            }
        }
    }

    @Test func theAPIAnswersInJSON() async throws {
        let fixture = try ServerFixture.make()
        let invoice = try fixture.id(of: "en_invoice.png")
        try await TestServer.with(fixture.archive) { base in
            let search = try await TestServer.get("/api/search?q=invoice&limit=5", from: base)
            #expect(search.status == 200 && search.type.hasPrefix("application/json"))
            let found = try #require(try JSONSerialization.jsonObject(with: search.body) as? [String: Any])
            let hits = try #require(found["hits"] as? [[String: Any]])
            #expect(hits.first?["id"] as? Int == Int(invoice) && hits.first?["source"] as? String == "en_invoice.png")
            #expect((hits.first?["snippet"] as? String)?.contains("[") == true && found["more"] as? Bool == false)

            let page = try #require(try JSONSerialization.jsonObject(with: try await TestServer.get("/api/pages/\(invoice)", from: base).body) as? [String: Any])
            let record = try #require(page["record"] as? [String: Any])
            #expect((record["text"] as? String)?.contains("Northfield Hardware") == true && page["image"] as? String == "/pages/\(invoice)/image")

            let failures = try #require(try JSONSerialization.jsonObject(with: try await TestServer.get("/api/failures", from: base).body) as? [[String: Any]])
            #expect(failures.count == 1 && failures.first?["source"] as? String == "broken.png")
            #expect((failures.first?["error"] as? String)?.hasPrefix("not_an_image") == true, "\(failures)")

            let keywords = try #require(try JSONSerialization.jsonObject(with: try await TestServer.get("/api/keywords", from: base).body) as? [[String: Any]])
            #expect(keywords.map { $0["root"] as? String } .contains(fixture.folder.path))

            // The pages people see answer what the API answers: the same hits in the same order, and
            // browse's keywords are /api/keywords' keywords.
            for query in ["invoice", "payment due", "%E8%9B%8B%E7%99%BD%E8%B4%A8", "h*"] {
                let api = try #require(try JSONSerialization.jsonObject(with: try await TestServer.get("/api/search?q=\(query)", from: base).body) as? [String: Any])
                let apiIDs = (api["hits"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
                let html = try await TestServer.text("/?q=\(query)", from: base).body
                let pageIDs = html.components(separatedBy: "<li class=\"hit\"").dropFirst().compactMap { item in
                    item.components(separatedBy: "href=\"/pages/").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
                }
                #expect(!apiIDs.isEmpty && pageIDs == apiIDs, "\(query): \(pageIDs) \(apiIDs)")
            }
            let ownKeywords = try #require(keywords.first { $0["root"] as? String == fixture.folder.path }?["keywords"] as? [[String: Any]])
            let browse = try await TestServer.text("/browse", from: base).body
            for keyword in ownKeywords.prefix(40).compactMap({ $0["keyword"] as? String }) {
                let escaped = keyword.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
                #expect(browse.contains(">\(escaped)</a>"), "\(keyword)")
            }

            let missing = try await TestServer.get("/api/pages/424242", from: base)
            #expect(missing.status == 404)
            let bad = try await TestServer.get("/api/search?q=", from: base)
            #expect(bad.status == 400)
        }
    }

    @Test func browseListsKeywordsPerFolderAndTheFailedPages() async throws {
        let fixture = try ServerFixture.make()
        try await TestServer.with(fixture.archive) { base in
            let browse = try await TestServer.text("/browse", from: base)
            #expect(browse.status == 200)
            #expect(browse.body.contains("<h2>\(fixture.folder.path)</h2>"))
            #expect(browse.body.contains("broken.png") && browse.body.contains("not_an_image"))
            #expect(browse.body.contains("3 pages read, 1 failed"), "\(browse.body)")
        }
    }

    @Test func aFileMovedAwaySaysSoInsteadOfAnImage() async throws {
        let fixture = try ServerFixture.make()
        // A copy of the archive whose pages point at a folder that is then removed.
        let folder = try ServerFixture.temporaryFolder().appendingPathComponent("moving")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.folder.appendingPathComponent("de_brief.png"), to: folder.appendingPathComponent("brief.png"))
        let archivePath = folder.deletingLastPathComponent().appendingPathComponent("moving.sqlite").path
        var record = try ServerFixture.firstRecord(of: fixture.archivePath, source: "de_brief.png")
        record.source = "brief.png"
        _ = try RecordImport(records: [record], root: folder, archive: archivePath).run()
        let archive = try ArchiveLocation.open(archivePath, create: false)
        var found: Int64 = 0
        try archive.forEachPage(.all) { found = $0.id }
        let id = found
        let file = folder.appendingPathComponent("brief.png")
        try await TestServer.with(archive) { base in
            // Shown while it is there, twice the same (the second from the server's image cache)...
            let first = try await TestServer.get("/pages/\(id)/image", from: base)
            let again = try await TestServer.get("/pages/\(id)/image", from: base)
            #expect(first.status == 200 && first.body.starts(with: [0xFF, 0xD8]) && again.body == first.body)
            // ...but a kept image is never served for a file that changed or went away since.
            try FileManager.default.removeItem(at: file)
            try FileManager.default.copyItem(at: fixture.folder.appendingPathComponent("en_invoice.png"), to: file)
            let changed = try await TestServer.text("/pages/\(id)/image", from: base)
            #expect(changed.status == 409 && changed.body.contains("has changed since it was scanned"))
            try FileManager.default.removeItem(at: file)
            let view = try await TestServer.text("/pages/\(id)", from: base)
            #expect(view.status == 200 && view.body.contains("is no longer there") && !view.body.contains("<svg"))
            let image = try await TestServer.text("/pages/\(id)/image", from: base)
            #expect(image.status == 404 && image.body.contains("moved or deleted"))
        }
    }
}
