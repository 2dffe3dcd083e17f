import DocScanCore
import DocScanNative
import Foundation
@testable import DocScanKit
import Testing

/// A dark border along the page's edge that pulls Tesseract's split of ink from paper is painted over.
struct DarkBorderTests {
    /// A receipt in light grey print with the scanner lid's black band across its top and a dark strip
    /// down its side (`Fixtures/sparse/border_receipt.png`): Tesseract reads nothing on it (the
    /// tesseract CLI with `--psm 3` neither), nor did docscan in either mode before. Painted over, the
    /// border no longer pulls the split into the print, and every line reads.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aReceiptWithTheLidsBandAcrossItIsRead(mode: ScanMode) throws {
        let url = TestSupport.special("sparse/border_receipt.png")
        let record = try #require(try TestSupport.scan(url, mode: mode, languages: "eng").first)
        let truth = try String(contentsOf: TestSupport.special("sparse/border_receipt.gt.txt"), encoding: .utf8)
        #expect(CharacterErrorRate.of(record.text, reference: truth, chinese: false) <= 0.05, "\(record.text)")
        for line in ["TQ FOR SHOPPING WITH GREENLEAF", "GEL PEN BLACK 0.5MM", "THANK YOU PLEASE COME AGAIN"] {
            #expect(record.text.contains(line), "\(line) not in \(record.text)")
        }
        let painted = try #require(record.cleanup?.borderPainted)
        #expect(painted > 0.03 && painted < 0.08, "\(painted)")
    }

    /// A page without a dark border is left alone, and so is one whose border does not move the split
    /// far (a letter with a black band as deep as the receipt's but dark print); the receipt's band and
    /// strip are painted the paper's level, and what Tesseract takes for ink then is the print alone.
    @Test func onlyABorderThatMovesTheSplitIsPainted() throws {
        let letter = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path)?.normalizedForRecognition())
        #expect(DarkBorder.painted(letter) == nil)
        let top = try #require(Self.topBand(of: letter, share: 0.03))
        let band = try #require(letter.painting(top, with: 8))
        let whole = try #require(band.tesseractSplit())
        let wider: PixImage = try #require(Self.topBand(of: letter, share: 0.04))
        let outside = try #require(band.tesseractSplit(outside: wider))
        #expect(abs(outside.level - whole.level) <= DarkBorder.leastShift, "\(whole) → \(outside)")
        #expect(DarkBorder.painted(band) == nil)

        let receipt = try #require(PixImage(reading: TestSupport.special("sparse/border_receipt.png").path))
        let before = try #require(receipt.tesseractSplit())
        let painted = try #require(DarkBorder.painted(receipt))
        let after = try #require(painted.image.tesseractSplit())
        #expect(after.level - before.level > DarkBorder.leastShift, "\(before) → \(after)")
        #expect(after.paper >= 245)
        // The band's rows are paper now: none of their pixels is darker than the split.
        let row = try #require(painted.image.pixel(x: 320, y: 5))
        #expect(row > UInt32(after.level))
    }

    /// A 1-bit mask of `image`'s size with its top `share` of rows set.
    private static func topBand(of image: PixImage, share: Double) -> PixImage? {
        let rows = Int(share * Double(image.height))
        guard let ink = image.binarizedAsTesseractWould(), let paper = ink.inverted(), let all = ink.union(with: paper) else { return nil }
        return all.clearing([PageBox(x: 0, y: rows, width: image.width, height: image.height - rows)])
    }
}
