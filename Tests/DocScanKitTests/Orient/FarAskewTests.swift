import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// A photo whose print lies far askew has the cheap checks' turn wait for the cleaned page
/// (`PageOrienter.liesFarAskew`): counted along the frame's rows and columns, the ascenders of Fixtures'
/// letter on planks turned 35° clockwise (the phone held askew over a sheet lying askew) count it turned
/// by 90° or 270°, and taken unchecked that turn had the page read as garbage, or read four times over
/// before reading turned it back.
struct FarAskewTests {
    @Test func aTurnCountedOnPrintFarAskewWaitsForTheCleanedPage() throws {
        let url = try TestSupport.turnedPhoto(TestSupport.special("photos/planks_letter.jpg"), degrees: 35)
        let workingSize = PageOrienter.Options.defaultWorkingSize
        #expect(PageOrienter.liesFarAskew(try TestSupport.loadedImage(url, longerSide: workingSize)))
        // The photo as shot (its sheet lies 8° off) and a scan are not far askew.
        for other in [TestSupport.special("photos/planks_letter.jpg"), TestSupport.fixture("de_brief.png")] {
            #expect(!PageOrienter.liesFarAskew(try TestSupport.loadedImage(other, longerSide: workingSize)), "\(other.lastPathComponent)")
        }

        let record = try #require(try TestSupport.scan(url, mode: .accurate, languages: "deu,eng").first)
        // Not turned on the frame's count, nor turned back after reading so (which read the page three
        // times more).
        #expect(record.orientation?.rotation == 0 && record.orientation?.turnProposedBy == nil, "\(String(describing: record.orientation))")
        let reference = try String(contentsOf: TestSupport.special("photos/planks_letter.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.of(record.text, reference: reference, chinese: false)
        #expect(cer <= 0.02, "CER \(cer)")
    }
}
