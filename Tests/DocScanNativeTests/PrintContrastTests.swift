import CLeptonica
import DocScanCore
import Foundation
@testable import DocScanNative
import Testing

/// The print-contrast kernels `FaintPrint` measures and deepens a page with.
struct PrintContrastTests {
    /// The top-hat has Leptonica's levels wherever the closing's square lies inside the image (2 × the
    /// half size from every edge), for squares of several sizes and an image whose width is not a
    /// whole number of words; and it is small over the paper (its grain) and the print's depth below its
    /// paper on print.
    @Test(arguments: [3, 11, 21])
    func theTophatMatchesLeptonicasInsideTheImage(size: Int) throws {
        let page = try greyFixture("photos/desk_letter.jpg")
        let image = try #require(page.cropped(to: .init(x: 301, y: 401, width: 803, height: 617)))
        let ours = try #require(image.blackTophat(size: size))
        let theirs = try #require(PixImage(taking: image.withUnsafePix { pixTophat($0, Int32(size), Int32(size), Int32(L_TOPHAT_BLACK)) }))
        let reach = 2 * (size / 2)
        let inside = PageBox(x: reach, y: reach, width: image.width - 2 * reach, height: image.height - 2 * reach)
        let mine = try #require(ours.cropped(to: inside)?.greySamples())
        let leptonica = try #require(theirs.cropped(to: inside)?.greySamples())
        #expect(differingLevels(mine, leptonica) == 0)
        // Print on this crop: some pixels lie far below their neighbourhood's paper.
        #expect(mine.contains { $0 > 80 })
        #expect(mine.sorted()[mine.count / 2] <= 12)
    }

    /// A stroke narrower than the square keeps its whole depth in the top-hat; an area wider than the
    /// square (a shaded cell) has none inside it, only along its edge's first pixels none either.
    @Test func aThinStrokeKeepsItsDepthAndAWideShadeHasNone() throws {
        let image = try #require(PixImage(taking: pixCreate(200, 120, 8)))
        image.withUnsafePix { pix in
            _ = pixSetAllArbitrary(pix, 200)
            for y in 10..<110 {
                for x in 20..<23 { _ = pixSetPixel(pix, Int32(x), Int32(y), 60) }
                for x in 80..<180 { _ = pixSetPixel(pix, Int32(x), Int32(y), 150) }
            }
        }
        let tophat = try #require(image.blackTophat(size: 21))
        func level(_ x: Int, _ y: Int) -> UInt32 {
            var value: UInt32 = 0
            _ = tophat.withUnsafePix { pixGetPixel($0, Int32(x), Int32(y), &value) }
            return value
        }
        #expect(level(21, 60) == 140)
        #expect(level(130, 60) == 0)
        #expect(level(80, 60) == 0)
        #expect(level(60, 60) == 0)
    }

    /// Tiles of paper have no print; tiles of print measure the depth of their strokes.
    @Test func tilesMeasureTheirStrokesDepth() throws {
        let image = try #require(PixImage(taking: pixCreate(128, 64, 8)))
        image.withUnsafePix { pix in
            _ = pixSetAllArbitrary(pix, 0)
            // The left tile: strokes 3 px wide, 100 deep, on 10% of it; the right tile: bare.
            for y in 0..<64 where y % 10 < 3 {
                for x in 0..<64 where x % 2 == 0 { _ = pixSetPixel(pix, Int32(x), Int32(y), 100) }
            }
        }
        let measured = try #require(image.tilePrintContrast(tile: 64, least: 8, overMedian: 4, share: 0.02))
        #expect(measured.columns == 2 && measured.rows == 1)
        #expect(measured.contrast[0] == 100)
        #expect(measured.contrast[1] == nil)
        let levels = try #require(image.tileLevels(tile: 64, share: 0.9))
        #expect(levels == [100, 0])
    }
}
