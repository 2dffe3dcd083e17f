import DocScanCore
import DocScanKit
import Foundation
import Testing

/// `--files-from`: reading a list, and listing the pages it names.
struct FileListTests {
    @Test func entriesAreSplitByNewlinesOrNulBytes() throws {
        #expect(try FileList(data: Data("a.png\n\nb/c d.png\n".utf8), nulSeparated: false, name: "list").paths == ["a.png", "b/c d.png"])
        #expect(try FileList(data: Data("a\nb.png\u{0}c.png\u{0}".utf8), nulSeparated: true, name: "list").paths == ["a\nb.png", "c.png"])
        let list = FileList(paths: ["x.png", "名前.png"])
        #expect(try FileList(data: list.data(nulSeparated: true), nulSeparated: true, name: "list") == list)
        #expect(throws: DocScanError.self) { try FileList(data: Data([0x61, 0xFF, 0x0A]), nulSeparated: false, name: "list") }
        #expect(throws: DocScanError.self) { try FileList(data: Data("a.png\u{0}b.png\n".utf8), nulSeparated: false, name: "list") }
        #expect(throws: DocScanError.badFileList(path: "/nonexistent/list", reason: "cannot read the file list: no such file or directory")) {
            try FileList(reading: "/nonexistent/list", nulSeparated: false)
        }
    }

    @Test func aListNamesPagesUnderTheRootOnly() throws {
        let root = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try TestSupport.copy(["en_letter.png"], to: root)
        try FileManager.default.copyItem(at: TestSupport.fixture("en_invoice.png"), to: root.appendingPathComponent("sub/invoice.png"))
        try FileManager.default.copyItem(at: TestSupport.special("formats/letters.tif"), to: root.appendingPathComponent("letters.tif"))
        let outside = try TestSupport.temporaryFolder().appendingPathComponent("outside.png")
        try FileManager.default.copyItem(at: TestSupport.fixture("de_brief.png"), to: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link.png"), withDestinationURL: outside)

        let listing = try PageSource(root: root).list(FileList(paths: [
            "sub/invoice.png", "./en_letter.png", root.appendingPathComponent("letters.tif").path, "sub/../en_letter.png",
            "../outside.png", outside.path, "sub", "link.png", "gone.png",
        ]))
        let tiffPages = try #require(listing.pages.first { $0.relativePath == "letters.tif" }).pageCount
        #expect(tiffPages > 1)
        // Walk order, each file once; the gone file is a page whose load will say so.
        #expect(listing.pages.map(\.displayName) == ["en_letter.png", "gone.png"] + (1...tiffPages).map { "letters.tif#\($0)" } + ["sub/invoice.png"])
        #expect(listing.pages.first { $0.relativePath == "gone.png" }?.format == nil)
        #expect(listing.notRead == ["../outside.png", outside.path, "sub", "link.png"])
        #expect(listing.warnings.count == 4)
        #expect(listing.warnings.contains { $0.description.hasPrefix("link.png: a symbolic link out of the scanned folder") })
        #expect(listing.warnings.contains { $0.description.hasPrefix("sub: listed, but a folder") })
    }
}
