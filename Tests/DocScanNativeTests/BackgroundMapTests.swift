import CLeptonica
import Foundation
@testable import DocScanNative
import Testing

/// Background normalization computed in CImageKernels gives Leptonica's own maps and pages, level for
/// level: the clean-up's figures and every record depend on them.
struct BackgroundMapTests {
    /// A shaded photo of a table, a scanned page, and odd sizes (rows ending inside a word and inside a
    /// tile; a page smaller than one tile).
    private static func pages() throws -> [PixImage] {
        [try greyFixture("photos/shaded_table.jpg"), try greyFixture("pages/zh_notice.png"),
         try speckled(width: 1001, height: 757), try speckled(width: 37, height: 23), try speckled(width: 9, height: 9)]
    }

    private func leptonicasMap(_ image: PixImage, _ tileWidth: Int, _ tileHeight: Int, _ threshold: Int, _ count: Int) -> PixImage? {
        var map: UnsafeMutablePointer<PIX>?
        let status = image.withUnsafePix {
            pixGetBackgroundGrayMap($0, nil, Int32(tileWidth), Int32(tileHeight), Int32(threshold), Int32(count), &map)
        }
        let owned = PixImage(taking: map)
        return status == 0 ? owned : nil
    }

    /// The tile sizes, foreground thresholds and counts docscan uses (the background step and the
    /// evenness measure), a faded page's higher threshold, and a count the tiles cannot reach (which
    /// Leptonica lowers).
    @Test(arguments: [(10, 15, 60, 40), (60, 60, 100, 60), (10, 15, 150, 40), (4, 5, 60, 30)])
    func theMapIsLeptonicas(tileWidth: Int, tileHeight: Int, threshold: Int, count: Int) throws {
        for page in try Self.pages() {
            let ours = page.backgroundGreyMap(tileWidth: tileWidth, tileHeight: tileHeight, foregroundThreshold: threshold, minimumCount: count)
            let theirs = leptonicasMap(page, tileWidth, tileHeight, threshold, count)
            let size = "\(page.width)×\(page.height)"
            #expect((ours == nil) == (theirs == nil), "\(size)")
            guard let ours, let theirs else { continue }
            #expect((ours.width, ours.height) == (theirs.width, theirs.height), "\(size)")
            #expect(differingLevels(ours.greySamples(), theirs.greySamples()) == 0, "\(size)")
            #expect(ours.resolution == theirs.resolution)
        }
    }

    @Test(arguments: [60, 100, 130])
    func theNormalizedPageIsLeptonicas(threshold: Int) throws {
        for page in try Self.pages() {
            let ours = try #require(page.backgroundNormalized(foregroundThreshold: threshold))
            let theirs = try #require(PixImage(taking: page.withUnsafePix {
                pixBackgroundNorm($0, nil, nil, 10, 15, Int32(threshold), 40, 200, 2, 1)
            }))
            #expect(differingLevels(ours.greySamples(), theirs.greySamples()) == 0, "\(page.width)×\(page.height)")
            #expect(ours.resolution == theirs.resolution)
        }
    }

    /// A photo of a sheet on a dark desk (median grey 120, the paper's tenth lightest 231) comes out with
    /// its middle level at 200, where the map brings paper and what passes for it, and its darkest print
    /// still dark.
    @Test func aShadedPhotosPaperComesToOneLevel() throws {
        let photo = try greyFixture("photos/shaded_table.jpg")
        let normalized = try #require(photo.backgroundNormalized(foregroundThreshold: 60))
        let levels = try #require(normalized.greyHistogram(sampling: 1)?.levels(reaching: [0.02, 0.5, 0.9]))
        #expect(levels[0] < 120)
        #expect((190...215).contains(levels[1]), "the paper's median \(levels[1])")
        #expect((190...220).contains(levels[2]))
    }

    @Test func theAdaptiveThresholdIsLeptonicas() throws {
        for page in try Self.pages() {
            let ours = try #require(page.adaptivelyThresholded())
            let theirs = try #require(PixImage(taking: page.withUnsafePix { pixAdaptThresholdToBinary($0, nil, 1.0) }))
            var same: Int32 = 0
            _ = ours.withUnsafePix { o in theirs.withUnsafePix { pixEqual(o, $0, &same) } }
            #expect(same == 1, "\(page.width)×\(page.height)")
            // Print is found: a page is neither all set nor all clear.
            let set = try #require(ours.setPixelCount)
            #expect(set > 0 && set < ours.width * ours.height / 2, "\(page.width)×\(page.height): \(set) set")
        }
    }
}
