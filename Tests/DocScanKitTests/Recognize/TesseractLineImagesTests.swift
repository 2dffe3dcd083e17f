import DocScanCore
import DocScanKit
@testable import DocScanNative
import Foundation
import Testing

/// Tesseract writes each line it reads as a PNG in memory and reads it back; while it reads, those PNGs are
/// stored rather than compressed (`CLineImages.h`). That holds only as long as the executable takes
/// Leptonica's calls to libpng, which a change of linker or flags could silently undo.
struct TesseractLineImagesTests {
    @Test func linesAreStoredWhileReadingAndPNGsWrittenOtherwiseAreCompressed() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let engine = try TesseractEngine(scanning: configuration.models, userWordsFile: nil)
        let page = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path))
        let before = TesseractEngine.storedLineImages
        let read = try engine.recognize(page, resolution: 300, deadline: PageDeadline(limit: nil))
        #expect(read.lines.first?.text == "Harbourside Dental Practice")
        #expect(read.lines.count >= 20)
        // At least one image a line (other tests reading at the same time only add to the count).
        #expect(TesseractEngine.storedLineImages - before >= read.lines.count)

        // Out of the reading, on the same thread, a PNG is compressed as before: the letter's 8-bit page
        // stored would take its width times its height in bytes; compressed, a small part of that.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("line-images-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try #require(page.depth == 8)
        #expect(page.writePNG(to: file.path))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size > 0 && size < page.width * page.height / 5, "\(size) bytes for \(page.width) x \(page.height)")
    }
}
