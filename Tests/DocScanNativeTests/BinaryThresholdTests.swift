import CLeptonica
@testable import DocScanNative
import Testing

/// Thresholding in CImageKernels gives Leptonica's `pixThresholdToBinary` (and `pixConvertTo1`) bit for
/// bit, pad bits included: print masks, the background map's foreground and every ladder of thresholds
/// depend on it.
struct BinaryThresholdTests {
    /// How many words of two 1-bit images differ, pad bits and all (-1 for different sizes): a count, so
    /// that a failure does not print every word.
    private func differingWords(_ one: PixImage, _ other: PixImage) -> Int {
        let (a, b) = (words(one), words(other))
        return a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : -1
    }

    /// The words of a 1-bit image, pad bits and all.
    private func words(_ image: PixImage) -> [UInt32] {
        image.withUnsafePix { pix in
            guard let data = pixGetData(pix) else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: Int(pixGetWpl(pix)) * Int(pixGetHeight(pix))))
        }
    }

    /// Every level against the thresholds at both ends and between, on widths that end inside a word,
    /// on a whole word, inside the first block of 32 and past several; and a scanned page.
    @Test(arguments: [0, 1, 2, 100, 128, 200, 255, 256])
    func thresholdingIsLeptonicas(threshold: Int) throws {
        var images = try [(1001, 757), (32, 3), (31, 2), (64, 9), (1, 5), (97, 11)].map { try speckled(width: $0.0, height: $0.1) }
        // Every level 0...255 along a row, so each comparison is made.
        let ramp = try #require(PixImage(taking: pixCreate(256, 1, 8)))
        ramp.withUnsafePix { pix in for x in 0..<256 { _ = pixSetPixel(pix, Int32(x), 0, UInt32(x)) } }
        images.append(ramp)
        images.append(try greyFixture("pages/zh_lab_report.png"))
        for image in images {
            let ours = try #require(image.thresholdedToBinary(threshold))
            let theirs = try #require(PixImage(taking: image.withUnsafePix { pixThresholdToBinary($0, Int32(threshold)) }))
            #expect((ours.width, ours.height, ours.depth) == (theirs.width, theirs.height, 1))
            #expect(differingWords(ours, theirs) == 0, "\(image.width)×\(image.height) at \(threshold)")
            #expect(ours.resolution == theirs.resolution)
            let converted = try #require(image.convertedTo1(threshold: threshold))
            let leptonicas = try #require(PixImage(taking: image.withUnsafePix { pixConvertTo1($0, Int32(threshold)) }))
            #expect(differingWords(converted, leptonicas) == 0, "\(image.width)×\(image.height) at \(threshold), converted")
        }
        let counts = words(try #require(ramp.thresholdedToBinary(threshold)))
        #expect(counts.reduce(0) { $0 + $1.nonzeroBitCount } == min(threshold, 256), "the ramp's levels below \(threshold)")
    }
}
