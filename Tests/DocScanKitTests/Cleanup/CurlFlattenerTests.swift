import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// An open book photographed from above bows its lines both ways: those above the middle sag at the
/// page's sides, those below rise. Photographed small (a phone's smaller setting, a photo sent on), the
/// same bow is a stronger curvature in pixels.
struct CurlFlattenerTests {
    /// The small book page of Fixtures/photos (480×720, a photo of 80-dpi print), 8-bit grey.
    private func bookPage() throws -> PixImage {
        let book = try #require(PixImage(reading: TestSupport.special("photos/small_type_book.jpg").path))
        return try #require(book.depth == 8 ? book : book.normalizedForRecognition())
    }

    /// The small book page bowed (`bowed(_:bow:)`).
    private func bowedBookPage(bow: Double) throws -> PixImage {
        try bowed(try bookPage(), bow: bow)
    }

    /// A bow of 3% of the height curves the page's top and bottom lines hundreds of Leptonica's
    /// micro-units apart, over 400: past the limits set for pages of 2,000 px, which refused the model,
    /// and the page was read bent. The limits grow as the page is smaller; it is straightened, its lines
    /// come out flat, and it reads.
    @Test func aBowedPagePhotographedSmallIsStraightened() throws {
        let bowed = try bowedBookPage(bow: 0.03)
        let model = try #require(TextLineDewarp(page: bowed))
        #expect(model.isBuilt)
        #expect(model.curvature.upperBound - model.curvature.lowerBound > 400, "\(model.curvature)")

        try expectStraightenedAndRead(bowed, measuredOn: .adaptive, cerAtMost: 0.02)
    }

    /// `page` (the bowed book page) comes out of the flattener with its lines flat, as `binarization`
    /// finds them, and scanned in accurate mode it is dewarped and reads at CER `bound` at most.
    private func expectStraightenedAndRead(
        _ page: PixImage, measuredOn binarization: TextLineDewarp.Binarization, cerAtMost bound: Double
    ) throws {
        let straightened = try #require(CurlFlattener.flatten(page, drawing: false).image)
        let residual = try #require(TextLineDewarp(page: straightened, binarization: binarization))
        #expect(!residual.isBuilt || residual.bend < CurlFlattener.minimumBend, "residual bend \(residual.bend)")
        try expectDewarpedAndRead(page, cerAtMost: bound)
    }

