import CLeptonica
import Foundation
import DocScanCore
@testable import DocScanNative
import Testing

/// The owner types over Leptonica read what Leptonica holds: set-pixel runs across word boundaries,
/// connected regions and their boxes.
struct LeptonicaWrapperTests {
    /// A 1-bit image of `width`×`height` with the given pixels set.
    private func mask(width: Int, height: Int, set pixels: [(x: Int, y: Int)]) throws -> PixImage {
        let image = try #require(PixImage(taking: pixCreate(Int32(width), Int32(height), 1)))
        image.withUnsafePix { pix in
            for pixel in pixels { _ = pixSetPixel(pix, Int32(pixel.x), Int32(pixel.y), 1) }
        }
        return image
    }

    @Test func setPixelRunsCrossWordBoundariesAndReachTheRowsEnd() throws {
        let first = [0, 1, 2, 31, 32, 33, 69].map { (x: $0, y: 0) }
        let last = (0..<70).map { (x: $0, y: 2) }
        let image = try mask(width: 70, height: 3, set: first + last)
        #expect(image.setPixelRuns() == [[0..<3, 31..<34, 69..<70], [], [0..<70]])
        #expect(image.setPixelCount == 77)
    }

    /// Runs read word by word are the runs pixel by pixel: on noise of every density (single pixels,
    /// runs ending on a word's last bit, words wholly set) and with pad bits past the row's end set,
    /// which must not extend a run.
    @Test func setPixelRunsAreThePixelsRuns() throws {
        for width in [1, 31, 32, 33, 64, 97] {
            var state: UInt32 = 7
            var pixels: [(x: Int, y: Int)] = []
            for y in 0..<24 {
                let density = UInt32(y % 6)  // 0: none set … 5: nearly all
                for x in 0..<width {
                    state = state &* 1_103_515_245 &+ 12345
                    if (state >> 16) % 6 < density { pixels.append((x, y)) }
                }
            }
            let image = try mask(width: width, height: 24, set: pixels)
            image.withUnsafePix { pix in
                guard width % 32 != 0, let data = pixGetData(pix) else { return }
                let wordsPerLine = Int(pixGetWpl(pix))
                for y in 0..<24 { data[y * wordsPerLine + wordsPerLine - 1] |= ~0 >> UInt32(width % 32) }
            }
            let expected = (0..<24).map { y in
                let set = Set(pixels.filter { $0.y == y }.map(\.x))
                var runs: [Range<Int>] = []
                var x = 0
                while x < width {
                    guard set.contains(x) else { x += 1; continue }
                    var end = x
                    while end < width, set.contains(end) { end += 1 }
                    runs.append(x..<end)
                    x = end
                }
                return runs
            }
            #expect(image.setPixelRuns() == expected, "width \(width)")
        }
    }

    @Test func connectedComponentsGiveEachRegionsBoxAndPixels() throws {
        let square = [(10, 5), (11, 5), (10, 6), (11, 6)].map { (x: $0.0, y: $0.1) }
        // Touching only diagonally: one region with 8-connectivity, two with 4.
        let diagonal = [(30, 20), (31, 21)].map { (x: $0.0, y: $0.1) }
        let image = try mask(width: 40, height: 30, set: square + diagonal)
        let fourConnected = try #require(ConnectedComponents(of: image, connectivity: 4))
        #expect(fourConnected.count == 3)
        #expect(fourConnected.frame(at: 0) == PageBox(x: 10, y: 5, width: 2, height: 2))
        #expect(fourConnected.image(at: 0)?.setPixelCount == 4)
        let eightConnected = try #require(ConnectedComponents(of: image, connectivity: 8))
        #expect(eightConnected.count == 2)
        #expect(eightConnected.frame(at: 1) == PageBox(x: 30, y: 20, width: 2, height: 2))
    }

    @Test func croppingKeepsTheBoxClippedToTheImage() throws {
        let image = try mask(width: 40, height: 30, set: [])
        let cropped = try #require(image.cropped(to: PageBox(x: 30, y: 10, width: 20, height: 5)))
        #expect((cropped.width, cropped.height) == (10, 5))
    }
}

/// An 8-bit image of `width`×`height`: mostly light paper with dark strokes, levels spread by a fixed
/// pseudo-random sequence; with `plainPaper`, bands of rows where paper of one level (230) alternates
/// with the speckles every 50 columns, and some such rows plain throughout.
func speckled(width: Int, height: Int, plainPaper: Bool = false) throws -> PixImage {
    let image = try #require(PixImage(taking: pixCreate(Int32(width), Int32(height), 8)))
    var state: UInt32 = 12345
    image.withUnsafePix { pix in
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_103_515_245 &+ 12345
                let noise = (state >> 16) % 40
                let plain = plainPaper && (y / 9) % 3 == 0 && ((x / 50) % 2 == 0 || y % 27 == 1)
                let level = plain ? 230 : (x / 7 + y / 5) % 6 == 0 ? 30 + noise : 200 + noise
                _ = pixSetPixel(pix, Int32(x), Int32(y), level)
            }
        }
    }
    return image
}

