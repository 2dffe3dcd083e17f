import CLeptonica
import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// The clean-up stage on pages made from a fixture with Leptonica: skewed, and on grey paper.
struct PageCleanerTests {
    /// Writes a changed copy of `source` (the 150-dpi letter by default) and returns its path.
    private func variant(
        _ name: String, of source: URL = TestSupport.fixture("en_letter_150dpi.png"),
        _ change: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?
    ) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        let url = folder.appendingPathComponent(name)
        var source = pixRead(source.path)
        defer { pixDestroy(&source) }
        let page = try #require(source)
        var changed = change(page)
        defer { pixDestroy(&changed) }
        #expect(pixWrite(url.path, changed, Int32(IFF_PNG)) == 0)
        return url
    }

    private func letterCER(_ record: PageRecord) throws -> Double {
        CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("en_letter_150dpi"), chinese: false)
    }

    @Test(arguments: [4.0, -6.0, 12.0])
    func skewedPagesAreLevelledInAccurateMode(degrees: Double) throws {
        let url = try variant("skewed.png") {
            pixRotate($0, Float(degrees * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)
        }
        let record = try #require(try TestSupport.scan(url, mode: .accurate).first)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.deskewed)
        #expect(cleanup.skewAngle.map { abs(abs($0) - abs(degrees)) < 0.5 } == true, "found \(String(describing: cleanup.skewAngle))")
        #expect(try letterCER(record) <= 0.02)
    }

    /// A page photographed with the phone held askew, its sheet filling the frame: turned up to 45° either
    /// way it is levelled in both modes, and further by the orient stage's quarter turns and then levelled
    /// (−160° = 180° + 20°: `skewLeft` is what the deskew step finds). Swept only to 15°, eval/real's book
    /// page turned 14° more than it lay (18° in all) was read unlevelled (CER 0.93).
    @Test(arguments: [(22.0, ScanMode.fast, 22.0), (-30.0, .accurate, 30.0), (45.0, .fast, 45.0), (-160.0, .accurate, 20.0)])
    func pagesHeldAskewAreLevelled(degrees: Double, mode: ScanMode, skewLeft: Double) throws {
        let url = try variant("askew.png") { page in
            // On a canvas grown to hold the whole turned page, so that no print is cut.
            let radians = degrees * .pi / 180
            let (width, height) = (Double(pixGetWidth(page)), Double(pixGetHeight(page)))
            let grownWidth = width * abs(cos(radians)) + height * abs(sin(radians))
            let grownHeight = width * abs(sin(radians)) + height * abs(cos(radians))
            return pixRotate(page, Float(radians), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), Int32(grownWidth), Int32(grownHeight))
        }
        let record = try #require(try TestSupport.scan(url, mode: mode).first)
        let cleanup = try #require(record.cleanup)
        // Turned by a quarter turn first only when the angle is past 45°.
        #expect((record.orientation?.rotation == 0) == (skewLeft == abs(degrees)), "\(String(describing: record.orientation))")
        #expect(cleanup.deskewed)
        #expect(cleanup.skewAngle.map { abs(abs($0) - skewLeft) < 0.5 } == true, "found \(String(describing: cleanup.skewAngle))")
        let cer = try letterCER(record)
        #expect(cer <= 0.03, "CER \(cer)\n\(record.text)")
    }

    /// A page turned 4° and cut close to its print at its left side and top (a close-up framed on the
    /// print: its heading's corner reaches the frame) keeps its heading when levelled: turned on a canvas
    /// of its own size, the heading's end went past the top and read `nmarpoursiae Vental Practice`
    /// (fast) or `Aarpoursiae pental Practice` (accurate). The canvas grows only as far as the print
    /// needs.
    @Test(arguments: [ScanMode.fast, .accurate])
    func printReachingTheFramesCornerIsKeptWhenLevelled(mode: ScanMode) throws {
        let source = TestSupport.special("pages/en_letter.png")
        let url = try variant("close.png", of: source) { page in
            let radians = -4.0 * .pi / 180
            let (width, height) = (Double(pixGetWidth(page)), Double(pixGetHeight(page)))
            var turned = pixRotate(
                page, Float(radians), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE),
                Int32(width * cos(radians) + height * abs(sin(radians))), Int32(width * abs(sin(radians)) + height * cos(radians)))
            defer { pixDestroy(&turned) }
            // Cut 4 px from the print at the left and top, 200 px at the right and foot.
            var marks = pixConvertTo1(turned, 128)
            defer { pixDestroy(&marks) }
            var print: UnsafeMutablePointer<BOX>?
            guard pixClipBoxToForeground(marks, nil, nil, &print) == 0 else { return nil }
            defer { boxDestroy(&print) }
            var (x, y, w, h): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            boxGetGeometry(print, &x, &y, &w, &h)
            var cut = boxCreate(x - 4, y - 4, w + 204, h + 204)
            defer { boxDestroy(&cut) }
            return pixClipRectangle(turned, cut, nil)
        }
        let record = try #require(try TestSupport.scan(url, mode: mode).first)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.deskewed)
        #expect(cleanup.skewAngle.map { abs($0 - 4) < 0.3 } == true, "found \(String(describing: cleanup.skewAngle))")
        #expect(record.text.hasPrefix("Harbourside Dental Practice\n"), "\(record.text.prefix(80))")
        // Grown down (the turn takes the heading's end up, past the top) and not across.
        let (width, height) = (try #require(record.originalWidth), try #require(record.originalHeight))
        let (cleanedWidth, cleanedHeight) = (try #require(record.width), try #require(record.height))
        #expect(cleanedWidth == width)
        #expect(cleanedHeight > height && cleanedHeight < height + 60, "\(cleanedHeight) of \(height)")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("en_letter"), chinese: false)
        #expect(cer <= 0.003, "CER \(cer)")
    }

    /// Pages lying 42° off in a frame grown to hold them (`Fixtures/steep`: the German letter and the
    /// Chinese notice turned 42° clockwise and saved as JPEGs), read to the letter in both modes. Measured
    /// in one sweep to 46°, the letter was found 31° off (confidence 1.3) in accurate mode and 15° off in
    /// fast, the notice 15° and 35° off, none of them sure, and every one read nothing (CER 1.0);
    /// measured on their masks turned 30° (`PrintSkew.steep`), they are levelled.
    @Test(arguments: [("de_brief", "deu", ScanMode.fast), ("de_brief", "deu", .accurate),
                      ("zh_notice", "chi_sim,eng", .fast), ("zh_notice", "chi_sim,eng", .accurate)])
    func steepPagesAreLevelled(name: String, languages: String, mode: ScanMode) throws {
        let url = TestSupport.special("steep/\(name)_tilt-42.jpg")
        let record = try #require(try TestSupport.scan(url, mode: mode, languages: languages).first)
        let cleanup = try #require(record.cleanup)
        #expect(record.orientation?.rotation == 0)
        #expect(cleanup.deskewed)
        #expect(cleanup.skewAngle.map { abs($0 + 42) < 0.5 } == true, "found \(String(describing: cleanup.skewAngle))")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth(name), chinese: name.hasPrefix("zh"))
        #expect(cer <= 0.03, "CER \(cer)\n\(record.text)")
    }

    /// A small page (an 80-dpi book page, 480×720) turned 9°: swept for its skew at a quarter of its
    /// size, its text lines were a pixel or two tall and Leptonica was too unsure of the angle (2.5) to
    /// level it (CER 1.0).
    @Test(arguments: ScanMode.allCases) func smallPagesAreLevelledToo(mode: ScanMode) throws {
        let book = TestSupport.special("photos/small_type_book.jpg")
        let url = try variant("small_skewed.png", of: book) {
            pixRotate($0, Float(9 * Double.pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)
        }
        let record = try #require(try TestSupport.scan(url, mode: mode).first)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.deskewed)
        #expect(cleanup.skewAngle.map { abs(abs($0) - 9) < 0.3 } == true, "found \(String(describing: cleanup.skewAngle))")
        let truth = try String(contentsOf: TestSupport.special("photos/small_type_book.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.of(record.text, reference: truth, chinese: false)
        #expect(cer <= 0.03, "CER \(cer)\n\(record.text)")
    }

    /// A sparse Chinese page turned 3° or 7°: Leptonica finds the angle (to 0.05°) but its confidence
    /// stays at 2.5 at any skew, under its minimum of 3, and the page was read unlevelled (7°: CER 0.67
    /// fast, with the page cut square nothing at all). The lines line up 4.8–7.1 times better levelled.
    @Test(arguments: [3.0, 7.0]) func aSparseChinesePageIsLevelled(degrees: Double) throws {
        let url = try variant("zh_skewed.png", of: TestSupport.fixture("zh_notice.png")) {
            pixRotate($0, Float(degrees * Double.pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)
        }
        let record = try #require(try TestSupport.scan(url, mode: .fast, languages: "chi_sim,eng").first)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.deskewed && (cleanup.skewConfidence ?? 0) < 3 && (cleanup.skewGain ?? 0) >= 3, "\(cleanup)")
        #expect(cleanup.skewAngle.map { abs(abs($0) - degrees) < 0.2 } == true, "found \(String(describing: cleanup.skewAngle))")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("zh_notice"), chinese: true)
        #expect(cer <= 0.04, "CER \(cer)\n\(record.text)")
    }

    /// A page on grey paper turned 10°, whose corners are as grey as the paper (a page filling a photo):
    /// it is normalized to 200, and levelling it must bring in that level at the corners, not white. In
    /// a photo of a curled letter on a desk, turned 9.4°, white corners were the lightest tenth of the
    /// page, and Tesseract's global threshold fell between paper and white: it read nothing (CER 0.41).
    @Test func levellingBringsInThePaperLevel() throws {
        let url = try variant("grey_turned.png") { page in
            var grey = pixCopy(nil, page)
            defer { pixDestroy(&grey) }
            _ = pixAddConstantGray(grey, -60)
            return pixRotateAMGray(grey, Float(10 * Double.pi / 180), 195)
        }
        var configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        let debug = try TestSupport.temporaryFolder()
        configuration.debugImages = DebugImages(folder: debug)
        let record = try PagePipeline(configuration: configuration).process(try #require(PageSource(root: url).list().pages.first))
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.backgroundNormalized && cleanup.deskewed, "\(cleanup)")
        let levelled = try #require(PixImage(reading: debug.appendingPathComponent("grey_turned.png-03-deskewed.png").path))
        for (x, y) in [(2, 2), (levelled.width - 3, 2), (2, levelled.height - 3), (levelled.width - 3, levelled.height - 3)] {
            let corner = try #require(levelled.pixel(x: x, y: y))
            #expect((185...215).contains(corner), "corner (\(x), \(y)) is \(corner)")
        }
        #expect(try letterCER(record) <= 0.03)
    }

    /// Fast mode levels pages as far as accurate mode does: a 12° page read unlevelled is garbage.
    @Test func fastModeLevelsLargeSkewToo() throws {
        let large = try variant("large.png") { pixRotate($0, Float(12 * Double.pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0) }
        let record = try #require(try TestSupport.scan(large, mode: .fast).first)
        #expect(record.cleanup?.deskewed == true)
        #expect(try letterCER(record) <= 0.03)
    }

    @Test func greyPaperIsNormalized() throws {
        let url = try variant("grey.png") { page in
            let copy = pixCopy(nil, page)
            _ = pixAddConstantGray(copy, -90)
            return copy
        }
        let record = try #require(try TestSupport.scan(url, mode: .accurate).first)
        #expect(record.cleanup?.backgroundNormalized == true)
        #expect(try letterCER(record) <= 0.02)
    }

    /// Print faded to grey 112 on paper of 194, as an over-light photocopy: every print pixel is lighter
    /// than Leptonica's fixed foreground level, so only the measured midpoint keeps the text.
    @Test func fadedPrintIsKeptApartFromPaper() throws {
        let url = try variant("faded.png") { page in
            // Maps 0 → 112 and 255 → 194: the input range that gives 0…255 out is −348…445.
            pixGammaTRC(nil, page, 1.0, -348, 445)
        }
        let record = try #require(try TestSupport.scan(url, mode: .accurate).first)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.lowContrast)
        #expect(cleanup.inkLevel.map { (100...125).contains($0) } == true, "ink \(String(describing: cleanup.inkLevel))")
        #expect(try letterCER(record) <= 0.02)
    }

    /// A receipt faded to ink 150 on paper 210, with a solid block at the ink's level (a logo): counted
    /// as paper, the faded print and the block darkened their tiles so that the page looked unevenly lit
    /// (a spread of 60 levels), and the fixed foreground level flattened its print (CER 0.09).
    @Test(arguments: ScanMode.allCases) func fadedPrintBesideADarkBlockIsKeptApartFromPaper(mode: ScanMode) throws {
        let receipt = TestSupport.special("photos/receipt_scan.png")
        let url = try variant("faded_receipt.png", of: receipt) { page in
            // Maps the receipt's ink (38) to 150 and its paper (244) to 210.
            guard let faded = pixGammaTRC(nil, page, 1.0, -477, 399), let logo = boxCreate(513, 28, 85, 120) else { return nil }
            var box: UnsafeMutablePointer<BOX>? = logo
            defer { boxDestroy(&box) }
            _ = pixSetInRectArbitrary(faded, logo, 150)
            return faded
        }
        let record = try #require(try TestSupport.scan(url, mode: mode).first)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.lowContrast)
        let truth = try String(contentsOf: TestSupport.special("photos/receipt_scan.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.of(record.text, reference: truth, chinese: false)
        #expect(cer <= 0.03, "CER \(cer)\n\(record.text)")
    }

    /// Clean scans are not normalized, levelled or warped by their print's margins (`PrintPerspective`),
    /// which converge on them by 0.003–0.025 (the Chinese notice, whose right margin is ragged, the most)
    /// where a close-up at a tilt measures 0.08–0.14.
    @Test func cleanPagesAreLeftAlone() throws {
        for name in ["en_letter.png", "en_letter_150dpi.png", "zh_notice.png", "en_invoice.png"] {
            let record = try #require(try TestSupport.scan(TestSupport.fixture(name), mode: .accurate, languages: "chi_sim,eng").first)
            #expect(record.cleanup?.backgroundNormalized == false, "\(name) was normalized")
            #expect(record.cleanup?.deskewed == false, "\(name) was deskewed")
            #expect(record.cleanup?.warped == false && record.cleanup?.pageMethod == nil, "\(name) was warped")
            let convergence = record.cleanup?.printConvergence ?? 0
            #expect(convergence < PrintPerspective.minimumConvergence, "\(name): its margins converge by \(convergence)")
        }
    }

    /// A sharpened copy whose sheet is not found (sharpening rang along a Chinese book page's edges and
    /// its bright region no longer stood out) gives way to the photo as shot: the sheet found there is
    /// the one warped. Here the copy is blank, so nothing in it can be a sheet; the letter on the desk
    /// is found within 1% of the photo's diagonal of its true corners.
    @Test func aSheetNotFoundInTheSharpenedCopyIsLookedForInThePhotoAsShot() throws {
        let url = TestSupport.special("photos/desk_letter.jpg")
        let page = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        let photo = try PageLoader().run(page, context: &context).image
        let blank = try #require(photo.whitening([PageBox(x: 0, y: 0, width: photo.width, height: photo.height)])?.inverted())
        guard case .notFound(let reason) = PageFinder.find(in: blank) else { Issue.record("a sheet in a blank copy"); return }
        #expect(reason != BrightRegion.fillsTheFrame)
        let options = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1).cleanup
        let oriented = OrientedPage(image: photo, orientation: OrientationReport())
        let cleanup = PageCleaner(options: options).cleaned(oriented, from: blank, log: StepLog(keepsImages: false)).cleanup
        #expect(cleanup.warped && cleanup.pageMethod != nil, "\(cleanup.pageNote ?? "")")
        let found = try #require(cleanup.pageCorners).corners
        // The fixture's corners (desk_letter.json), clockwise from the top left, in the photo's pixels.
        let truth = [(185.1, 453.3), (1006.4, 202.2), (1574.6, 1597.0), (494.0, 1927.4)]
        let diagonal = (Double(photo.width * photo.width + photo.height * photo.height)).squareRoot()
        for (point, actual) in zip(found, truth) {
            let error = ((point.x - actual.0) * (point.x - actual.0) + (point.y - actual.1) * (point.y - actual.1)).squareRoot()
            #expect(error <= 0.01 * diagonal, "\(point) against \(actual)")
        }
    }
}
