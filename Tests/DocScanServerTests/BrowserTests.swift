import DocScanCore
import DocScanKit
import Foundation
import Testing

/// The pages in a real browser: Debian's headless chromium, driven through chromedriver, types a query
/// into the search box as a person would, follows the hit to the page view, and the test reads what
/// chromium rendered: the result list, the marked words, and the highlighted boxes over the page image.
@Suite(.serialized)
struct BrowserTests {
    @Test func aQueryTypedInTheBrowserListsThePageAndItsViewHighlightsTheWordsWhereTheyStand() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"), "make setup installs chromium-driver")
        let fixture = try ServerFixture.make()
        let invoice = try fixture.id(of: "en_invoice.png")
        let record = try ServerFixture.firstRecord(of: fixture.archivePath, source: "en_invoice.png")
        func words(_ word: String) -> [RecognizedSpan] {
            record.words.filter { $0.text.lowercased().trimmingCharacters(in: .punctuationCharacters) == word }
        }
        let payments = words("payment"), dues = words("due")
        #expect(!payments.isEmpty && !dues.isEmpty)
        let width = try #require(record.width), height = try #require(record.height)

        try await TestServer.with(fixture.archive) { base in
            let browser = try await WebDriver.start()
            do {
                try await browser.navigate(to: base)
                let box = try await browser.element("header input[name=q]")
                try await browser.type("payment due\u{E007}", into: box)
                try await browser.waitForPage(at: base.absoluteString + "/?q=")

                // The form went as browsers send it, and the result list shows the one matching page.
                #expect(try await browser.currentURL() == base.absoluteString + "/?q=payment+due")
                let hits = try await browser.elements("li.hit")
                #expect(hits.count == 1)
                let marks = try await browser.elements("li.hit mark")
                var marked: [String] = []
                for mark in marks { marked.append(try await browser.text(mark)) }
                #expect(marked.contains("Payment") && marked.contains("due"), "\(marked)")
                #expect(try await browser.attribute("value", of: browser.element("header input[name=q]")) == "payment due")

                // Following the hit opens its page view.
                try await browser.click(try await browser.element("li.hit a[href^='/pages/']"))
                try await browser.waitForPage(at: base.absoluteString + "/pages/")
                #expect(try await browser.currentURL() == base.absoluteString + "/pages/\(invoice)?q=payment%20due")

                // The image served is the page as read, the size the word boxes were measured on.
                let size = try await browser.evaluate("""
                    return (async () => {
                        const image = new Image();
                        image.src = arguments[0];
                        await image.decode();
                        return [image.naturalWidth, image.naturalHeight];
                    })();
                    """, ["/pages/\(invoice)/image"]) as? [Int]
                #expect(size == [width, height])

                // Every "payment" and "due" is highlighted, and each box stands over its word on the drawn page.
                let highlighted = try await browser.elements("svg rect.word.hit")
                #expect(highlighted.count == payments.count + dues.count)
                let page = try await browser.rect(browser.element("svg"))
                let scale = page.width / Double(width)
                #expect(abs(page.height - Double(height) * scale) < 2)
                var drawn: [WebDriver.Rect] = []
                for element in highlighted { drawn.append(try await browser.rect(element)) }
                for word in payments + dues {
                    let expected = WebDriver.Rect(
                        x: page.x + Double(word.box.x) * scale, y: page.y + Double(word.box.y) * scale,
                        width: Double(word.box.width) * scale, height: Double(word.box.height) * scale)
                    #expect(drawn.contains { abs($0.x - expected.x) < 1.5 && abs($0.y - expected.y) < 1.5
                        && abs($0.width - expected.width) < 1.5 && abs($0.height - expected.height) < 1.5 },
                        "no highlighted box at \(expected) for \(word.text) among \(drawn)")
                }
                #expect(try await browser.elements("pre.text mark").count == payments.count + dues.count)
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        }
    }

    @Test func aChineseQueryTypedInTheBrowserFindsTheChinesePage() async throws {
        let fixture = try ServerFixture.make()
        let report = try fixture.id(of: "zh_lab_report.png"), invoice = try fixture.id(of: "en_invoice.png")
        try await TestServer.with(fixture.archive) { base in
            let browser = try await WebDriver.start()
            do {
                try await browser.navigate(to: base)
                try await browser.type("蛋白质\u{E007}", into: browser.element("header input[name=q]"))
                try await browser.waitForPage(at: base.absoluteString + "/?q=")
                let links = try await browser.elements("li.hit a[href^='/pages/']")
                var targets: [String] = []
                for link in links { targets.append(try await browser.attribute("href", of: link) ?? "") }
                #expect(targets.contains { $0.hasPrefix("/pages/\(report)?q=") }, "\(targets)")
                #expect(!targets.contains { $0.hasPrefix("/pages/\(invoice)?") })
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        }
    }
}