/// The Otsu split and grey histograms counted in Swift take the pixels Leptonica takes and give what
/// Leptonica gives, on a page and on sizes whose rows end inside a word.
struct GreyHistogramTests {
    private static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pages/en_invoice.png").path

    private func leptonicaSplit(_ image: PixImage, sampling: Int) -> Int32 {
        var split: Int32 = -1
        _ = image.withUnsafePix { pixSplitDistributionFgBg($0, 0.1, Int32(sampling), &split, nil, nil, nil) }
        return split
    }

    @Test(arguments: [(1001, 757), (64, 3), (333, 222), (1003, 5), (2, 7)])
    func splitAndHistogramMatchLeptonicasOnOddSizes(width: Int, height: Int) throws {
        for image in [try speckled(width: width, height: height), try speckled(width: width, height: height, plainPaper: true)] {
            try splitAndHistogramMatchLeptonicas(image)
        }
    }

    private func splitAndHistogramMatchLeptonicas(_ image: PixImage) throws {
        for sampling in 1...4 {
            #expect(image.foregroundBackgroundSplit(scoreFraction: 0.1, sampling: sampling).map(Int32.init) == leptonicaSplit(image, sampling: sampling))
            let ours = try #require(image.greyHistogram(sampling: sampling))
            let theirs = try #require(Histogram(taking: image.withUnsafePix { pixGetGrayHistogram($0, Int32(sampling)) }))
            #expect((0..<256).allSatisfy { ours[$0] == theirs[$0] }, "sampling \(sampling)")
        }
    }

    /// Counted in place, the levels of the copy `pixScaleBySampling` would make (which the split counts)
    /// are the copy's own, level for level: on sizes it divides evenly (every other pixel) and sizes
    /// it does not (its rounded source rows and columns), at the factors docscan and Leptonica use.
    @Test(arguments: [(1001, 757), (1000, 756), (64, 3), (333, 222), (1003, 5), (2, 7), (9, 9)])
    func sampledLevelsAreThoseOfLeptonicasSampledCopy(width: Int, height: Int) throws {
        for plainPaper in [false, true] {
            try sampledLevelsAreThoseOfLeptonicasSampledCopy(try speckled(width: width, height: height, plainPaper: plainPaper))
        }
    }

    private func sampledLevelsAreThoseOfLeptonicasSampledCopy(_ image: PixImage) throws {
        let (width, height) = (image.width, image.height)
        for factor in 2...4 {
            let scale = Float(1 / Double(factor))
            let copy = try #require(PixImage(taking: image.withUnsafePix { pixScaleBySampling($0, scale, scale) }))
            let theirs = try #require(Histogram(taking: copy.withUnsafePix { pixGetGrayHistogram($0, 1) }))
            let ours = try #require(image.sampledLevelCounts(factor: factor))
            #expect((0..<256).allSatisfy { ours[$0] == Int(theirs[$0]) }, "\(width)×\(height) by \(factor)")
            #expect(ours.reduce(0, +) == copy.width * copy.height)
        }
    }

    @Test func splitOfAPageMatchesLeptonicas() throws {
        let loaded = try #require(PixImage(reading: Self.page))
        let grey = try #require(PixImage(taking: loaded.withUnsafePix { pixConvertTo8($0, 0) }))
        for sampling in [1, 2, 4] {
            let split = grey.foregroundBackgroundSplit(scoreFraction: 0.1, sampling: sampling)
            #expect(split.map(Int32.init) == leptonicaSplit(grey, sampling: sampling))
            #expect((60...200).contains(split ?? -1), "a split between print and paper")
        }
    }
}

