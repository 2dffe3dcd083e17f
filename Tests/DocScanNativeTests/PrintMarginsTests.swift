import CLeptonica
import Foundation
@testable import DocScanNative
import Testing

/// The straight edges of a page's print (`PrintMargins`), on blocks of lines drawn with known margins.
struct PrintMarginsTests {
    static let (width, height) = (1200, 1600)

    /// A 1-bit page of 24 lines 20 px tall, 50 px apart from y = 200, starting on the left margin
    /// x = `left`(y) and ending on the right margin x = `right`(y), but for each fourth line, indented
    /// by 60 px, and each line that `ragged` shortens by its number of pixels.
    private func page(left: (Double) -> Double, right: (Double) -> Double, ragged: (Int) -> Int = { _ in 0 }) throws -> PixImage {
        let page = try #require(PixImage(taking: pixCreate(Int32(Self.width), Int32(Self.height), 1)))
        page.withUnsafePix { pix in
            for line in 0..<24 {
                let y = 200 + line * 50
                let middle = Double(y + 10)
                let start = Int(left(middle).rounded()) + (line % 4 == 0 ? 60 : 0)
                let end = Int(right(middle).rounded()) - ragged(line)
                _ = pixRasterop(pix, Int32(start), Int32(y), Int32(end - start), 20, PIX_SET, nil, 0, 0)
            }
        }
        return page
    }

    /// Margins converging towards the top (a page photographed from below its foot, at a tilt): both
    /// are found where they were drawn, to within a pixel over the block's height, the indented lines
    /// inside the left one.
    @Test func convergingMarginsAreFound() throws {
        let margins = try #require(PrintMargins(mask: try page(left: { 200 - 0.06 * $0 }, right: { 1000 + 0.06 * $0 })))
        #expect(abs(margins.left.slope - -0.06) < 0.002, "\(margins.left)")
        #expect(abs(margins.right.slope - 0.06) < 0.002, "\(margins.right)")
        for y in [margins.top, margins.foot] {
            #expect(abs(margins.left.x(at: y) - (200 - 0.06 * y)) <= 1.5, "left at \(y): \(margins.left.x(at: y))")
            #expect(abs(margins.right.x(at: y) - (1000 + 0.06 * y)) <= 1.5, "right at \(y): \(margins.right.x(at: y))")
        }
        #expect(margins.left.support == 18 && margins.right.support == 24, "\(margins.left.support), \(margins.right.support)")
        #expect(abs(margins.topSlant) < 0.002 && abs(margins.footSlant) < 0.002)
    }

    /// Ragged lines (every third line full, the others 30–180 px short) leave as their right margin
    /// the line along their full ones, upright as drawn, not one through the short lines' ends.
    @Test func raggedLinesGiveTheirLongestLinesMargin() throws {
        let margins = try #require(PrintMargins(mask: try page(left: { _ in 150 }, right: { _ in 1050 }, ragged: { $0 % 3 == 0 ? 0 : 30 + ($0 * 37) % 150 })))
        #expect(abs(margins.right.slope) < 0.01, "\(margins.right)")
        #expect(abs(margins.right.x(at: margins.foot) - 1050) <= 1.5 && abs(margins.right.x(at: margins.top) - 1050) <= 1.5, "\(margins.right)")
        #expect(margins.right.support == 8, "\(margins.right)")
    }

    /// A line the photo's border cuts ends nowhere: lines running out of the frame on the right, with
    /// a few ending inside it, hold no right margin there.
    @Test func linesCutByTheBorderHoldNoMargin() throws {
        let cut = try page(left: { _ in 150 }, right: { _ in Double(Self.width) }, ragged: { $0 % 5 == 0 ? 300 + $0 : 0 })
        #expect(PrintMargins(mask: cut) == nil)
    }

    /// A table's short cells say nothing of a margin: rows of a long name from the left margin and a
    /// short price, the upper rows' prices ending 20 px further right than the lower rows' (prices and
    /// tax codes, as on a receipt), make no right margin (taken through both columns' ends, it slanted:
    /// a scanned receipt's converged by 0.09).
    @Test func aTablesShortCellsMakeNoMargin() throws {
        let table = try #require(PixImage(taking: pixCreate(Int32(Self.width), Int32(Self.height), 1)))
        table.withUnsafePix { pix in
            for row in 0..<24 {
                let y = Int32(200 + row * 50)
                _ = pixRasterop(pix, 150, y, Int32(400 + (row * 37) % 150), 20, PIX_SET, nil, 0, 0)
                _ = pixRasterop(pix, row < 12 ? 900 : 880, y, 100, 20, PIX_SET, nil, 0, 0)
            }
        }
        #expect(PrintMargins(mask: table) == nil)
    }
}
