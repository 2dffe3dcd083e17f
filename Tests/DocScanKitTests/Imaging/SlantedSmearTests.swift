import CLeptonica
import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// Camera shake at a slant (`BlurredPrint.slant(in:)`): Fixtures' shaken table photo (smeared 6 px down
/// the frame) turned 35° as a phone held askew turns it, and Fixtures' lab report smeared 7 px 30° off
/// its rows.
struct SlantedSmearTests {
    /// The smear's way is found within 10° (the turns are measured 10° apart); pages in focus show none.
    @Test func theSmearsWayIsFound() throws {
        let turned = try TestSupport.turnedPhoto(TestSupport.special("photos/shaken_table.jpg"), degrees: 35)
        let slant = try #require(BlurredPrint.slant(in: try TestSupport.loadedImage(turned)))
        // Clockwise degrees from the rows: the smear ran down (90°), turned 35° more.
        let lying = slant.across ? -slant.degrees : 90 - slant.degrees
        let off = abs(((lying - 125).truncatingRemainder(dividingBy: 180) + 270).truncatingRemainder(dividingBy: 180) - 90)
        #expect(off <= 10, "found \(slant)")
        for url in [TestSupport.fixture("en_letter.png"), TestSupport.special("photos/desk_letter.jpg"),
                    TestSupport.special("photos/tilted_letter.jpg")] {
            #expect(BlurredPrint.slant(in: try TestSupport.loadedImage(url)) == nil, "\(url.lastPathComponent)")
        }
    }

    /// A strip of flat colour swatches (Leptonica's 19-colors.png, 950 × 100, as grey): its bars' edges,
    /// all straight down, looked like a smear so steep that the smear's length was looked for in a range
    /// ending before it began, and the page's worker trapped (`Range requires lowerBound <= upperBound`).
    /// It is read now, and found to hold no text.
    @Test func aStripOfSwatchesIsNoSmear() throws {
        let greys: [UInt8] = [76, 125, 174, 226, 201, 176, 150, 159, 169, 179, 130, 81, 29, 54, 79, 105, 96, 86, 76]
        let width = 50 * greys.count, height = 100
        let row = greys.flatMap { [UInt8](repeating: $0, count: 50) }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("swatches.pgm")
        try TestSupport.writeGreyImage(Array((0..<height).map { _ in row }.joined()), width: width, height: height, to: url)
        let pipeline = try PagePipeline(configuration: try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1))
        let record = pipeline.process(try #require(try PageSource(root: url).list().pages.first))
        #expect(record.error == nil, "\(String(describing: record.error))")
        #expect(record.text.isEmpty, "\(record.text)")
        #expect(record.warnings.contains { $0.hasPrefix("no text was recognized") }, "\(record.warnings)")
    }

    /// Fixtures' lab report smeared `length` px along a line at `degrees` anticlockwise from the rows (13
    /// samples along it, each spread over its four nearest pixels), as the photo stress set's slanted
    /// scenes are smeared (`make_photo_stress.py DIR slant`), written as PNG.
    private func smearedReport(degrees: Double, length: Double = 7) throws -> URL {
        var page = pixRead(TestSupport.fixture("zh_lab_report.png").path)
        defer { pixDestroy(&page) }
        var grey = pixConvertTo8(page, 0)
        defer { pixDestroy(&grey) }
        let size = 11, centre = 5.0
        var kernel = kernelCreate(Int32(size), Int32(size))
        defer { kernelDestroy(&kernel) }
        kernelSetOrigin(kernel, Int32(centre), Int32(centre))
        var weights = [Double](repeating: 0, count: size * size)
        let radians = degrees * .pi / 180
        for step in 0..<13 {
            let t = (Double(step) / 12 - 0.5) * (length - 1)
            let (x, y) = (centre + t * cos(radians), centre - t * sin(radians))
            let (x0, y0) = (floor(x), floor(y))
            for (dx, wx) in [(0.0, 1 - (x - x0)), (1, x - x0)] {
                for (dy, wy) in [(0.0, 1 - (y - y0)), (1, y - y0)] {
                    weights[Int(y0 + dy) * size + Int(x0 + dx)] += wx * wy / 13
                }
            }
        }
        for row in 0..<size {
            for column in 0..<size { kernelSetElement(kernel, Int32(row), Int32(column), Float(weights[row * size + column])) }
        }
        var smeared = pixConvolve(grey, kernel, 8, 1)
        defer { pixDestroy(&smeared) }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("smeared_report.png")
        #expect(pixWrite(url.path, smeared, Int32(IFF_PNG)) == 0)
        return url
    }

    /// Smeared 30° off the rows, the report's steps measure neither smeared one way nor out of focus; the
    /// smear is found at a slant and taken out.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aReportSmearedAtASlantIsReadWithTheSmearTakenOut(mode: ScanMode) throws {
        let record = try #require(try TestSupport.scan(try smearedReport(degrees: 30), mode: mode, languages: "chi_sim,eng").first)
        let reference = try TestSupport.groundTruth("zh_lab_report")
        let cer = CharacterErrorRate.of(record.text, reference: reference, chinese: true)
        #expect(record.cleanup?.streak == "slant")
        // Read as smeared, 0.161 (fast) and 0.179 (accurate).
        #expect(cer <= 0.14, "CER \(cer)")
    }
}
