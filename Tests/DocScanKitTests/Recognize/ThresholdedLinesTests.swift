import DocScanCore
@testable import DocScanKit
import DocScanNative
import Testing

/// Doubtful lines are read again from the page as Tesseract thresholds it only on Latin-script pages
/// that were not despeckled (`ThresholdedLines.applies`), and a reading replaces a line only when it is
/// sure and clearly surer. The receipt it was made for: `ResavedPhotoTests`.
struct ThresholdedLinesTests {
    private func page(
        despeckled: Bool = false, sharpness: Double? = nil, letters: Int? = nil, enlargement: Double? = nil
    ) throws -> CleanedPage {
        let image = try #require(PixImage(reading: TestSupport.fixture("en_invoice.png").path))
        var cleanup = CleanupReport()
        cleanup.despeckled = despeckled
        cleanup.sharpness = sharpness
        cleanup.letterHeight = letters
        cleanup.enlargement = enlargement
        return CleanedPage(image: image, orientation: OrientationReport(), cleanup: cleanup, steps: [])
    }

    @Test func onlyLatinPagesOfSharpPrintLargeEnoughAndWithoutNoiseAreReadAgain() throws {
        let english = try LanguageList(parsing: "eng")
        #expect(ThresholdedLines.applies(to: try page(), languages: try LanguageList(parsing: "eng,deu")))
        #expect(ThresholdedLines.applies(to: try page(), languages: try LanguageList(parsing: "eng,chi_sim")))
        #expect(!ThresholdedLines.applies(to: try page(), languages: try LanguageList(parsing: "chi_sim,eng")))
        #expect(!ThresholdedLines.applies(to: try page(despeckled: true), languages: english))
        // The receipts it was made for: sharpness 0.34–1, letters 18–23 px.
        #expect(ThresholdedLines.applies(to: try page(sharpness: 0.34, letters: 18), languages: english))
        #expect(!ThresholdedLines.applies(to: try page(sharpness: 0.18, letters: 21), languages: english))
        #expect(!ThresholdedLines.applies(to: try page(sharpness: 0.78, letters: 9), languages: english))
        // Small print enlarged to readable letters is read again.
        #expect(ThresholdedLines.applies(to: try page(sharpness: 0.78, letters: 9, enlargement: 2), languages: english))
    }

    /// A confident page has no line to read again: the invoice reads exactly as it did.
    @Test func aConfidentPageIsLeftAsItWasRead() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let recognizer = try configuration.recognizers.make(configuration.models, nil)
        let cleaned = try page()
        let first = try recognizer.recognize(cleaned.image, resolution: 300, deadline: PageDeadline(limit: nil))
        #expect(first.lines.allSatisfy { $0.confidence >= ThresholdedLines.doubtfulLine }, "\(first.lines.map(\.confidence))")
        var again = first
        #expect(try ThresholdedLines.reread(&again, on: cleaned.image, with: recognizer, resolution: 300, deadline: PageDeadline(limit: nil)) == 0)
        #expect(again == first)
    }
}
