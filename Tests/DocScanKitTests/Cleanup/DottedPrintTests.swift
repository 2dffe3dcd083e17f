import DocScanCore
import DocScanNative
import Foundation
@testable import DocScanKit
import Testing

/// Print made of separate dots is joined into strokes before it is read.
struct DottedPrintTests {
    /// An invoice from a dot-matrix printer (`Fixtures/sparse/dotted_invoice.png`, its letters seven or
    /// eight dots high): Tesseract reads garbage on it as it is (the tesseract CLI with `--psm 3` too),
    /// and docscan read it at CER 3.1 (fast) and 0.79 (accurate) before, the dots measured as letters
    /// and enlarged. Joined, every line reads, the dashed rules aside.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aDotMatrixInvoiceIsReadWithItsDotsJoined(mode: ScanMode) throws {
        let record = try TestSupport.expectRead(
            "sparse/dotted_invoice.png", mode: mode, within: 0.3, lines: ["NORTHGATE HARDWARE LTD", "Mill Lane, Kettering", "Total 74.38"])
        #expect(record.cleanup?.dotsJoined != nil)
    }

    /// Solid print is left alone, also small print whose letters are the size of dots (a letter reduced
    /// to a quarter: blurred, its letters join into words no taller than a few of them); the invoice's
    /// dots are joined by the narrowest box that joins them.
    @Test func onlyDottedPrintIsJoined() throws {
        let letter = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path)?.normalizedForRecognition())
        #expect(DottedPrint.joined(letter) == nil)
        let small = try #require(letter.scaled(by: 0.25))
        #expect(DottedPrint.joined(small) == nil)
        let dotted = try #require(PixImage(reading: TestSupport.special("sparse/dotted_invoice.png").path))
        let joined = try #require(DottedPrint.joined(dotted))
        #expect(joined.box == 5)
        #expect(DottedPrint.joined(joined.image) == nil)
    }

    /// A letter with a halftone picture over a third of it (dots 2–4 px across, 4 px apart) counts as
    /// many dots as dotted print, but its dots join into the picture's grey, not into letters: the page
    /// is not blurred. (Before `letterGain` it was, by a 5-px box.)
    @Test func aHalftonePictureIsNoDottedPrint() throws {
        let letter = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path)?.normalizedForRecognition())
        var samples = try #require(letter.greySamples())
        let (width, height) = (letter.width, letter.height)
        let (left, top, right, bottom) = (width * 15 / 100, height * 55 / 100, width * 85 / 100, height * 90 / 100)
        for y in top..<bottom {
            for x in left..<right {
                // Dots on a 4-px grid whose size follows a smooth picture (a darker and a lighter wave).
                let (cellX, cellY) = (x / 4 * 4 + 2, y / 4 * 4 + 2)
                let tone = 0.5 + 0.4 * sin(Double(cellX) / 90) * cos(Double(cellY) / 70)
                let radius = 2 * tone.squareRoot()
                let distance = (Double((x - cellX) * (x - cellX) + (y - cellY) * (y - cellY))).squareRoot()
                samples[y * width + x] = distance <= radius ? 0 : 255
            }
        }
        let url = TestSupport.scratch.appendingPathComponent("halftone-\(UUID().uuidString).pgm")
        try TestSupport.writeGreyImage(samples, width: width, height: height, to: url)
        let page = try #require(PixImage(reading: url.path))
        let pieces = try #require(InkPieces(of: page))
        #expect(Double(pieces.dots) >= DottedPrint.dotsPerLetter * Double(pieces.letters), "\(pieces.dots) dots, \(pieces.letters) letters")
        #expect(DottedPrint.joined(page) == nil)
    }
}
