import CLeptonica
@testable import DocScanNative
import Testing

/// Stray pixels counted around each isolated pixel are the count Leptonica's whole-page chain gives
/// (hit-miss transform, subtraction, brick dilation, subtraction): the despeckle decision rests on it.
struct StrayPixelTests {
    /// Leptonica's count: isolated pixels (`pixHMT` with "ooooXoooo") not within `reach` of the rest.
    private func leptonicas(_ mask: PixImage, reach: Int) throws -> Int {
        let sel = try #require(selCreateFromString("ooooXoooo", 3, 3, "isolated"))
        var owned: UnsafeMutablePointer<SEL>? = sel
        defer { selDestroy(&owned) }
        return try mask.withUnsafePix { pix in
            let single = try #require(pixHMT(nil, pix, sel))
            let marks = try #require(pixSubtract(nil, pix, single))
            let near = try #require(pixDilateBrick(nil, marks, Int32(2 * reach + 1), Int32(2 * reach + 1)))
            let stray = try #require(pixSubtract(nil, single, near))
            var count: Int32 = 0
            _ = pixCountPixels(stray, &count, nil)
            for var image in [Optional(single), marks, near, stray] { pixDestroy(&image) }
            return Int(count)
        }
    }

    /// Single pixels strewn at `density` per 1,000, with strokes and blots among them, and the spare bits
    /// of each line's last word set, as Leptonica may leave them.
    private func strewn(width: Int, height: Int, density: UInt32) throws -> PixImage {
        let image = try #require(PixImage(taking: pixCreate(Int32(width), Int32(height), 1)))
        var state: UInt32 = 4242 &+ density
        image.withUnsafePix { pix in
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 1_103_515_245 &+ 12345
                    let draw = (state >> 16) % 1000
                    let stroke = (x / 5 + y / 23) % 17 == 0 && y % 23 < 3
                    if draw < density || stroke { _ = pixSetPixel(pix, Int32(x), Int32(y), 1) }
                }
            }
            if width % 32 != 0, let data = pixGetData(pix) {
                let wordsPerLine = Int(pixGetWpl(pix))
                for y in 0..<height { data[y * wordsPerLine + wordsPerLine - 1] |= UInt32.max >> UInt32(width % 32) }
            }
        }
        return image
    }

    @Test(arguments: [(1001, 757), (64, 64), (33, 5), (3, 3), (2, 9), (97, 2), (32, 40)])
    func strayPixelsAreLeptonicasCount(width: Int, height: Int) throws {
        for density: UInt32 in [2, 30, 200] {
            let mask = try strewn(width: width, height: height, density: density)
            for reach in [0, 1, 3, 5] {
                let ours = try #require(mask.strayPixelCount(reach: reach))
                #expect(ours == (try leptonicas(mask, reach: reach)), "\(width)×\(height) density \(density) reach \(reach)")
            }
        }
    }

    /// A scanned page's print with impulses added: most of its single pixels lie near print, and the
    /// count is Leptonica's; the impulses make it larger than the clean page's.
    @Test func aNoisyPageCountsAsLeptonicaCountsIt() throws {
        let print = try #require(try greyFixture("pages/en_letter_150dpi.png").darkPixels())
        let clean = try #require(print.strayPixelCount(reach: 3))
        #expect(clean == (try leptonicas(print, reach: 3)))
        let noisy = try #require(print.copied())
        var state: UInt32 = 99
        noisy.withUnsafePix { pix in
            for _ in 0..<2_000 {
                state = state &* 1_103_515_245 &+ 12345
                let x = Int32((state >> 8) % UInt32(noisy.width))
                state = state &* 1_103_515_245 &+ 12345
                let y = Int32((state >> 8) % UInt32(noisy.height))
                _ = pixSetPixel(pix, x, y, 1)
            }
        }
        let counted = try #require(noisy.strayPixelCount(reach: 3))
        #expect(counted == (try leptonicas(noisy, reach: 3)))
        #expect(counted > clean + 1_000, "most of 2,000 impulses on paper are strays: \(clean) → \(counted)")
    }
}
