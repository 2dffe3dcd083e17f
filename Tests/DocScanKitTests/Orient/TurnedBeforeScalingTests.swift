import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// A page found turned is turned before it is scaled to the working size (`LoadedPage.unscaled`), so it
/// is pixel for pixel the page scanned upright and reads the same. Scaled first and turned after, it is a
/// fraction of a pixel off (Leptonica's scalers sample from the top-left corner): eval/public's Chinese
/// page turned a quarter read at CER 0.0334 in fast mode against 0.0061 upright.
struct TurnedBeforeScalingTests {
    /// The 150-dpi letter is 1,754 px long: scaled by 0.74 (interpolated, as fast mode scales a 300-dpi
    /// A4 scan) and by 0.51 (area-mapped, as photos are).
    @Test(arguments: [1300, 900], [("en_letter_rot90", 270), ("en_letter_rot180", 180), ("en_letter_rot270", 90)])
    func aTurnedPageScaledIsTheUprightPageScaled(workingSize: Int, turned: (name: String, correction: Int)) throws {
        let loader = PageLoader(workingSize: workingSize)
        let upright = try load(TestSupport.fixture("en_letter_150dpi.png"), loader)
        let lying = try load(TestSupport.special("orientation/\(turned.name).png"), loader)
        let factor = try #require(upright.unscaled?.factor)
        #expect(abs(factor - Double(workingSize) / 1754) < 1e-9)
        #expect(lying.unscaled?.factor == factor)

        let oriented = try PageOrienter.turned(lying, by: turned.correction)
        #expect(oriented.orientation.rotation == turned.correction && oriented.orientation.applied)
        #expect(oriented.image.width == upright.image.width && oriented.image.height == upright.image.height)
        #expect(try differingLevels(oriented.image, upright.image) == 0)
        // What this guards against: the scaled page turned is not the upright page scaled.
        let late = try #require(lying.image.rotated(quarterTurns: turned.correction / 90))
        #expect(late.width == upright.image.width && late.height == upright.image.height)
        #expect(try differingLevels(late, upright.image) > 0)
    }

    /// A page the loader did not scale has nothing kept besides its image; nor has one it reduced by more
    /// than half (0.46 here), whose loaded image would cost more memory than the reading.
    @Test func aPageNotScaledOrReducedByMoreThanHalfKeepsNoSecondCopy() throws {
        let whole = try load(TestSupport.fixture("en_letter_150dpi.png"), PageLoader(workingSize: 1600))
        #expect(whole.unscaled == nil && whole.scale == 1)
        let reduced = try load(TestSupport.fixture("en_letter_150dpi.png"), PageLoader(workingSize: 800))
        #expect(reduced.unscaled == nil && abs(reduced.scale - 800.0 / 1754) < 1e-9)
    }

    /// How many grey levels of `one` and `other`, two 8-bit images of one size, differ.
    private func differingLevels(_ one: PixImage, _ other: PixImage) throws -> Int {
        let a = try #require(one.greySamples()), b = try #require(other.greySamples())
        return zip(a, b).filter { $0 != $1 }.count
    }

    private func load(_ url: URL, _ loader: PageLoader) throws -> LoadedPage {
        let page = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: page, mode: .fast, languages: try LanguageList(parsing: "eng"))
        return try loader.run(page, context: &context)
    }
}
