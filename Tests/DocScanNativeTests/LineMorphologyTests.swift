import CLeptonica
import Foundation
@testable import DocScanNative
import Testing

/// Line-brick morphology by doubling gives Leptonica's brick morphology pixel for pixel, and the text-line
/// centres built on it are Leptonica's `dewarpGetTextlineCenters`, point for point.
struct LineMorphologyTests {
    private func leptonicas(_ image: PixImage, _ sequence: String) throws -> PixImage {
        try #require(PixImage(taking: image.withUnsafePix { pixMorphSequence($0, sequence, 0) }))
    }

    private func same(_ ours: PixImage?, _ theirs: PixImage) throws -> Bool {
        let ours = try #require(ours)
        var equal: Int32 = 0
        _ = ours.withUnsafePix { mine in theirs.withUnsafePix { pixEqual(mine, $0, &equal) } }
        return equal == 1
    }

    /// Odd and even bricks, short and longer than a word, on sizes whose rows end inside a word and an
    /// image narrower than the brick.
    @Test(arguments: [(1001, 157), (70, 90), (33, 40), (64, 40)])
    func everyOperationMatchesLeptonicasBrick(width: Int, height: Int) throws {
        let image = try strokes(width: width, height: height, seed: 2024)
        for size in [2, 3, 15, 16, 31, 33, 40, 50, 82] {
            for axis in [PixImage.LineAxis.horizontal, .vertical] {
                let brick = axis == .horizontal ? "\(size).1" : "1.\(size)"
                let label = "\(axis) \(size) on \(width)×\(height)"
                #expect(try same(image.lineDilated(size, along: axis), leptonicas(image, "d\(brick)")), "dilation, \(label)")
                #expect(try same(image.lineEroded(size, along: axis), leptonicas(image, "e\(brick)")), "erosion, \(label)")
                #expect(try same(image.lineOpened(size, along: axis), leptonicas(image, "o\(brick)")), "opening, \(label)")
                #expect(try same(image.lineClosedSafely(size, along: axis), leptonicas(image, "c\(brick)")), "closing, \(label)")
            }
        }
    }

    /// The operations change the image: a dilation by 31 sets more pixels than it had, an erosion fewer.
    @Test func theOperationsDoSomething() throws {
        let image = try strokes(width: 400, height: 50, seed: 2024)
        let count = try #require(image.setPixelCount)
        #expect(try #require(image.lineDilated(31, along: .horizontal)?.setPixelCount) > count)
        #expect(try #require(image.lineEroded(31, along: .horizontal)?.setPixelCount) < count)
    }

    private static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(path)").path
    }

    /// Every line's points, as (x, y) pairs.
    private func points(of lines: UnsafeMutablePointer<PTAA>) -> [[Float]] {
        (0..<ptaaGetCount(lines)).map { index in
            var line = ptaaGetPta(lines, index, Int32(L_CLONE))
            defer { ptaDestroy(&line) }
            return (0..<ptaGetCount(line)).flatMap { point -> [Float] in
                var x: Float = 0, y: Float = 0
                ptaGetPt(line, point, &x, &y)
                return [x, y]
            }
        }
    }

    /// A flat invoice, a curled book photo and a two-column curled photo, at full size and reduced:
    /// the same lines with the same points as Leptonica's own line finder.
    @Test(arguments: ["pages/en_invoice.png", "photos/curled_book.jpg", "photos/curled_columns.jpg"])
    func textLineCentresAreLeptonicas(page: String) throws {
        let loaded = try #require(PixImage(reading: Self.fixture(page)))
        let grey = try #require(PixImage(taking: loaded.withUnsafePix { pixConvertTo8($0, 0) }))
        let mask = try #require(grey.darkPixels())
        let half = try #require(PixImage(taking: mask.withUnsafePix { pixReduceRankBinary2($0, 2, nil) }))
        for binary in [mask, half] {
            var ours = TextLineDewarp.textLineCenters(of: binary)
            var theirs = binary.withUnsafePix { dewarpGetTextlineCenters($0, 0) }
            defer { ptaaDestroy(&ours); ptaaDestroy(&theirs) }
            let mine = points(of: try #require(ours)), leptonica = points(of: try #require(theirs))
            #expect(mine.count >= 15, "a page of text lines: \(mine.count) found")
            #expect(mine == leptonica, "\(page) at \(binary.width) px")
        }
    }

    /// Each column's mean set row, rounded down, as counted pixel by pixel: on strokes whose rows end
    /// inside a word with the spare bits set, and with a solid band (whole words set) across them.
    @Test(arguments: [(1001, 157), (64, 40), (33, 41)])
    func meanRowsPerColumnAreThePixels(width: Int, height: Int) throws {
        let image = try strokes(width: width, height: height, seed: 7)
        var band = boxCreate(0, 3, Int32(width), 4)
        defer { boxDestroy(&band) }
        _ = image.withUnsafePix { pixSetInRectArbitrary($0, band, 1) }
        var expected = [Int?](repeating: nil, count: width)
        for x in 0..<width {
            let rows = (0..<height).filter { image.pixel(x: x, y: $0) == 1 }
            expected[x] = rows.isEmpty ? nil : rows.reduce(0, +) / rows.count
        }
        #expect(image.meanSetRowPerColumn() == expected)
        #expect(expected.allSatisfy { $0 != nil } && Set(expected.compactMap { $0 }).count > 3)
    }
}