struct ColumnCountTests {
    /// Counted word by word, the columns' counts match Leptonica's pixel-by-pixel count, on widths that
    /// end inside a word (whose spare bits Leptonica leaves undefined), for a row range and a row step.
    @Test(arguments: [(1001, 757), (64, 3), (33, 40)])
    func setPixelsPerColumnMatchesLeptonicas(width: Int, height: Int) throws {
        let mask = try #require(PixImage(taking: pixCreate(Int32(width), Int32(height), 1)))
        var state: UInt32 = 777
        mask.withUnsafePix { pix in
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 1_103_515_245 &+ 12345
                    if (state >> 16) % 7 == 0 || x % 13 == 0 { _ = pixSetPixel(pix, Int32(x), Int32(y), 1) }
                }
            }
            // Set the spare bits of each line's last word, as Leptonica may leave them.
            if width % 32 != 0, let data = pixGetData(pix) {
                let wordsPerLine = Int(pixGetWpl(pix))
                for y in 0..<height { data[y * wordsPerLine + wordsPerLine - 1] |= UInt32.max >> UInt32(width % 32) }
            }
        }
        let theirs = try #require(mask.withUnsafePix { pixCountPixelsByColumn($0) })
        var owned: UnsafeMutablePointer<NUMA>? = theirs
        defer { numaDestroy(&owned) }
        let leptonica = (0..<width).map { x in
            var value: Int32 = 0
            numaGetIValue(theirs, Int32(x), &value)
            return Int(value)
        }
        #expect(mask.setPixelsPerColumn() == leptonica)
        // Every other row of the middle: as counting the rows one by one.
        let rows = height / 4..<height * 3 / 4
        let expected = (0..<width).map { x in
            stride(from: rows.lowerBound, to: rows.upperBound, by: 2).filter { y in
                var value: UInt32 = 0
                _ = mask.withUnsafePix { pixGetPixel($0, Int32(x), Int32(y), &value) }
                return value == 1
            }.count
        }
        #expect(mask.setPixelsPerColumn(rows: rows, rowStep: 2) == expected)
    }
}

/// Scaling a grey page by 0.7–1.4 (fast mode's working copy of a 300-dpi scan) sharpens it in place
/// (`CImageKernels`): every level must be what Leptonica's `pixScale` gives, on a page and on odd sizes.
struct ScalingTests {
    private static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pages/zh_notice.png").path

    private func leptonicas(_ image: PixImage, _ factor: Double) throws -> [UInt8] {
        let scaled = try #require(PixImage(taking: image.withUnsafePix { pixScale($0, Float(factor), Float(factor)) }))
        return try #require(scaled.greySamples())
    }

    @Test(arguments: [0.7, 0.713, 0.9, 1.2, 1.39])
    func aGreyPageScalesAsLeptonicaScalesIt(factor: Double) throws {
        let page = try #require(PixImage(reading: Self.page))
        let grey = try #require(page.depth == 8 ? page : PixImage(taking: page.withUnsafePix { pixConvertTo8($0, 0) }))
        let scaled = try #require(grey.scaled(by: factor))
        #expect(differingLevels(scaled.greySamples(), try leptonicas(grey, factor)) == 0)
        // The mask did sharpen: some level lies outside what interpolation alone gives.
        let interpolated = try #require(PixImage(taking: grey.withUnsafePix { pixScaleGrayLI($0, Float(factor), Float(factor)) }))
        #expect(scaled.greySamples() != interpolated.greySamples())
        for (width, height) in [(37, 23), (6, 6), (5, 40)] {
            let odd = try speckled(width: width, height: height)
            #expect(differingLevels(odd.scaled(by: factor)?.greySamples(), try leptonicas(odd, factor)) == 0, "\(width)×\(height)")
        }
    }

    private static let photo = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos/desk_letter.jpg").path

    /// Reduced by area (the page finders' working copies of a photo), every level is what Leptonica's
    /// `pixScaleAreaMap` gives, on a photo and on odd sizes, down to a factor that leaves a few pixels.
    @Test(arguments: [0.03, 0.2, 0.381, 0.4, 0.5, 0.6999])
    func aGreyPhotoReducedByAreaMatchesLeptonica(factor: Double) throws {
        let loaded = try #require(PixImage(reading: Self.photo))
        let grey = try #require(PixImage(taking: loaded.withUnsafePix { pixConvertTo8($0, 0) }))
        for image in [grey, try speckled(width: 1001, height: 757), try speckled(width: 97, height: 61)] {
            let reduced = try #require(image.scaled(by: factor))
            let theirs = try #require(PixImage(taking: image.withUnsafePix { pixScaleAreaMap($0, Float(factor), Float(factor)) }))
            #expect((reduced.width, reduced.height) == (theirs.width, theirs.height))
            #expect(differingLevels(reduced.greySamples(), theirs.greySamples()) == 0, "\(image.width)×\(image.height) by \(factor)")
            #expect(reduced.resolution == theirs.resolution)
        }
        // The photo's print survives a reduction to a working copy (to 320 px and more).
        if factor >= 0.2 { #expect(try #require(grey.scaled(by: factor)?.greySamples()).contains { $0 < 110 }) }
    }
}
