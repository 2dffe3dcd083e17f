import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Hostile input through the real executable: every bad file is named with its reason, every good
/// page is still read, and the exit status says whether a page failed.
struct BadInputTests {
    private static let bad = DocScanProcess.root.appendingPathComponent("Fixtures/bad")
    private static let heading = DocScanProcess.root.appendingPathComponent("Fixtures/timing/invoice_heading.png")

    @Test func aFolderOfBadFilesFailsThoseAndReadsTheRest() throws {
        let folder = try DocScanProcess.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.bad.path) where name != "bomb.png" {
            try FileManager.default.copyItem(at: Self.bad.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let formats = DocScanProcess.root.appendingPathComponent("Fixtures/formats")
        for name in ["invoice_16bit.png", "invoice_cmyk.jpg"] {
            try FileManager.default.copyItem(at: formats.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: Self.heading, to: folder.appendingPathComponent("good.png"))
        // A folder named like an image is walked, not read; a FIFO would block the first read for ever.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("album.png"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.heading, to: folder.appendingPathComponent("album.png/inner.png"))
        #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o644) == 0)
        // A name that is not UTF-8 (Latin-1 "café.png"), made with the raw bytes: Swift strings cannot hold it.
        let rawPath = Array((folder.path + "/caf").utf8) + [0xE9] + Array(".png".utf8) + [0]
        let image = try Data(contentsOf: Self.heading)
        let written = rawPath.withUnsafeBufferPointer { buffer -> Bool in
            guard let path = buffer.baseAddress else { return false }
            let descriptor = path.withMemoryRebound(to: CChar.self, capacity: rawPath.count) { open($0, O_WRONLY | O_CREAT, 0o644) }
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return image.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == image.count
        }
        #expect(written)

        let result = try DocScanProcess.run(["scan", folder.path, "--mode", "fast", "--no-archive", "--jsonl", "-"])
        #expect(result.status == ExitStatus.somePagesFailed.rawValue, "\(result.stderr)")
        let records = try DocScanProcess.records(result.stdout)
        func record(_ source: String) -> [String: Any]? { records.first { $0["source"] as? String == source } }
        func failure(_ source: String) -> (kind: String?, message: String?) {
            let error = record(source)?["error"] as? [String: Any]
            return (error?["kind"] as? String, error?["message"] as? String)
        }
        let expected: [(String, String, String)] = [
            ("empty.png", "not_an_image", "the file is empty (0 bytes)"),
            ("notes.jpg", "not_an_image", "the content is not an image in any supported format"),
            ("error_page.png", "not_an_image", "the content is not an image in any supported format"),
            ("truncated.png", "decode_failed", "the PNG data cannot be decoded (damaged or truncated file); the decoder said: libpng error: Read Error"),
            ("truncated.jpg", "decode_failed", "the JPEG data cannot be decoded (damaged or truncated file); the decoder said: Premature end of JPEG file"),
            ("truncated.tif", "decode_failed", "the TIFF header cannot be read (damaged or truncated file)"),
            ("bad_crc.png", "decode_failed", "the PNG data cannot be decoded (damaged or truncated file); the decoder said: libpng error: IDAT: invalid literal/lengths set"),
            ("huge_header.png", "too_large", "100000×100000 is 10000 megapixels, over the limit of 250"),
        ]
        for (source, kind, message) in expected {
            #expect(failure(source).kind == kind, "\(source)")
            #expect(failure(source).message == message, "\(source)")
            #expect(result.stderr.contains("\(source): \(message) [\(kind)]"))
        }
        // The decoders' own lines are in the records, not loose on standard error (libjpeg and libpng
        // print them there; the workers take them in), nor Leptonica's from listing a damaged TIFF.
        for line in result.stderr.split(separator: "\n") {
            #expect(line.hasPrefix("docscan: ") || line.hasPrefix("Scanned ") || line.hasPrefix("Records: ") || line.hasPrefix("Skipped ") || line.hasPrefix("Not read: "),
                    "a line not docscan's: \(line)")
        }
        // Readable pages: text where there is text, a warning where there is none.
        for source in ["good.png", "album.png/inner.png", "invoice_16bit.png", "invoice_cmyk.jpg", "animated.gif"] {
            #expect(record(source)?["error"] is NSNull, "\(source)")
            #expect((record(source)?["text"] as? String)?.contains("Northfield Hardware") == true, "\(source)")
        }
        for source in ["white.png", "black.png", "one_pixel.png"] {
            #expect(record(source)?["error"] is NSNull, "\(source)")
            #expect(record(source)?["text"] as? String == "", "\(source)")
            #expect((record(source)?["warnings"] as? [String])?.contains("no text was recognized on the page (blank, or not a text page)") == true)
        }
        // A multi-page TIFF whose second page's strips point past the end of the file: that page alone fails.
        let tiffPages = records.filter { $0["source"] as? String == "broken_page2.tif" }
        #expect(tiffPages.map { $0["page"] as? Int } == [1, 2, 3])
        for page in tiffPages {
            let broken = page["page"] as? Int == 2
            #expect(((page["error"] as? [String: Any])?["kind"] as? String == "decode_failed") == broken)
            #expect((page["text"] as? String)?.contains("Northfield Hardware") == !broken)
        }
        #expect(result.stderr.contains("broken_page2.tif#2: the TIFF data cannot be decoded (damaged or truncated file) [decode_failed]"))
        // The page with a Latin-1 name is read, and named with the byte that is not UTF-8 spelled out.
        let latin1 = try #require(record("caf\\xE9.png"), "\(records.map { $0["source"] ?? "" })")
        #expect(latin1["error"] is NSNull)
        #expect((latin1["text"] as? String)?.contains("Northfield Hardware") == true)
        #expect(latin1["file_size"] as? Int == image.count)
        #expect(records.count == expected.count + 8 + 3 + 1)
        #expect(result.stderr.contains("warning: pipe.png: a FIFO (named pipe), not a file; skipped"))
        #expect(result.stderr.contains("warning: caf\\xE9.png: the name is not valid UTF-8; records show \\xNN for each byte that is not"))
    }

    @Test func aVeryLongPathIsReadAndItsRecordNamesIt() throws {
        var folder = try DocScanProcess.temporaryFolder()
        let root = folder
        for _ in 0..<28 { folder.appendPathComponent(String(repeating: "d", count: 120)) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Foundation's copyItem cuts such a destination at 1,024 bytes here; writing the bytes does not.
        let deep = folder.appendingPathComponent("deep.png")
        try Data(contentsOf: Self.heading).write(to: deep)
        var status = stat()
        #expect(stat(deep.path, &status) == 0 && status.st_size > 0)
        #expect(deep.path.utf8.count > 3000)
        let result = try DocScanProcess.run(["scan", root.path, "--mode", "fast", "--no-archive", "--jsonl", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try DocScanProcess.records(result.stdout).first)
        #expect(record["source"] as? String == String(deep.path.dropFirst(root.path.count + 1)))
        #expect((record["source"] as? String)?.hasPrefix("ddd") == true)
        #expect((record["text"] as? String)?.contains("Northfield Hardware") == true)
    }

    /// A TIFF of 2.8 KB whose third page claims 16384×20500 (found by the fuzzer): the cap applies to
    /// each page's own header, so that page is refused before anything is decoded.
    @Test func aBombOnALaterTiffPageIsRefusedFromItsHeader() throws {
        let file = DocScanProcess.root.appendingPathComponent("Fixtures/fuzz/regressions/tiff_third_page_bomb.tif")
        let result = try DocScanProcess.run(["scan", file.path, "--mode", "fast", "--no-archive", "--jsonl", "-"])
        #expect(result.status == ExitStatus.somePagesFailed.rawValue, "\(result.stderr)")
        let records = try DocScanProcess.records(result.stdout)
        #expect(records.map { $0["page"] as? Int } == [1, 2, 3])
        #expect(records.map { ($0["error"] as? [String: Any])?["kind"] as? String } == [nil, nil, "too_large"])
        #expect(result.stderr.contains("tiff_third_page_bomb.tif#3: 16384×20500 is 335 megapixels, over the limit of 250 [too_large]"))
        let worker = try #require(result.stderr.firstMatch(of: /each worker at most (\d+) MB/).flatMap { Int($0.1) })
        #expect(worker < 150, "a worker's peak memory \(worker) MB")
    }

    /// A file the user running docscan may not read. Root reads everything, so as root the scan runs as
    /// `nobody` (util-linux's setpriv), for whom the file is as unreadable as for any other user.
    @Test func anUnreadableFileIsNamedWithItsReasonAndTheRestIsRead() throws {
        // nobody may be unable to enter the clone, the build folder or $TMPDIR, so it runs a copy of
        // docscan on a folder beside it, where every user may enter.
        let copy = getuid() == 0 ? try DocScanProcess.copyForAllUsers() : nil
        defer { if let copy { try? FileManager.default.removeItem(at: copy.folder) } }
        let folder = try copy.map { $0.folder.appendingPathComponent("scans") } ?? DocScanProcess.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let readable = folder.appendingPathComponent("good.png")
        try FileManager.default.copyItem(at: Self.heading, to: readable)
        let locked = folder.appendingPathComponent("locked.png")
        try FileManager.default.copyItem(at: Self.heading, to: locked)
        #expect(chmod(readable.path, 0o644) == 0)
        #expect(chmod(locked.path, 0) == 0)
        #expect(chmod(folder.path, 0o755) == 0)
        let arguments = ["scan", folder.path, "--mode", "fast", "--no-archive", "--jsonl", "-"]
        let result: DocScanProcess.Result
        if let copy {
            // nobody cannot read root's home, so no model or archive path may point there: fast mode
            // reads the system's tessdata_fast models.
            let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", copy.executable.path]
            result = try DocScanProcess.run(
                arguments, environment: ["HOME": "/nonexistent", "DOCSCAN_MODELS": "/nonexistent"], command: nobody,
                directory: copy.folder)
        } else {
            result = try DocScanProcess.run(arguments)
        }
        #expect(result.status == ExitStatus.somePagesFailed.rawValue, "\(result.stderr)")
        #expect(result.stderr.contains("locked.png: cannot open the file for reading: permission denied [unreadable]"), "\(result.stderr)")
        let records = try DocScanProcess.records(result.stdout)
        #expect(records.count == 2)
        let record = try #require(records.first { $0["source"] as? String == "locked.png" })
        #expect((record["error"] as? [String: Any])?["kind"] as? String == "unreadable")
        #expect(record["sha256"] is NSNull)
        let good = try #require(records.first { $0["source"] as? String == "good.png" })
        #expect((good["text"] as? String)?.contains("Northfield Hardware") == true)
    }

    @Test func aFileDeletedDuringTheScanFailsAloneAndTheRunGoesOn() throws {
        let folder = try DocScanProcess.folder(copies: 8, of: "en_letter.png")
        let output = folder.appendingPathComponent("records.jsonl")
        let process = try DocScanProcess.start(
            ["scan", folder.path, "--mode", "fast", "--jobs", "1", "--no-archive", "--jsonl", output.path, "--quiet"])
        // Once the first page is written, the last one disappears.
        DocScanProcess.waitForContent(of: output)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("p7.png"))
        process.waitUntilExit()
        #expect(process.terminationStatus == ExitStatus.somePagesFailed.rawValue)
        let records = try DocScanProcess.records(String(contentsOf: output, encoding: .utf8))
        #expect(records.count == 8)
        let gone = try #require(records.first { $0["source"] as? String == "p7.png" })
        #expect((gone["error"] as? [String: Any])?["kind"] as? String == "unreadable")
        #expect(records.filter { $0["error"] is NSNull }.count == 7)
    }
}
