import DocScanCore
@testable import DocScanKit
import Testing

/// A page cut out of an open book with the facing page's line ends beside it, some of which Tesseract
/// joins to the page's own lines, is read again with that sliver whitened (`StrayLines.joinedSliver`),
/// with the real engine: the second reading has none of the facing page's words and the page's text
/// whole.
struct FacingPageRereadTests {
    @Test(arguments: ScanMode.allCases) func aFacingPagesSliverJoinedToThePageIsWhitenedAndThePageReadAgain(mode: ScanMode) throws {
        let record = try #require(try TestSupport.scan(TestSupport.special("facing/letter_facing_page.png"), mode: mode).first)
        #expect(record.error == nil)
        #expect(record.layout?.facingPageReread == true, "\(String(describing: record.layout))")
        // Nothing was left of the sliver for the stray-line step to take out after the second reading.
        #expect(record.layout?.strayLines == 0, "\(String(describing: record.layout))")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("en_letter"), chinese: false)
        #expect(cer <= 0.005, "CER \(cer): \(record.text)")
    }

    /// The letter itself has no sliver: it is read once.
    @Test func aPageWithoutASliverIsReadOnce() throws {
        let record = try #require(try TestSupport.scan(TestSupport.fixture("en_letter.png"), mode: .fast).first)
        #expect(record.layout?.facingPageReread == false)
    }
}
