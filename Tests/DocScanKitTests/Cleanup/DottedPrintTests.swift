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
}
