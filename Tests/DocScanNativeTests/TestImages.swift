import CLeptonica
import Foundation
@testable import DocScanNative
import Testing

/// A file of Fixtures/ (`pages/…`, `photos/…`) as an 8-bit grey image.
func greyFixture(_ name: String) throws -> PixImage {
    let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/\(name)").path
    let loaded = try #require(PixImage(reading: path))
    return try #require(loaded.depth == 8 ? loaded : PixImage(taking: loaded.withUnsafePix { pixConvertTo8($0, 0) }))
}

/// A 1-bit image of scattered pixels and short strokes along rows (a fixed pseudo-random sequence from
/// `seed`), with the spare bits of each line's last word set, as Leptonica may leave them.
func strokes(width: Int, height: Int, seed: UInt32) throws -> PixImage {
    let image = try #require(PixImage(taking: pixCreate(Int32(width), Int32(height), 1)))
    var state = seed
    image.withUnsafePix { pix in
        for y in 0..<height {
            var stroke = 0
            for x in 0..<width {
                state = state &* 1_103_515_245 &+ 12345
                let draw = (state >> 16) % 97
                if draw == 0 { stroke = Int((state >> 8) % 40) }
                if stroke > 0 || draw < 6 { _ = pixSetPixel(pix, Int32(x), Int32(y), 1) }
                stroke = max(0, stroke - 1)
            }
        }
        if width % 32 != 0, let data = pixGetData(pix) {
            let wordsPerLine = Int(pixGetWpl(pix))
            for y in 0..<height { data[y * wordsPerLine + wordsPerLine - 1] |= UInt32.max >> UInt32(width % 32) }
        }
    }
    return image
}

/// How many levels of two images' samples differ (-1 when either is missing or their counts differ): a
/// count, so that a failing comparison of two pages does not print millions of levels.
func differingLevels(_ one: [UInt8]?, _ other: [UInt8]?) -> Int {
    guard let one, let other, one.count == other.count else { return -1 }
    return zip(one, other).filter { $0 != $1 }.count
}
