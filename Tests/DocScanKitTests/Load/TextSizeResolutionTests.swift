import DocScanCore
import DocScanNative
@testable import DocScanKit
import Foundation
import Testing

struct TextSizeResolutionTests {
    /// A Fixtures page as the recognize stage gets it: loaded, 8-bit grey.
    private func page(_ name: String) throws -> PixImage {
        let page = try #require(try PageSource(root: TestSupport.fixture(name)).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        return try PageLoader().run(page, context: &context).image
    }

    /// What Tesseract estimates from the same letters, printed by `tesseract PAGE - --psm 3` on the page
    /// with its resolution removed ("Estimating resolution as 281", "... as 400"): the measure is to give
    /// Tesseract the value it would estimate, so its layout analysis gets it throughout.
    @Test(arguments: [("en_letter.png", 281), ("en_invoice.png", 400)])
    func theLettersGiveTesseractsEstimate(name: String, tesseract: Int) throws {
        let measured = try #require(TextSizeResolution.estimate(for: try page(name)))
        #expect(abs(Double(measured - tesseract)) <= 0.08 * Double(tesseract), "\(measured) dpi")
    }

    /// Letters half as tall give half the resolution; the measure follows the print, not the page size.
    @Test func halfTheSizeHalfTheResolution() throws {
        let letter = try page("en_letter.png")
        let full = try #require(TextSizeResolution.estimate(for: letter))
        let halved = try #require(letter.scaled(by: 0.5))
        let half = try #require(TextSizeResolution.estimate(for: halved))
        #expect(abs(Double(half) / Double(full) - 0.5) <= 0.06, "\(full) → \(half) dpi")
    }

    /// A page without letters gives nothing to measure, and Tesseract is left its estimate.
    @Test func aBlankPageHasNoMeasure() throws {
        let folder = try TestSupport.temporaryFolder()
        let url = folder.appendingPathComponent("blank.pgm")
        try TestSupport.writeGreyImage([UInt8](repeating: 235, count: 800 * 1000), width: 800, height: 1000, to: url)
        let blank = try #require(PixImage(reading: url.path))
        #expect(TextSizeResolution.estimate(for: blank) == nil)
        #expect(SourceResolution.reading(blank, languages: try LanguageList(parsing: "eng")).dotsPerInch == 0)
    }

    /// Read without its resolution, the letter is read at the measured one, which the record keeps and
    /// a warning names, and reads as well as at the file's 200 dpi.
    @Test(arguments: ScanMode.allCases) func aPageWithoutResolutionIsReadAtTheMeasuredOne(mode: ScanMode) throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("en_letter.png")
        try TurnAfterReadingTests.withoutResolution(Data(contentsOf: TestSupport.fixture("en_letter.png"))).write(to: file)
        let pipeline = try PagePipeline(configuration: ScanConfiguration(mode: mode, languages: LanguageList(parsing: "eng"), jobs: 1))
        let record = pipeline.process(try #require(try PageSource(root: file).list().pages.first))
        let resolution = try #require(record.resolution)
        #expect((250...310).contains(resolution), "\(resolution) dpi")
        #expect(record.warnings.contains("the image has no resolution; \(resolution) dpi, measured from the height of the letters"),
                "\(record.warnings)")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("en_letter"), chinese: false)
        #expect(cer <= 0.005, "CER \(cer)")
    }
}