    /// `page`, holding the book page's text, scanned in accurate mode, is dewarped and reads at CER
    /// `bound` at most.
    private func expectDewarpedAndRead(_ page: PixImage, cerAtMost bound: Double) throws {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("bowed.png")
        #expect(page.writePNG(to: url.path))
        let record = try #require(try TestSupport.scan(url, mode: .accurate).first)
        #expect(record.cleanup?.dewarped == true, "\(String(describing: record.cleanup))")
        let truth = try String(contentsOf: TestSupport.special("photos/small_type_book.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.of(record.text, reference: truth, chinese: false)
        #expect(cer <= bound, "CER \(cer)")
    }

    /// The small book page enlarged 3× (1440 × 2160, a sheet cut out of a photo at fast mode's size) and
    /// warped so that its right side is 6% of its width shorter, top and foot alike: as a sheet warped
    /// by an outline partly along the photo's frame is left, its lines straight but fanning out, their
    /// slopes turning by 2 × 0.03 = 0.06 radians from top to foot.
    private func fannedBookPage() throws -> (flat: PixImage, fanned: PixImage) {
        let flat = try #require(try bookPage().scaled(by: 3))
        let (width, height) = (Double(flat.width), Double(flat.height))
        let drop = 0.03 * width
        let corners = try #require(PointArray([(0, 0), (width, 0), (width, height), (0, height)]))
        let fannedCorners = try #require(PointArray([(0, 0), (width, drop), (width, height - drop), (0, height)]))
        let fanned = try #require(flat.warped(from: corners, to: fannedCorners, width: flat.width, height: flat.height, fill: 255))
        return (flat, fanned)
    }

    /// Lines that fan out without bending (`CurlFlattener.minimumFan`): the fan is measured as made (a
    /// flat page's is near 0), a sheet cut out of a photo is straightened though its bend is a flat
    /// page's, its lines come out level (a flat sheet's fan), and it reads. A scan is left as it is.
    @Test func aSheetWhoseLinesFanOutIsStraightened() throws {
        let (flat, fanned) = try fannedBookPage()
        let level = try #require(TextLineDewarp(page: flat, halfSize: true, binarization: .darkPixels))
        #expect(level.isBuilt && level.fan < 0.005, "flat page's fan \(level.fan)")

        #expect(CurlFlattener.flatten(fanned, drawing: false).image == nil, "a scan is left as it is")
        let outcome = CurlFlattener.flatten(fanned, drawing: false, cutOut: true)
        let fan = try #require(outcome.fan)
        #expect(abs(fan - 0.06) <= 0.005, "fan \(fan)")
        #expect((outcome.bend ?? 1) < CurlFlattener.minimumBend, "bend \(String(describing: outcome.bend))")
        let straightened = try #require(outcome.image)
        let residual = try #require(TextLineDewarp(page: straightened, halfSize: true, binarization: .darkPixels))
        #expect(residual.isBuilt && residual.fan < 0.01, "residual fan \(residual.fan)")

        let url = try TestSupport.temporaryFolder().appendingPathComponent("straightened.png")
        #expect(straightened.writePNG(to: url.path))
        let record = try #require(try TestSupport.scan(url, mode: .accurate).first)
        let truth = try String(contentsOf: TestSupport.special("photos/small_type_book.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.of(record.text, reference: truth, chinese: false)
        #expect(cer <= 0.01, "CER \(cer)")
    }

    /// `page` with its print faded to `contrast` of its distance from white, as a pale photocopy or a
    /// page photographed in flat light; written as a PGM file and read back.
    private func faded(_ page: PixImage, contrast: Double) throws -> PixImage {
        let samples = try #require(page.greySamples())
        let url = try TestSupport.temporaryFolder().appendingPathComponent("faded.pgm")
        try TestSupport.writeGreyImage(
            samples.map { UInt8((255 - (255 - Double($0)) * contrast).rounded()) }, width: page.width, height: page.height, to: url)
        return try #require(PixImage(reading: url.path))
    }

    /// Leptonica's adaptive threshold, which the straightening model is built on, loses pale print: on
    /// the bowed book page at 30% contrast it found no line, while the dark-pixel mask the bend is
    /// measured on found 21. The page was measured as bent and read bent (CER 0.015). A model on the
    /// mask straightens it instead; its lines come out flat and it reads.
    @Test func aPalePageTheAdaptiveThresholdLosesIsStraightenedOnItsMask() throws {
        let pale = try faded(try bowedBookPage(bow: 0.03), contrast: 0.3)
        let adaptive = try #require(TextLineDewarp(page: pale))
        #expect(!adaptive.isBuilt)
        let mask = try #require(TextLineDewarp(page: pale, binarization: .darkPixels))
        #expect(mask.isBuilt && mask.bend >= CurlFlattener.minimumBend, "bend \(mask.bend)")

        try expectStraightenedAndRead(pale, measuredOn: .darkPixels, cerAtMost: 0.01)
    }

    /// The bowed book page at the top of a sheet `times` as tall, the rest blank paper, as a letter's
    /// text fills the top of its sheet; written as a PGM file and read back.
    private func onTallSheet(_ page: PixImage, times: Double) throws -> PixImage {
        let samples = try #require(page.greySamples())
        let height = Int(Double(page.height) * times)
        let url = try TestSupport.temporaryFolder().appendingPathComponent("tall.pgm")
        try TestSupport.writeGreyImage(
            samples + [UInt8](repeating: 255, count: (height - page.height) * page.width), width: page.width, height: height, to: url)
        return try #require(PixImage(reading: url.path))
    }

    /// Leptonica refuses a model whose lines do not span half the page's height: the bowed page at the
    /// top of a sheet twice as tall got none, and was read bent. Its text's band is modelled on its own
    /// and straightened in place: the band's lines come out flat and the page reads.
    @Test func aCurledLetterWhoseTextFillsTheTopOfItsSheetIsStraightened() throws {
        let letter = try onTallSheet(try bowedBookPage(bow: 0.02), times: 2.2)
        #expect(TextLineDewarp(page: letter, binarization: .darkPixels)?.isBuilt == false)
        let band = try #require(TextBand.find(in: letter))
        #expect(Double(band.y + band.height) < 0.5 * Double(letter.height), "\(band)")

        let outcome = CurlFlattener.flatten(letter, drawing: false)
        #expect((outcome.bend ?? 0) >= CurlFlattener.minimumBend, "bend \(String(describing: outcome.bend))")
        let straightened = try #require(outcome.image)
        #expect(straightened.width == letter.width && straightened.height == letter.height)
        let residual = try #require(straightened.cropped(to: band).flatMap { TextLineDewarp(page: $0, minimumLines: CurlFlattener.columnMinimumLines) })
        #expect(!residual.isBuilt || residual.bend < CurlFlattener.minimumBend, "residual bend \(residual.bend)")
        try expectDewarpedAndRead(letter, cerAtMost: 0.02)
    }

    /// The small book page with a ruled table in its lower half: its text there cut into three cells a
    /// row by gaps of 50 px, two rules between them and one at each side, a rule under every 24 px;
    /// written as a PGM file and read back.
    private func withRuledTable() throws -> PixImage {
        let flat = try bookPage()
        var samples = try #require(flat.greySamples())
        let (width, height) = (flat.width, flat.height)
        let paper = samples[5 * width + 5], top = height / 2
        for y in top..<height {
            for x in [width / 3, 2 * width / 3] { for dx in -25..<25 { samples[y * width + x + dx] = paper } }
        }
        for y in top..<(height - 30) {
            for x in [20, width / 3, 2 * width / 3, width - 22] { for dx in 0..<2 { samples[y * width + x + dx] = 20 } }
        }
        for y in stride(from: top, to: height - 30, by: 24) {
            for x in 20..<(width - 20) { samples[y * width + x] = 20; samples[(y + 1) * width + x] = 20 }
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("ruled.pgm")
        try TestSupport.writeGreyImage(samples, width: width, height: height, to: url)
        return try #require(PixImage(reading: url.path))
    }

    /// `page` bowed: each point moves down by `bow` × u² × v of the page's height, u and v running from
    /// −1 to 1 across and down.
    private func bowed(_ page: PixImage, bow: Double) throws -> PixImage {
        let (width, height, step) = (page.width, page.height, 8)
        var map: [(x: Float, y: Float)] = []
        for row in 0..<((height - 1) / step + 2) {
            for column in 0..<((width - 1) / step + 2) {
                let x = Double(column * step), y = Double(row * step)
                let u = 2 * x / Double(width) - 1, v = 2 * y / Double(height) - 1
                map.append((Float(x), Float(y - bow * Double(height) * u * u * v)))
            }
        }
        return try #require(page.remapped(width: width, height: height, step: step, map: map, fill: 255))
    }

    /// A curled page whose lower half is a ruled table has no model as it is: the rules join the cells,
    /// and the cells are short lines. Without its vertical rules its rows and horizontal rules are long
    /// lines; the page is straightened (its bend measured near the 2% it was bowed by), its lines come
    /// out flat, and photographed on a desk it is dewarped and its paragraph above the table reads. A
    /// scan is not modelled so (flat scans with tables paid 25–115 ms for nothing).
    @Test func aCurledPageWithARuledTableIsStraightened() throws {
        let page = try bowed(try withRuledTable(), bow: 0.02)
        #expect(TextLineDewarp(page: page, binarization: .darkPixels)?.isBuilt == false)
        #expect(TextLineDewarp(page: page)?.isBuilt == false)

        #expect(CurlFlattener.flatten(page, drawing: false).image == nil, "a scan is left as it is")
        let outcome = CurlFlattener.flatten(page, drawing: false, cutOut: true)
        let bend = try #require(outcome.bend)
        #expect(bend >= CurlFlattener.minimumBend && bend < 0.03, "bend \(bend)")
        let straightened = try #require(outcome.image)
        let residual = CurlFlattener.flatten(straightened, drawing: false, cutOut: true)
        #expect((residual.bend ?? 0) < CurlFlattener.minimumBend, "residual bend \(String(describing: residual.bend))")

        // Photographed: the sheet on a dark desk, 120 px of it all round.
        let (width, height, margin) = (page.width, page.height, 120)
        let sheet = try #require(page.greySamples())
        var photo = [UInt8](repeating: 50, count: (width + 2 * margin) * (height + 2 * margin))
        for y in 0..<height {
            for x in 0..<width { photo[(y + margin) * (width + 2 * margin) + x + margin] = sheet[y * width + x] }
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("bowed-table.pgm")
        try TestSupport.writeGreyImage(photo, width: width + 2 * margin, height: height + 2 * margin, to: url)
        let record = try #require(try TestSupport.scan(url, mode: .accurate).first)
        #expect(record.cleanup?.warped == true && record.cleanup?.dewarped == true, "\(String(describing: record.cleanup))")
        // The paragraph above the table, bowed most at its first lines.
        for line in ["By the time the ferry reached Carrow Point the fog had", "lighthouse standing on its shelf of black rock like a chalk"] {
            #expect(record.text.contains(line), "\(record.text)")
        }
    }
}
