@testable import DocScanKit
import DocScanNative
import Testing

/// Light print on an even, shaded band is turned dark on paper; a picture's uneven dark area, a band at
/// the page's edge and a band without print are left alone.
struct ShadedBandsTests {
    private let width = 600, height = 800
    private let paper: UInt8 = 220, ink: UInt8 = 30

    enum Tone { case even(UInt8), ramp }

    /// A grey page with rows of dark "print" (12-px squares) and a band 50 px tall from `left` to 540,
    /// shaded `tone`, holding `marks` light squares (12×20 px) of the paper's level.
    private func page(tone: Tone, left: Int = 60, marks: Int = 6) throws -> PixImage {
        var samples = [UInt8](repeating: paper, count: width * height)
        for top in stride(from: 320, to: 740, by: 30) {
            for x0 in stride(from: 60, to: 530, by: 20) {
                for y in top..<(top + 12) { for x in x0..<(x0 + 12) { samples[y * width + x] = ink } }
            }
        }
        for y in 200..<250 {
            for x in left..<540 {
                switch tone {
                case .even(let level): samples[y * width + x] = level
                case .ramp: samples[y * width + x] = UInt8(20 + (x - left) * 130 / (540 - left))
                }
            }
        }
        for mark in 0..<marks {
            let x0 = 100 + mark * 60
            for y in 215..<235 { for x in x0..<(x0 + 12) { samples[y * width + x] = paper } }
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("band.pgm")
        try TestSupport.writeGreyImage(samples, width: width, height: height, to: url)
        return try #require(PixImage(reading: url.path))
    }

    @Test func lightPrintOnAnEvenBandIsTurnedDarkOnPaper() throws {
        let turned = try #require(ShadedBands.reversed(try page(tone: .even(100))))
        #expect(turned.bands == 1)
        // The band is paper now, its marks print, its blurred edge gone; the print outside is untouched.
        #expect(try #require(turned.image.pixel(x: 80, y: 225)) >= 200)
        #expect(try #require(turned.image.pixel(x: 106, y: 225)) <= 60)
        #expect(try #require(turned.image.pixel(x: 300, y: 200)) >= 200)
        #expect(try #require(turned.image.pixel(x: 66, y: 326)) == UInt32(ink))
        #expect(try #require(turned.image.pixel(x: 300, y: 100)) == UInt32(paper))
    }

    /// A dark area whose tone runs from black to mid-grey is a picture, not a printed band.
    @Test func anUnevenDarkAreaIsNoBand() throws {
        #expect(ShadedBands.reversed(try page(tone: .ramp)) == nil)
    }

    /// A band that reaches the page's edge may be the desk or a scanner's border.
    @Test func aBandAtThePagesEdgeIsLeftAlone() throws {
        #expect(ShadedBands.reversed(try page(tone: .even(100), left: 0)) == nil)
    }

    /// A dark bar with no light print in it (a redaction, a rule drawn thick) is not turned.
    @Test func aBandWithoutPrintIsLeftAlone() throws {
        #expect(ShadedBands.reversed(try page(tone: .even(100), marks: 0)) == nil)
    }
}
