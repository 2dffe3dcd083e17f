import Foundation
@testable import DocScanNative
import Testing

/// An image sampled along a smooth map (a curled sheet's, a bent page's) has, pixel for pixel, the
/// levels its specification gives: the map interpolated between its nodes, then the image between its
/// four nearest pixels, rounded, and the fill outside. Eight pixels between the same nodes are sampled
/// at once (AVX2) and the rest one by one; both must give these levels.
struct RemapTests {
    /// A bowed map over a photo (nodes every `step` pixels: 16 as the curl model's, 24 and 5 so that
    /// nodes fall inside runs of eight), `shift` moving part of it out of the photo.
    @Test(arguments: [(16, 0.0), (24, 0.0), (5, 0.0), (16, -260.0)])
    func aMapSamplesThePhotoAsSpecified(step: Int, shift: Double) throws {
        let photo = try greyFixture("photos/desk_letter.jpg")
        let (width, height) = (1203, 901)
        let columns = (width - 1) / step + 2, rows = (height - 1) / step + 2
        var map: [(x: Float, y: Float)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let x = Double(column * step), y = Double(row * step)
                map.append((Float(200 + x * 0.93 + 12 * sin(y / 170) + shift), Float(300 + y * 1.07 + 25 * sin(x / 260) + shift)))
            }
        }
        let ours = try #require(photo.remapped(width: width, height: height, step: step, map: map, fill: 7))
        let source = try #require(photo.greySamples())
        let expected = Self.sampled(source, width: photo.width, height: photo.height, map: map, columns: columns, rows: rows,
                                    step: step, into: (width, height), fill: 7)
        let levels = try #require(ours.greySamples())
        #expect(differingLevels(levels, expected) == 0)
        // The photo's print and paper are in it, and the fill only where the map leaves the photo.
        #expect(levels.contains { $0 < 100 } && levels.contains { $0 > 180 })
        #expect(levels.contains(7) == (shift < 0))
    }

    /// The specification, one pixel at a time, in the kernel's float arithmetic.
    private static func sampled(
        _ source: [UInt8], width: Int, height: Int, map: [(x: Float, y: Float)], columns: Int, rows: Int, step: Int,
        into size: (width: Int, height: Int), fill: UInt8
    ) -> [UInt8] {
        let inverseStep = Float(1) / Float(step)
        var out = [UInt8](repeating: 0, count: size.width * size.height)
        for y in 0..<size.height {
            let gy = Float(y) * inverseStep
            let row = min(Int(gy), rows - 2)
            let fy = gy - Float(row)
            for x in 0..<size.width {
                let gx = Float(x) * inverseStep
                let column = min(Int(gx), columns - 2)
                let fx = gx - Float(column)
                let (a, b) = (map[row * columns + column], map[row * columns + column + 1])
                let (c, d) = (map[(row + 1) * columns + column], map[(row + 1) * columns + column + 1])
                let topX = a.x + (b.x - a.x) * fx, bottomX = c.x + (d.x - c.x) * fx
                let topY = a.y + (b.y - a.y) * fx, bottomY = c.y + (d.y - c.y) * fx
                let sx = topX + (bottomX - topX) * fy, sy = topY + (bottomY - topY) * fy
                guard sx >= 0, sy >= 0, sx <= Float(width - 1), sy <= Float(height - 1) else {
                    out[y * size.width + x] = fill
                    continue
                }
                let (ix, iy) = (Int(sx), Int(sy))
                let (ix1, iy1) = (min(ix + 1, width - 1), min(iy + 1, height - 1))
                let (ax, ay) = (sx - Float(ix), sy - Float(iy))
                func level(_ px: Int, _ py: Int) -> Int { Int(source[py * width + px]) }
                let upper = Float(level(ix, iy)) + Float(level(ix1, iy) - level(ix, iy)) * ax
                let lower = Float(level(ix, iy1)) + Float(level(ix1, iy1) - level(ix, iy1)) * ax
                out[y * size.width + x] = UInt8(upper + (lower - upper) * ay + 0.5)
            }
        }
        return out
    }
}
