import CLeptonica
import DocScanKit
import Foundation
import Testing

struct PageSourceTests {
    @Test func walksRecursivelyInSortedOrderSkippingHiddenAndNonImages() throws {
        let folder = try TestSupport.temporaryFolder()
        let sub = folder.appendingPathComponent("b-sub")
        let hidden = folder.appendingPathComponent(".hidden")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        let png = TestSupport.fixture("en_invoice.png")
        try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent("c.png"))
        try FileManager.default.copyItem(at: png, to: sub.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: png, to: hidden.appendingPathComponent("x.png"))
        try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent(".y.png"))
        // An image with a misleading name is found by its content; a text file is skipped.
        try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent("scan.dat"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        // A fake image keeps its place so that it gets an error record.
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("a-fake.jpg"))

        let listing = try PageSource(root: folder).list()
        #expect(listing.pages.map(\.relativePath) == ["a-fake.jpg", "b-sub/a.png", "c.png", "scan.dat"])
        #expect(listing.pages.map(\.format) == [nil, .png, .png, .png])
        #expect(listing.skipped == ["notes.txt"])
    }

    @Test func multiPageTiffGivesOnePagePerImage() throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("two.tif").path
        let pix = pixRead(TestSupport.fixture("en_invoice.png").path)
        defer { var p = pix; pixDestroy(&p) }
        #expect(pixWriteTiff(path, pix, Int32(IFF_TIFF_ZIP), "w") == 0)
        #expect(pixWriteTiff(path, pix, Int32(IFF_TIFF_ZIP), "a") == 0)

        let pages = try PageSource(root: folder).list().pages
        #expect(pages.map(\.page) == [1, 2])
        #expect(pages.allSatisfy { $0.pageCount == 2 && $0.format == .tiff })
        #expect(pages.map(\.displayName) == ["two.tif#1", "two.tif#2"])
    }

    @Test func singleFileIsItsOwnSource() throws {
        let pages = try PageSource(root: TestSupport.fixture("de_brief.png")).list().pages
        #expect(pages.map(\.relativePath) == ["de_brief.png"])
    }

    @Test func missingFolderIsAnInputError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/docscan")
        #expect(throws: DocScanError.inputNotFound(path: "/nonexistent/docscan")) { try PageSource(root: missing).list() }
    }

    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], ImageFormat.png),
        ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
        ([0x49, 0x49, 0x2A, 0x00], .tiff),
        (Array("P5\n".utf8), .pnm),
        (Array("GIF89a".utf8), .gif),
    ] as [([UInt8], ImageFormat)])
    func recognizesMagicBytes(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(magic: bytes) == format)
    }

    @Test func textIsNoImage() {
        #expect(ImageFormat(magic: Array("<html><body>404".utf8)) == nil)
    }
}
