import CLeptonica
import Foundation
import DocScanCore
@testable import DocScanNative
import Testing

/// The curl field fitted to a page's line pieces (`LinePieceModel`), on tables drawn with a known sag.
struct LinePieceModelTests {
    static let (width, height) = (1200, 1600)

    /// A 1-bit table of 24 rows of four cells (120 × 20 px, 140 px apart), each cell moved down by
    /// `sag` × (1 − 4u²) at its middle (u: its middle's place across the page, −0.5 to 0.5): most in the
    /// page's middle, as a sheet bowed up at both sides bends its rows.
    ///
    /// `tilt` and `fan` slant the rows: each cell moved down by `tilt` × u too (the table skewed as a
    /// whole), and by `fan` × u × v (v: its row's place down the page, −0.5 to 0.5), so the rows slant
    /// up at the top of the page and down at its foot, as on a sheet cut out along a wrong outline.
    /// `cellHeight` sets the cells' height (their letters'), so rows that slant much still overlap
    /// their neighbours enough to be paired.
    private func table(sag: Double, tilt: Double = 0, fan: Double = 0, cellHeight: Int = 20) throws -> PixImage {
        let page = try #require(PixImage(taking: pixCreate(Int32(Self.width), Int32(Self.height), 1)))
        page.withUnsafePix { pix in
            for row in 0..<24 {
                for column in 0..<4 {
                    let x = 100 + column * 260, y = 150 + row * 55
                    let u = Double(x + 60) / Double(Self.width) - 0.5
                    let v = Double(y + cellHeight / 2) / Double(Self.height) - 0.5
                    let shift = Int((sag * (1 - 4 * u * u) + tilt * u + fan * u * v).rounded())
                    _ = pixRasterop(pix, Int32(x), Int32(y + shift), 120, Int32(cellHeight), PIX_SET, nil, 0, 0)
                }
            }
        }
        return page
    }

    /// A flat table measures no displacement; a sagging one is bent, and the field found moves each
    /// cell by what the sag moved it, to within 1.5 px, measured from the page's middle column (the field
    /// is 0 there by its form: a piece's own height is free).
    @Test func theFieldFollowsAKnownSag() throws {
        let flat = try #require(LinePieceModel(mask: try table(sag: 0)))
        #expect(!flat.isBent && flat.displacement < 0.5, "flat table: \(flat.displacement) px")
        #expect(flat.pieceCount == 96)
        let sag = 14.0
        let bent = try #require(LinePieceModel(mask: try table(sag: sag)))
        #expect(bent.isBent, "sagging table: \(bent.displacement) px")
        let middle = Double(Self.width) / 2
        for x in stride(from: 160.0, through: 940, by: 260) {
            let u = x / Double(Self.width) - 0.5
            let drawn = sag * (1 - 4 * u * u) - sag
            let found = bent.disparity(x: x, y: 800) - bent.disparity(x: middle, y: 800)
            #expect(abs(found - drawn) <= 1.5, "at x \(x): field \(found) px, drawn \(drawn) px")
        }
    }

    /// A table skewed as a whole is neither bent nor fanned (deskewing levels it), and one whose rows'
    /// slant changes by 2° from its top row to its foot fans under `maximumFan` (flat photos measure so).
    /// One whose slant changes by 9° is straightened for its fan, though the field moves its cells less
    /// than a sag that is straightened, and straightened it fans no more.
    @Test func rowsThatFanOutAreStraightenedAndASkewIsNot() throws {
        let skewed = try #require(LinePieceModel(mask: try table(sag: 0, tilt: 60)))
        #expect(!skewed.isBent && abs(skewed.fan) < 0.2 && skewed.displacement < 0.5,
                "skewed table: fan \(skewed.fan)°, \(skewed.displacement) px")
        let mild = try #require(LinePieceModel(mask: try table(sag: 0, tilt: 30, fan: 50)))
        #expect(abs(mild.fan) > 1 && abs(mild.fan) < 3, "mildly fanned table: fan \(mild.fan)°")
        let fannedMask = try table(sag: 0, tilt: 30, fan: 240, cellHeight: 40)
        let fanned = try #require(LinePieceModel(mask: fannedMask))
        #expect(fanned.isBent && fanned.fan > 8 && fanned.fan < 10, "fanned table: fan \(fanned.fan)°")
        #expect(fanned.displacement < LinePieceModel.minimumDisplacement * fanned.letterHeight,
                "fanned table: \(fanned.displacement) px of \(fanned.letterHeight)")
        let grey = try #require(fannedMask.greyFromBilevel())
        let straightMask = try #require(fanned.apply(to: grey)?.darkPixels())
        let straight = try #require(LinePieceModel(mask: straightMask))
        #expect(abs(straight.fan) < 1, "fanned table straightened: fan \(straight.fan)°")
    }

    /// Rows that fan 6.9° (a receipt held in the hand and curled back at its top and foot, cut out along
    /// its edges) are straightened; rows that fan about 5°, as much as any flat photo of the eval sets
    /// measured, are not.
    @Test func rowsThatFanSevenDegreesAreStraightenedAndFiveAreNot() throws {
        let receipt = try #require(LinePieceModel(mask: try table(sag: 0, tilt: 30, fan: 168, cellHeight: 40)))
        #expect(receipt.isBent && receipt.fan > 6.5 && receipt.fan < 7, "fanned 7°: fan \(receipt.fan)°")
        let flat = try #require(LinePieceModel(mask: try table(sag: 0, tilt: 30, fan: 124, cellHeight: 40)))
        #expect(!flat.isBent && flat.fan > 4.8 && flat.fan < 5.3, "fanned 5°: fan \(flat.fan)°")
    }

    /// A page of 20 long lines, 16 px thick, whose slant grows from level at the top to 9° at the foot
    /// (a letter cut out along a wrong outline). Each line is kept as a piece, the letters measure as
    /// thick as they are drawn to 2 px (the line finder's openings round them), and the rows fan. Taken
    /// by their boxes, slanting lines were as tall as their slant (up to 158 px): the letters measured
    /// 88 px, and 4 of the level lines were left out.
    @Test func longLinesThatSlantAreMeasuredByTheirPrint() throws {
        let page = try #require(PixImage(taking: pixCreate(Int32(Self.width), Int32(Self.height), 1)))
        page.withUnsafePix { pix in
            for row in 0..<20 {
                let slope = tan(9 * Double.pi / 180 * Double(row) / 19)
                let top = 120 + row * 70
                for x in 150..<1050 {
                    let y = top + Int((slope * Double(x - 600)).rounded())
                    _ = pixRasterop(pix, Int32(x), Int32(y), 1, 16, PIX_SET, nil, 0, 0)
                }
            }
        }
        let model = try #require(LinePieceModel(mask: page))
        #expect(model.pieceCount == 20)
        #expect((12...18).contains(model.letterHeight), "letters \(model.letterHeight) px")
        #expect(model.isBent && model.fan > 8, "fan \(model.fan)°")
    }

    /// Straightened by its own field, the sagging table's cells sit in level rows again: measured anew,
    /// the straightened table is not bent.
    @Test func aStraightenedTableMeasuresFlat() throws {
        let bentMask = try table(sag: 14)
        let model = try #require(LinePieceModel(mask: bentMask))
        let grey = try #require(bentMask.greyFromBilevel())
        let straight = try #require(model.apply(to: grey)?.darkPixels())
        let again = try #require(LinePieceModel(mask: straight))
        #expect(!again.isBent && again.displacement < 0.3 * model.displacement,
                "displacement \(again.displacement) px straightened, \(model.displacement) px before")
    }
}
