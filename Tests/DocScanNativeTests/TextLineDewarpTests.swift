import DocScanCore
@testable import DocScanNative
import Testing

/// The test a curl model's lines must pass, as Leptonica's page model makes it: lines in both halves of
/// the page, spread over more than half its height.
struct TextLineDewarpTests {
    @Test func fourLinesInEachHalfSpanningMoreThanHalfThePageMakeAModel() {
        let starts = [200.0, 240, 280, 320, 600, 640, 680, 720.4]
        #expect(TextLineDewarp.linesCoverThePage(starts: starts, height: 800))
    }

    @Test func threeLinesInOneHalfMakeNone() {
        #expect(!TextLineDewarp.linesCoverThePage(starts: [100, 140, 180, 500, 540, 580, 620, 660], height: 800))
        #expect(!TextLineDewarp.linesCoverThePage(starts: [100, 140, 180, 500, 540, 580, 620], height: 800))
        #expect(!TextLineDewarp.linesCoverThePage(starts: [100, 140, 180, 220, 500, 540, 580], height: 800))
    }

    /// A line starting at exactly half the height (after rounding, as Leptonica rounds) counts in the lower
    /// half; a span of exactly half the height is not enough.
    @Test func theBoundariesAreLeptonicas() {
        let upper = [200.0, 220, 240, 260]
        #expect(!TextLineDewarp.linesCoverThePage(starts: upper + [400, 420, 440, 599.6], height: 800))
        #expect(TextLineDewarp.linesCoverThePage(starts: upper + [400, 420, 440, 601], height: 800))
        #expect(!TextLineDewarp.linesCoverThePage(starts: [200, 220, 240, 399.6, 420, 440, 460, 601], height: 800))
        #expect(!TextLineDewarp.linesCoverThePage(starts: [], height: 800))
    }
}

/// A grey page is straightened in CImageKernels (`docscan_apply_vertical_disparity`), level for level as
/// Leptonica's `dewarpaApplyDisparity` straightens it with the same model: every curled page's record
/// depends on it.
struct TextLineDewarpApplyTests {
    /// Curled sheets cut out of Fixtures' photos (inside their corners; a column of the two-column one) at sizes that end rows inside a
    /// word and leave the model's samples reaching past the page by different amounts, so that
    /// Leptonica's slope extension at the right and bottom is taken in different measure.
    @Test(arguments: [("photos/curled_book.jpg", PageBox(x: 230, y: 120, width: 1141, height: 1761)),
                      ("photos/curled_book.jpg", PageBox(x: 260, y: 140, width: 1003, height: 1502)),
                      ("photos/curled_columns.jpg", PageBox(x: 160, y: 90, width: 661, height: 1170)),
                      ("photos/curled_columns.jpg", PageBox(x: 820, y: 100, width: 655, height: 1163))])
    func aCurledPageIsStraightenedAsLeptonicaStraightensIt(name: String, sheet: PageBox) throws {
        let photo = try greyFixture(name)
        let page = try #require(photo.cropped(to: sheet))
        let model = try #require(TextLineDewarp(page: page))
        try #require(model.isBuilt, "\(name): no model")
        let ours = try #require(model.apply(to: page))
        let theirs = try #require(model.appliedByLeptonica(page))
        #expect((ours.width, ours.height, ours.depth) == (theirs.width, theirs.height, theirs.depth))
        #expect(differingLevels(ours.greySamples(), theirs.greySamples()) == 0, "\(name) \(page.width)×\(page.height)")
        #expect(ours.resolution == theirs.resolution)
        // The page was moved: lines are straightened, not copied.
        #expect(differingLevels(ours.greySamples(), page.greySamples()) > page.width * page.height / 100)
    }

    /// A model applied to a page larger than the one it was built on: Leptonica extends its disparities
    /// past the samples at the right and bottom (`fpixAddSlopeBorder`), and so must the kernel.
    @Test func aLargerPageIsStraightenedAsLeptonicaStraightensIt() throws {
        let photo = try greyFixture("photos/curled_book.jpg")
        let sheet = try #require(photo.cropped(to: PageBox(x: 230, y: 120, width: 1003, height: 1502)))
        let model = try #require(TextLineDewarp(page: sheet))
        try #require(model.isBuilt)
        for (wider, taller) in [(67, 0), (0, 93), (41, 29)] {
            let page = try #require(photo.cropped(to: PageBox(x: 230, y: 120, width: 1003 + wider, height: 1502 + taller)))
            let ours = try #require(model.apply(to: page))
            let theirs = try #require(model.appliedByLeptonica(page))
            #expect((ours.width, ours.height) == (page.width, page.height))
            #expect(differingLevels(ours.greySamples(), theirs.greySamples()) == 0, "\(page.width)×\(page.height)")
        }
    }
}
