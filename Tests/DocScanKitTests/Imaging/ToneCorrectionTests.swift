@testable import DocScanKit
import DocScanNative
import Testing

/// Evening out a photo's lighting keeps a printed band's shade.
struct ToneCorrectionTests {
    private let width = 900, height = 1200

    /// Paper lit from 150 at the left to 235 at the right, rows of dark print, and a grey band 45 px tall
    /// (half the paper's level, as a table's header is printed) holding light marks of the paper's level.
    private func litPage() throws -> PixImage {
        func paper(_ x: Int) -> Int { 150 + x * 85 / width }
        var samples = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { samples[y * width + x] = UInt8(paper(x)) } }
        for top in stride(from: 400, to: 1100, by: 30) {
            for x0 in stride(from: 80, to: 800, by: 18) {
                for y in top..<(top + 12) { for x in x0..<(x0 + 10) { samples[y * width + x] = 40 } }
            }
        }
        for y in 250..<295 { for x in 80..<820 { samples[y * width + x] = UInt8(paper(x) / 2) } }
        for x0 in stride(from: 120, to: 780, by: 50) {
            for y in 262..<283 { for x in x0..<(x0 + 12) { samples[y * width + x] = UInt8(paper(x)) } }
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("lit.pgm")
        try TestSupport.writeGreyImage(samples, width: width, height: height, to: url)
        return try #require(PixImage(reading: url.path))
    }

    /// Leptonica's map takes the band (grey 75–118, above its threshold of 60) for paper and brightens it
    /// to the paper's level, so its light print is lost; kept as a band, it stays darker than the paper
    /// by as much as it was printed, on both sides of the lighting's slope.
    @Test func aPrintedBandKeepsItsShade() throws {
        let page = try litPage()
        let even = try #require(ToneCorrection.normalizedBackground(page, threshold: ToneCorrection.defaultBackgroundThreshold))
        for x in [150, 450, 750] {
            let band = Int(try #require(even.pixel(x: x, y: 256)))
            let around = Int(try #require(even.pixel(x: x, y: 200)))
            #expect((185...215).contains(around), "paper at x \(x): \(around)")
            #expect(band <= 130, "band at x \(x): \(band)")
        }
        // The light print in it stays as light as the paper.
        let mark = Int(try #require(even.pixel(x: 426, y: 272)))
        #expect(mark >= 185, "a mark in the band: \(mark)")
    }
}
