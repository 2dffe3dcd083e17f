import CLeptonica
import DocScanCore
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

    /// A PDF renamed `.png` keeps its place, and its error says what it is and what to do.
    @Test func aPDFNamedAsAnImageSaysWhatItIs() throws {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("letter.png")
        try Data("%PDF-1.7\n%âãÏÓ\n1 0 obj\n".utf8).write(to: url)
        let error = try #require(throws: PageError.self) { try load(url) }
        #expect(error.kind == .notAnImage)
        #expect(error.message.hasPrefix("the content is a PDF: docscan reads page images"), "\(error.message)")
    }

    /// A HEIC file libheif cannot open (a photo cut off after its first bytes) fails with the reason.
    @Test func aDamagedHeicPhotoFailsToDecode() throws {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("IMG_0001.HEIC")
        let whole = try Data(contentsOf: TestSupport.special("formats/invoice.heic"))
        try whole.prefix(600).write(to: url)
        let error = try #require(throws: PageError.self) { try load(url) }
        #expect(error.kind == .decodeFailed)
        #expect(error.message == "the HEIF header cannot be read (damaged or truncated file)", "\(error.message)")
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

    @Test func aHundredMegapixelPhotoIsReadAtReducedSizeAndReadsTheSame() throws {
        // A 100-megapixel colour JPEG, made here from the RGB invoice photo scaled 7.3 times.
        let folder = try TestSupport.temporaryFolder()
        let big = folder.appendingPathComponent("photo.jpg")
        var source = pixRead(TestSupport.special("formats/invoice_rgb.jpg").path)
        var scaled = pixScale(source, 7.3, 7.3)
        pixDestroy(&source)
        #expect(pixWriteJpeg(big.path, scaled, 80, 0) == 0)
        let stored = (width: Int(pixGetWidth(scaled)), height: Int(pixGetHeight(scaled)))
        pixDestroy(&scaled)
        #expect(stored.width * stored.height >= 100_000_000)

        let page = try #require(try PageSource(root: big).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        let loaded = try PageLoader(workingSize: 3500).run(page, context: &context)
        #expect(loaded.originalWidth == stored.width && loaded.originalHeight == stored.height)
        #expect(max(loaded.image.width, loaded.image.height) == 3500)
        #expect(loaded.image.depth == 8)
        #expect(abs(loaded.scale - 3500 / Double(max(stored.width, stored.height))) < 0.001)
        #expect(PageLoader.jpegReduction(longSide: stored.height, workingSize: 3500) == 2)
        #expect(PageLoader.jpegReduction(longSide: 6999, workingSize: 3500) == nil)

        // What the page says is still read.
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let record = try PagePipeline(configuration: configuration).process(page)
        #expect(record.error == nil)
        #expect(record.text.contains("Northfield Hardware"))
    }
}
