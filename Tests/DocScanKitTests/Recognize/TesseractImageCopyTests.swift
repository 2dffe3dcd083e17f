import CLeptonica
import CTesseract
import DocScanCore
import DocScanKit
@testable import DocScanNative
import Foundation
import Testing

/// Tesseract copies every image it is given; the wrappers keep a page once, not twice, without changing
/// what Tesseract sees.
struct TesseractImageCopyTests {
    /// OSD is handed the 1-bit image Tesseract would make of the grey page, instead of the grey page and
    /// its two grey copies: it must be Tesseract's own, pixel for pixel. The pages: dark print on white
    /// (Latin and Chinese), a page with a dark banner, the letter inverted (light print on a dark ground:
    /// the lighter side is the ink), a page of one level (no ink), and the letter at OSD's working size.
    @Test func osdIsHandedTheImageTesseractWouldThresholdItself() throws {
        let letter = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path))
        let inverted = try #require(PixImage(taking: letter.withUnsafePix { pixInvert(nil, $0) }))
        let blank = try #require(PixImage(taking: pixCreate(300, 200, 8)))
        blank.withUnsafePix { _ = pixSetAllArbitrary($0, 180) }
        let pages: [(String, PixImage)] = [
            ("en_letter", letter),
            ("zh_notice", try #require(PixImage(reading: TestSupport.fixture("zh_notice.png").path))),
            ("banner", try #require(PixImage(reading: TestSupport.special("inverted/en_letter_banner.png").path))),
            ("inverted", inverted),
            ("blank", blank),
            ("reduced", try #require(letter.scaled(by: 0.6))),
        ]
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        let osd = try #require(configuration.osdModel)
        let api = try #require(TessBaseAPICreate())
        defer {
            TessBaseAPIEnd(api)
            TessBaseAPIDelete(api)
        }
        try #require(TessBaseAPIInit3(api, (osd.path as NSString).deletingLastPathComponent, "osd") == 0)
        for (name, page) in pages {
            try #require(page.depth == 8, "\(name)")
            let ours = try #require(page.binarizedAsTesseractWould(), "\(name)")
            page.withUnsafePix { TessBaseAPISetImage2(api, $0) }
            let theirs = try #require(PixImage(taking: TessBaseAPIGetThresholdedImage(api)), "\(name)")
            TessBaseAPIClear(api)
            var same: Int32 = 0
            _ = ours.withUnsafePix { ours in theirs.withUnsafePix { pixEqual(ours, $0, &same) } }
            #expect(same == 1, "\(name): ours \(ours.setPixelCount ?? -1) ink pixels, Tesseract's \(theirs.setPixelCount ?? -1)")
            #expect((ours.width, ours.height) == (page.width, page.height))
        }
        // Not trivially equal: print is a few percent of a letter, and the inverted letter's ink is its
        // light side, as many pixels as the letter's.
        let letterInk = try #require(letter.binarizedAsTesseractWould()?.setPixelCount)
        #expect(letterInk > letter.width * letter.height / 100 && letterInk < letter.width * letter.height / 5)
        #expect(inverted.binarizedAsTesseractWould()?.setPixelCount == letterInk)
        #expect(blank.binarizedAsTesseractWould()?.setPixelCount == 0)
    }

    /// A page read takes Tesseract's copy of its pixels and lets its own go: the same pixels afterwards,
    /// the same text, its own storage gone, and Tesseract's copy its alone once Tesseract is cleared.
    @Test func aPageReadKeepsItsPixelsInTesseractsCopy() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let engine = try TesseractEngine(scanning: configuration.models, userWordsFile: nil)
        let page = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path))
        let before = try #require(PixImage(taking: page.withUnsafePix { pixCopy(nil, $0) }))
        let storage = page.withUnsafePix { UInt(bitPattern: $0) }

        let read = try engine.recognize(page, resolution: 300, deadline: PageDeadline(limit: nil))
        #expect(read.lines.first?.text == "Harbourside Dental Practice")
        var same: Int32 = 0
        _ = page.withUnsafePix { page in before.withUnsafePix { pixEqual(page, $0, &same) } }
        #expect(same == 1)
        #expect(page.withUnsafePix { UInt(bitPattern: $0) } != storage)
        #expect(page.withUnsafePix { pixGetRefcount($0) } == 1)

        // Read again, from the shared copy: the same reading.
        let again = try engine.recognize(page, resolution: 300, deadline: PageDeadline(limit: nil))
        #expect(again.text == read.text)
    }
}
