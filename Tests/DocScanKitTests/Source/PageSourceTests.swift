import CLeptonica
import DocScanCore
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

    /// An iPhone's HEIC photos and AVIFs are pages, found by their first bytes (an `ftyp` box with a
    /// HEIF brand); a PDF is named with what to do, not passed over as a non-image file; an MP4 video,
    /// an ISO media file too, is one.
    @Test func heicPhotosArePagesAndPDFsAreNamedWithWhatToDo() throws {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(at: TestSupport.fixture("en_invoice.png"), to: folder.appendingPathComponent("page.png"))
        for (name, brand) in [("IMG_0001.HEIC", "heic"), ("IMG_0002.data", "mif1"), ("shot.avif", "avif"), ("clip.mp4", "isom")] {
            try Data([0, 0, 0, 0x18] + Array("ftyp\(brand)".utf8) + [UInt8](repeating: 7, count: 64))
                .write(to: folder.appendingPathComponent(name))
        }
        try Data("%PDF-1.7\n%âãÏÓ\n".utf8).write(to: folder.appendingPathComponent("letter.pdf"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let listing = try PageSource(root: folder).list()
        #expect(listing.pages.map(\.relativePath) == ["IMG_0001.HEIC", "IMG_0002.data", "page.png", "shot.avif"])
        #expect(listing.pages.map(\.format) == [.heif, .heif, .png, .heif])
        #expect(listing.skipped == ["clip.mp4", "notes.txt"])
        #expect(listing.notRead == ["letter.pdf"])
        let warning = try #require(listing.warnings.first { $0.entry == "letter.pdf" })
        #expect(warning.problem.hasPrefix("a PDF: docscan reads page images"), "\(warning)")
        #expect(warning.problem.contains("pdftoppm") && warning.problem.hasSuffix("; skipped"))
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

    /// Names that are not UTF-8 cannot be held by a Swift string: such files are reached by their bytes,
    /// inside a folder whose own name is not UTF-8 too, and named with `\xNN` for those bytes.
    @Test func filesNamedOutsideUTF8AreListedAndReadable() throws {
        let folder = try TestSupport.temporaryFolder()
        let image = try Data(contentsOf: TestSupport.fixture("en_invoice.png"))
        func create(_ path: [UInt8], folder isFolder: Bool = false) -> Bool {
            let done = (path + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { name -> Bool in
                    guard let name = name.baseAddress else { return false }
                    if isFolder { return mkdir(name, 0o755) == 0 }
                    let descriptor = open(name, O_WRONLY | O_CREAT, 0o644)
                    defer { close(descriptor) }
                    return descriptor >= 0 && image.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == image.count
                }
            }
            return done
        }
        let base = Array(folder.path.utf8) + [UInt8(ascii: "/")]
        #expect(create(base + Array("caf".utf8) + [0xE9] + Array(".png".utf8)))
        #expect(create(base + Array("caf".utf8) + [0xE8] + Array(".png".utf8)))
        #expect(create(base + [0x80, 0xFF], folder: true))
        #expect(create(base + [0x80, 0xFF] + Array("/inner.png".utf8)))
        try image.write(to: folder.appendingPathComponent("plain.png"))

        let listing = try PageSource(root: folder).list()
        #expect(listing.pages.map(\.relativePath) == ["\\x80\\xFF/inner.png", "caf\\xE8.png", "caf\\xE9.png", "plain.png"])
        #expect(listing.pages.allSatisfy { $0.format == .png && $0.fileSize == Int64(image.count) })
        for page in listing.pages {
            #expect(try FileHasher.sha256(of: page.url) == FileHasher.sha256(of: folder.appendingPathComponent("plain.png")))
        }
        #expect(listing.warnings.map(\.description).contains("caf\\xE9.png: the name is not valid UTF-8; records show \\xNN for each byte that is not"))
        #expect(listing.warnings.map(\.description).contains("\\x80\\xFF: the name is not valid UTF-8; records show \\xNN for each byte that is not"))
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
