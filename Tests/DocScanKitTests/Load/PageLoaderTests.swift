import DocScanKit
import Foundation
import Testing

struct PageLoaderTests {
    private func load(_ url: URL, maxPixels: Int = 250_000_000) throws -> LoadedPage {
        let page = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: page, mode: .fast, languages: try LanguageList(parsing: "eng"))
        return try PageLoader(maxPixels: maxPixels).run(page, context: &context)
    }

    @Test func decodesAPage() throws {
        let loaded = try load(TestSupport.fixture("en_letter.png"))
        #expect(loaded.format == .png)
        #expect(loaded.image.width == 1653 && loaded.image.height == 2339)
        #expect(loaded.image.resolution == 200)
    }

    @Test func refusesPagesOverThePixelCapBeforeDecoding() throws {
        #expect(throws: PageError.self) { try load(TestSupport.fixture("en_letter.png"), maxPixels: 1_000_000) }
        do {
            _ = try load(TestSupport.fixture("en_letter.png"), maxPixels: 1_000_000)
        } catch let error as PageError {
            #expect(error.kind == .tooLarge)
            #expect(error.message.contains("1653×2339"))
        }
    }

    @Test func textNamedPngIsNotAnImage() throws {
        let folder = try TestSupport.temporaryFolder()
        let fake = folder.appendingPathComponent("fake.png")
        try Data("<html>404 Not Found</html>".utf8).write(to: fake)
        #expect(throws: PageError(.notAnImage, "the content is not an image in any supported format")) { try load(fake) }
    }

    @Test func truncatedPngFailsToDecode() throws {
        let folder = try TestSupport.temporaryFolder()
        let truncated = folder.appendingPathComponent("truncated.png")
        let bytes = try Data(contentsOf: TestSupport.fixture("en_letter.png"))
        try bytes.prefix(bytes.count / 3).write(to: truncated)
        do {
            _ = try load(truncated)
            Issue.record("a truncated PNG must not load")
        } catch let error as PageError {
            #expect(error.kind == .decodeFailed)
        }
    }
}
