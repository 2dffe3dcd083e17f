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
