import DocScanCore
import DocScanNative
import Foundation
@testable import DocScanKit
import Testing

/// A dark border along the page's edge that pulls Tesseract's split of ink from paper is painted over.
struct DarkBorderTests {
    /// Receipts in light print with a dark border along their edge: `Fixtures/sparse/border_receipt.png`
    /// (the scanner lid's black band across its top, a dark strip down its side) and `faint_receipt.png`
    /// (a worn thermal receipt, its thin print of grey 190 broken into specks, a dark strip along its
    /// top). Tesseract reads nothing on either (the tesseract CLI with `--psm 3` neither), and docscan
    /// read both as nothing in both modes before (the faint one, from e355ec7, with its print darkened
    /// by another rule). With the border painted over, it no longer pulls the split into the print,
    /// and every line reads but the faint receipt's two dashed rules.
    @Test(arguments: [ScanMode.fast, .accurate])
    func receiptsWithADarkBorderAreRead(mode: ScanMode) throws {
        let lid = try TestSupport.expectRead(
            "sparse/border_receipt.png", mode: mode, within: 0.05,
            lines: ["TQ FOR SHOPPING WITH GREENLEAF", "GEL PEN BLACK 0.5MM", "THANK YOU PLEASE COME AGAIN"])
        let painted = try #require(lid.cleanup?.borderPainted)
        #expect(painted > 0.03 && painted < 0.08, "\(painted)")
        let worn = try TestSupport.expectRead(
            "sparse/faint_receipt.png", mode: mode, within: 0.3,
            lines: ["HARBOUR STATIONERS", "Ballpoint pen blue 2 1.20 2.40", "Thank you for shopping with us"])
        #expect(worn.cleanup?.borderPainted != nil)
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

    /// A dark header across the top of the receipt holding light print (the letter's letterhead, white
    /// on grey 30) moves the split as the lid's band does, but it holds print: it is left to Tesseract's
    /// inverted pass, not painted.
    @Test func aHeaderWithLightPrintIsNotPainted() throws {
        let receipt = try #require(PixImage(reading: TestSupport.special("sparse/border_receipt.png").path))
        let letter = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path)?.normalizedForRecognition())
        var samples = try #require(receipt.greySamples())
        let heading = try #require(letter.greySamples())
        // Rows 185–218 and columns 201–600 of the letter hold its name in black: white on the header.
        for y in 0..<80 {
            for x in 0..<receipt.width {
                let (fromX, fromY) = (x + 170, y + 160)
                let light = fromX < 600 && heading[fromY * letter.width + fromX] < 128
                samples[y * receipt.width + x] = light ? 250 : 30
            }
        }
        let url = TestSupport.scratch.appendingPathComponent("header-\(UUID().uuidString).pgm")
        try TestSupport.writeGreyImage(samples, width: receipt.width, height: receipt.height, to: url)
        let page = try #require(PixImage(reading: url.path))
        #expect(DarkBorder.painted(page) == nil)
        // The same header without its print is a border, and is painted.
        let header = try #require(Self.topBand(of: page, share: 80.0 / Double(page.height)))
        let plain = try #require(page.painting(header, with: 30))
        #expect(DarkBorder.painted(plain) != nil)
    }

    /// A 1-bit mask of `image`'s size with its top `share` of rows set.
    private static func topBand(of image: PixImage, share: Double) -> PixImage? {
        let rows = Int(share * Double(image.height))
        guard let ink = image.binarizedAsTesseractWould(), let paper = ink.inverted(), let all = ink.union(with: paper) else { return nil }
        return all.clearing([PageBox(x: 0, y: rows, width: image.width, height: image.height - rows)])
    }
}
