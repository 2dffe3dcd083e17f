import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// A sheet curled up at one end, lying on a dark desk: its top and bottom edges rise towards the curl,
/// and so, in between, do its lines; the curled end, turned from the light, may be shaded.
struct CurledSheetTests {
    /// Where the flat 1240×1754 letter lies in the 1700×2200 photo, and how it curls: within `zone` of
    /// its left edge every point rises by `lift` × (1 − distance / zone)², the top edge by all of it, the
    /// bottom edge by three quarters (a sheet held down at its foot curls less there).
    static let origin = (x: 230.0, y: 260.0), zone = 0.45 * 1240

    /// The photo, row by row: the letter's grey levels on the sheet, darkened within `zone` of its left
    /// edge by up to `shade` × (1 − distance / zone)², and the `desk` level around it.
    private func curledPhoto(lift: Double, shade: Double = 0, desk: UInt8 = 70) throws -> (samples: [UInt8], width: Int, height: Int) {
        let letter = try #require(PixImage(reading: TestSupport.fixture("en_letter_150dpi.png").path))
        let page = try #require(letter.greySamples())
        let (width, height) = (1700, 2200)
        var photo = [UInt8](repeating: desk, count: width * height)
        for x in 0..<width {
            let u = Double(x) - Self.origin.x
            guard u >= 0, u < 1240 else { continue }
            let curl = pow(max(0, 1 - u / Self.zone), 2)
            let rise = lift * curl, light = 1 - shade * curl
            let top = Self.origin.y - rise, bottom = Self.origin.y + 1754 - 0.75 * rise
            for y in Int(top.rounded(.up))..<Int(bottom.rounded(.up)) {
                let v = Int((Double(y) - top) / (bottom - top) * 1754)
                photo[y * width + x] = UInt8(Double(page[min(1753, v) * 1240 + Int(u)]) * light)
            }
        }
        return (photo, width, height)
    }

    /// The curled photo scanned in accurate mode, its sheet's corners expected where the curl put them
    /// (within 1% of the diagonal) and the letter read at CER 0.03 at most.
    private func scanExpectingTheWholeLetter(lift: Double, shade: Double = 0, desk: UInt8 = 70) throws -> CleanupReport {
        let photo = try curledPhoto(lift: lift, shade: shade, desk: desk)
        let url = try TestSupport.temporaryFolder().appendingPathComponent("curled.pgm")
        try TestSupport.writeGreyImage(photo.samples, width: photo.width, height: photo.height, to: url)
        let record = try #require(try TestSupport.scan(url, mode: .accurate).first)
        let cleanup = try #require(record.cleanup)
        let found = try #require(cleanup.pageCorners, "no page found: \(cleanup.pageNote ?? "")")
        let (x0, y0) = Self.origin
        let truth = [(x0, y0 - lift), (x0 + 1240, y0), (x0 + 1240, y0 + 1754), (x0, y0 + 1754 - 0.75 * lift)]
        let allowed: Double = 0.01 * (1700.0 * 1700.0 + 2200.0 * 2200.0).squareRoot()
        for (point, corner) in zip(found.corners, truth) {
            let error = point.distance(to: PageQuad.Point(x: corner.0, y: corner.1))
            #expect(error <= allowed, "corner \(point) is \(error) px from \(corner)")
        }
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("en_letter_150dpi"), chinese: false)
        #expect(cer <= 0.03, "CER \(cer)")
        return cleanup
    }

    /// Curled by 150 px, the sheet's bright region differs from its corners' quadrilateral by 5.5% of
    /// its area, a sheet the brightness finder takes; by 240 px, by 9%, which it refused as no solid
    /// quadrilateral until the sides were traced. Read by its corners alone, the first read at CER 0.61.
    @Test(arguments: [150.0, 240.0])
    func aCurledSheetIsWarpedAlongItsSides(lift: Double) throws {
        let cleanup = try scanExpectingTheWholeLetter(lift: lift)
        #expect(cleanup.pageMethod == "brightness")
        // The top edge bows into the corners' quadrilateral by up to 0.6 × lift (the chord from the
        // risen corner runs above the flat part, farthest 432 px in): followed, not cut straight.
        let bulge = try #require(cleanup.sideBulge, "the sides were not followed")
        let expected = 0.6007 * lift / (1240 * 1240 + lift * lift).squareRoot()
        #expect(abs(bulge - expected) <= 0.15 * expected, "bulge \(bulge), expected \(expected)")
        // What Tesseract reads is straight: the lines on the warped page bend less than a flat page's
        // (`CurlFlattener.minimumBend`), so none is left for the text-line model to straighten.
        #expect(cleanup.dewarped == false)
        #expect((cleanup.lineBend ?? 0) < CurlFlattener.minimumBend, "line bend \(String(describing: cleanup.lineBend))")
    }

    /// The curled end shaded to half the paper's level (at the edge, on a desk at 110): the bright
    /// region at the photo's split ended 360 px into the sheet, where the shading crossed it, and cut
    /// off the start of every line (CER 0.35). That side hardly stands out from what lies beyond (paper,
    /// a little darker), so lower thresholds are tried, and the whole sheet is found at one.
    @Test func aShadedCurlIsNotCutOff() throws {
        _ = try scanExpectingTheWholeLetter(lift: 60, shade: 0.5, desk: 110)
    }

    /// An object lying against a sheet makes a step in its side, not a bow: such a region is no curled
    /// sheet, and its sides are not traced into the warp.
    @Test func aStepInASideIsNoBow() throws {
        // A 400×600 sheet with a 60×40 box against its right side, on an 800×800 mask.
        var mask = [UInt8](repeating: 0, count: 800 * 800)
        for y in 100..<700 { for x in 200..<600 { mask[y * 800 + x] = 255 } }
        for y in 300..<340 { for x in 600..<660 { mask[y * 800 + x] = 255 } }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("mask.pgm")
        try TestSupport.writeGreyImage(mask, width: 800, height: 800, to: url)
        let grey = try #require(PixImage(reading: url.path))
        let binary = try #require(grey.thresholdedToBinary(128)?.inverted())
        let quad = PageQuad(topLeft: .init(x: 200, y: 100), topRight: .init(x: 599, y: 100),
                            bottomRight: .init(x: 599, y: 699), bottomLeft: .init(x: 200, y: 699))
        let sides = try #require(CurvedSides.trace(binary, offsetX: 0, offsetY: 0, quad: quad))
        #expect(sides.roughness > BrightRegion.maximumRoughness, "roughness \(sides.roughness)")
        // The same sheet without the box: every side traced straight.
        for y in 300..<340 { for x in 600..<660 { mask[y * 800 + x] = 0 } }
        try TestSupport.writeGreyImage(mask, width: 800, height: 800, to: url)
        let plain = try #require(PixImage(reading: url.path)?.thresholdedToBinary(128)?.inverted())
        let straight = try #require(CurvedSides.trace(plain, offsetX: 0, offsetY: 0, quad: quad))
        #expect(straight.roughness <= 1 && straight.curvature(of: quad) < BrightRegion.minimumCurvature, "\(straight)")
    }
}
