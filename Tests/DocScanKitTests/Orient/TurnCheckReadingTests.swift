import DocScanCore
@testable import DocScanKit
@testable import DocScanNative
import Testing

/// A turn check reads a square a second time, without Tesseract's vertical-text handling, only when the
/// first reading turned a block: otherwise both readings find the same layout and read the same.
struct TurnCheckReadingTests {
    /// An English letter's square upright and upside down turns no block, and reads to the point the same
    /// without the handling (94 and 51 here); a Chinese notice's square turned clockwise has its lines
    /// turned to be read (76), and the check takes the lower reading, the one without (33).
    @Test(arguments: [("en_letter", "eng", 0, false), ("en_letter", "eng", 2, false), ("zh_notice", "chi_sim,eng", 1, true)])
    func theSecondReadingIsMadeOnlyWhenABlockWasTurned(name: String, languages: String, quarterTurns: Int, turnsABlock: Bool) throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: languages), jobs: 1)
        let engine = try TesseractEngine(scanning: configuration.models, userWordsFile: nil)
        let page = try #require(PixImage(reading: TestSupport.fixture("\(name).png").path))
        let square = try #require(PageOrienter.centralSquare(of: page)?.rotated(quarterTurns: quarterTurns))
        let resolution = SourceResolution(fileResolution: page.resolution).dotsPerInch

        let handled = try engine.meanConfidence(square, resolution: resolution, handlingVerticalText: true)
        let unhandled = try engine.meanConfidence(square, resolution: resolution, handlingVerticalText: false)
        #expect(handled.turnedBlock == turnsABlock && !unhandled.turnedBlock, "\(handled) \(unhandled)")
        let checked = try engine.meanConfidence(square, resolution: resolution)
        if turnsABlock {
            #expect(handled.confidence >= 60 && unhandled.confidence <= handled.confidence - 30, "\(handled) \(unhandled)")
            #expect(checked == unhandled.confidence)
        } else {
            #expect(handled.confidence == unhandled.confidence && checked == handled.confidence, "\(handled) \(unhandled)")
            #expect(quarterTurns == 2 ? checked <= 60 : checked >= 85, "\(checked)")
        }
    }
}
