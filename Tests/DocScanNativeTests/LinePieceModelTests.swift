import CLeptonica
import DocScanCore
@testable import DocScanNative
import Testing

/// The curl field fitted to a page's line pieces (`LinePieceModel`), on tables drawn with a known sag.
struct LinePieceModelTests {
    static let (width, height) = (1200, 1600)

    /// A 1-bit table of 24 rows of four cells (120 × 20 px, 140 px apart), each cell moved down by
    /// `sag` × (1 − 4u²) at its middle (u: its middle's place across the page, −0.5 to 0.5): most in the
    /// page's middle, as a sheet bowed up at both sides bends its rows.
    private func table(sag: Double) throws -> PixImage {
        let page = try #require(PixImage(taking: pixCreate(Int32(Self.width), Int32(Self.height), 1)))
        page.withUnsafePix { pix in
            for row in 0..<24 {
                for column in 0..<4 {
                    let x = 100 + column * 260, y = 150 + row * 55
                    let u = Double(x + 60) / Double(Self.width) - 0.5
                    let shift = Int((sag * (1 - 4 * u * u)).rounded())
                    _ = pixRasterop(pix, Int32(x), Int32(y + shift), 120, 20, PIX_SET, nil, 0, 0)
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
