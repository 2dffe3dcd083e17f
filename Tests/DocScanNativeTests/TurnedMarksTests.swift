import CLeptonica
@testable import DocScanNative
import Foundation
import Testing

/// A mask's marks turned by moving each set pixel (`PixImage.turnedMarks`), as the clean-up measures a
/// steep page's lines: where Leptonica's rotation by sampling puts them, to a pixel or two, and measured
/// alike.
struct TurnedMarksTests {
    /// Leptonica's rotation by sampling, on the same grown canvas, and this one put the marks in the same
    /// places: each pixel of either within 3 pixels of one of the other's (the centres of turning differ
    /// by a pixel or two: Leptonica's is whole pixels, and it truncates where this rounds), this one's
    /// marks a pixel thicker and without holes; and their lines measure the same angle.
    @Test(arguments: [30.0, -30.0, 42.0, 7.5])
    func marksLandWhereLeptonicaTurnsThem(degrees: Double) throws {
        let mask = try #require(try greyFixture("pages/de_brief.png").darkPixels())
        let ours = try #require(mask.turnedMarks(degrees: degrees))
        let theirs = try #require(PixImage(taking: mask.withUnsafePix {
            pixRotate($0, Float(degrees * .pi / 180), Int32(L_ROTATE_SAMPLING), Int32(L_BRING_IN_WHITE), pixGetWidth($0), pixGetHeight($0))
        }))
        #expect(abs(ours.width - theirs.width) <= 1 && abs(ours.height - theirs.height) <= 1, "\(ours.width)×\(ours.height) against \(theirs.width)×\(theirs.height)")
        let placed = try #require(PixImage(taking: pixCreate(Int32(theirs.width), Int32(theirs.height), 1)))
        _ = placed.withUnsafePix { out in
            ours.withUnsafePix { pixRasterop(out, 0, 0, Int32(ours.width), Int32(ours.height), PIX_SRC, $0, 0, 0) }
        }
        func outside(_ image: PixImage, _ other: PixImage) throws -> Int? {
            let near = try #require(PixImage(taking: other.withUnsafePix { pixDilateBrick(nil, $0, 7, 7) }))
            return PixImage(taking: image.withUnsafePix { i in near.withUnsafePix { pixSubtract(nil, i, $0) } })?.setPixelCount
        }
        #expect(try outside(placed, theirs) == 0)
        #expect(try outside(theirs, placed) == 0)
        let oursCount = try #require(placed.setPixelCount), theirsCount = try #require(theirs.setPixelCount)
        #expect(oursCount > theirsCount, "\(oursCount) against \(theirsCount)")
        let measure = { (image: PixImage) in
            image.skew(sweepReduction: 2, searchReduction: 1, sweepRange: 15, sweepDelta: 1, minimumSearchDelta: 0.01)
        }
        // Within the sweep: a turn past it leaves the lines where no measure is valid.
        guard abs(degrees) < 14 else { return }
        let ourSkew = try #require(measure(ours)), theirSkew = try #require(measure(theirs))
        #expect(abs(ourSkew.angle - theirSkew.angle) < 0.05, "\(ourSkew) against \(theirSkew)")
    }

    /// Turned clockwise by d, a level page's lines measure −d; a page lying 40° off, its mask turned
    /// back 30°, measures the 10° left, as the clean-up measures a steep page (`PrintSkew.steep`).
    @Test(arguments: [(0.0, 12.0), (0.0, -9.0), (40.0, -30.0), (-42.0, 30.0)])
    func aTurnedMaskMeasuresItsTurn(lying: Double, turn: Double) throws {
        let page = try greyFixture("pages/en_letter.png")
        let lay = try #require(lying == 0 ? page : PixImage(taking: page.withUnsafePix {
            pixRotate($0, Float(lying * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), pixGetWidth($0), pixGetHeight($0))
        }))
        let turned = try #require(lay.darkPixels()?.turnedMarks(degrees: turn))
        let skew = try #require(turned.skew(sweepReduction: 4, searchReduction: 2, sweepRange: 15, sweepDelta: 1, minimumSearchDelta: 0.01))
        #expect(abs(Double(skew.angle) + lying + turn) < 0.1, "lying \(lying)°, turned \(turn)°, measured \(skew)")
        #expect(skew.confidence >= 3)
    }

    /// A mask of one pixel, a blank mask and a turn of 0° come out whole: one set pixel kept as 2×2 at
    /// most, nothing set from nothing, and the canvas the mask's size when it is not turned.
    @Test func tinyBlankAndUnturnedMasksTurn() throws {
        let dot = try #require(PixImage(taking: pixCreate(1, 1, 1)))
        _ = dot.withUnsafePix { pixSetPixel($0, 0, 0, 1) }
        let turnedDot = try #require(dot.turnedMarks(degrees: 30))
        #expect((1...4).contains(try #require(turnedDot.setPixelCount)), "\(turnedDot.width)×\(turnedDot.height)")
        let blank = try #require(PixImage(taking: pixCreate(300, 200, 1)))
        let turnedBlank = try #require(blank.turnedMarks(degrees: -30))
        #expect(turnedBlank.setPixelCount == 0)
        #expect(turnedBlank.width == 360 && turnedBlank.height == 324, "\(turnedBlank.width)×\(turnedBlank.height)")
        let mask = try #require(try greyFixture("pages/en_letter_150dpi.png").darkPixels())
        let unturned = try #require(mask.turnedMarks(degrees: 0))
        #expect(unturned.width == mask.width && unturned.height == mask.height)
    }

    /// Only 1-bit masks are turned so.
    @Test func aGreyImageIsNotTurnedSo() throws {
        #expect(try greyFixture("pages/en_letter.png").turnedMarks(degrees: 30) == nil)
    }
}
