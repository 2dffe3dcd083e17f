import CLeptonica
@testable import DocScanNative
import Testing

/// The measure of focus `BlurredPrint` goes by, and the unsharp mask it sharpens with.
struct EdgeSteepnessTests {
    /// Fixtures' letter photo in focus measures well above the 0.2 under which a page counts as out of
    /// focus; the same photo blurred by 2.1 px (`blurred_letter.jpg`) under it (0.12), and sharpened as
    /// `BlurredPrint` would (half width 2) it measures steeper again (0.14).
    @Test func aBlurredPhotoMeasuresShallowerAndSharpeningSteepensIt() throws {
        let sharp = try #require(try greyFixture("photos/tilted_letter.jpg").edgeSteepness())
        let blurred = try greyFixture("photos/blurred_letter.jpg")
        let steepness = try #require(blurred.edgeSteepness())
        #expect(sharp >= 0.3, "in focus: \(sharp)")
        #expect(steepness < 0.2, "blurred: \(steepness)")
        let sharpened = try #require(blurred.unsharpMasked(halfWidth: 2, fraction: 0.5))
        let after = try #require(sharpened.edgeSteepness())
        #expect(after > steepness * 1.1, "sharpened: \(steepness) → \(after)")
    }

    /// A blank page has no contrast to measure; a bilevel one is not measured.
    @Test func aBlankOrBilevelPageIsNotMeasured() throws {
        let blank = try #require(PixImage(taking: pixCreate(200, 100, 8)))
        #expect(blank.edgeSteepness() == nil)
        let bilevel = try #require(PixImage(taking: pixCreate(200, 100, 1)))
        #expect(bilevel.edgeSteepness() == nil)
    }
}
