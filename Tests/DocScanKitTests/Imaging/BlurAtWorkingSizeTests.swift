import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// Blur judged against the print's size, not the pixels' (`BlurredPrint.blurScale`): fast mode reduces
/// a large photo further than accurate mode, and its print then measures steeper for the same blur.
struct BlurAtWorkingSizeTests {
    /// Fixtures' invoice enlarged 1.5 times (2,625 × 3,719, larger than either mode's working size) and
    /// blurred by a Gaussian of σ `sigma` px (three boxes, `PixImage.gaussianBoxes`), written as PNG.
    private func blurredInvoice(sigma: Double) throws -> URL {
        var blurred = try #require(PixImage(reading: TestSupport.fixture("en_invoice.png").path)?.scaled(by: 1.5))
        for length in PixImage.gaussianBoxes(sigma: sigma) {
            blurred = try #require(blurred.boxBlurred(size: length))
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("blurred_invoice.png")
        #expect(blurred.writePNG(to: url.path))
        return url
    }

    /// The same photo is judged out of focus in both modes: in fast mode its print measures over
    /// `blurredBelow` (0.22 against 0.15 at accurate mode's size), under it once the reduction is
    /// allowed for, and it is sharpened as in accurate mode (before: not, in fast mode). Rendered print
    /// this clean reads without error either way; sharpened, it still does.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aPhotoOutOfFocusIsSharpenedInBothModes(mode: ScanMode) throws {
        let record = try #require(try TestSupport.scan(try blurredInvoice(sigma: 3.6), mode: mode, languages: "eng").first)
        let sharpness = try #require(record.cleanup?.sharpness)
        if mode == .fast { #expect(sharpness >= BlurredPrint.blurredBelow, "sharpness \(sharpness)") }
        #expect(record.cleanup?.sharpened == true, "sharpness \(sharpness)")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("en_invoice"), chinese: false)
        #expect(cer <= 0.002, "CER \(cer)")
        #expect(TestSupport.rows(record.text).contains { $0.contains("NHG-2023-0417") }, "\(record.text.prefix(300))")
    }
}
