import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// Pages whose print is small in pixels (a photo passed on at a third of its size, a thumbnail, a
/// low-resolution scan) are enlarged before they are read; pages with print large enough are not.
struct SmallPrintTests {
    /// `name` (a Fixtures path) reduced by `scale`, written as a PNG; Leptonica scales the file's
    /// resolution with it (200 dpi at a third: 66, which is not believed).
    private func reduced(_ name: String, by scale: Double) throws -> URL {
        let source = try #require(PixImage(reading: TestSupport.special(name).path))
        let grey = try #require(source.depth == 8 ? source : source.normalizedForRecognition())
        let small = try #require(grey.scaled(by: scale))
        let url = try TestSupport.temporaryFolder().appendingPathComponent("small.png")
        #expect(small.writePNG(to: url.path))
        return url
    }

    private func read(_ url: URL, mode: ScanMode, enlarging: Bool) throws -> PageRecord {
        var configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: "eng"), jobs: 1)
        configuration.cleanup.enlargeSmallPrint = enlarging
        let pipeline = try PagePipeline(configuration: configuration)
        return try #require(try PageSource(root: url).list().pages.map(pipeline.process).first)
    }

    /// The middle of the shadowed invoice photo (a JPEG without a resolution; the sheet and its print), grey.
    private func invoiceMiddle() throws -> PixImage {
        let photo = try #require(PixImage(reading: TestSupport.special("photos/shadowed_invoice.jpg").path))
        let grey = try #require(photo.depth == 8 ? photo : photo.normalizedForRecognition())
        return try #require(grey.cropped(to: PageBox(x: grey.width / 4, y: grey.height / 4, width: grey.width / 2, height: grey.height / 2)))
    }

    private func truth(_ name: String) throws -> String {
        try String(contentsOf: TestSupport.special(name), encoding: .utf8)
    }

    /// Fixtures' letter at a third and a quarter of its 200 dpi: its capitals 8 and 6 px high. Read as it
    /// is, the quarter-size page lost most of its words (CER 0.41 accurate, 0.46 fast) and the third-size
    /// one some (0.018, 0.008); enlarged three times, both read.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aLetterAtAThirdAndAQuarterOfItsSizeIsEnlargedAndReads(mode: ScanMode) throws {
        let letter = try truth("pages/en_letter.gt.txt")
        for (scale, bound, unenlarged) in [(1.0 / 3, 0.005, 0.005), (0.25, 0.02, 0.2)] {
            let url = try reduced("pages/en_letter.png", by: scale)
            let record = try read(url, mode: mode, enlarging: true)
            let cleanup = try #require(record.cleanup)
            let letters = try #require(cleanup.letterHeight)
            #expect(letters < SmallPrint.smallestLetters, "\(scale): \(cleanup)")
            let factor = min(SmallPrint.mostFactor, SmallPrint.targetLetters / Double(letters))
            #expect(abs((cleanup.enlargement ?? 0) - factor) < 0.01, "\(scale): \(cleanup)")
            let cer = CharacterErrorRate.of(record.text, reference: letter, chinese: false)
            #expect(cer <= bound, "\(scale): CER \(cer)")

            let asItIs = try read(url, mode: mode, enlarging: false)
            #expect(asItIs.cleanup?.enlargement == nil)
            let cerAsItIs = CharacterErrorRate.of(asItIs.text, reference: letter, chinese: false)
            #expect(cerAsItIs > unenlarged, "\(scale): CER as it is \(cerAsItIs)")
        }
    }

    /// A photo of a curled book page at a third and a quarter of its size: the sheet is found and warped,
    /// then warped again enlarged and straightened at that size. Read as they were: CER 0.018 and 0.20 accurate, 0.014
    /// and 0.10 fast; enlarged, 0.002–0.003 and 0.008–0.029 (at a quarter the page is 375 px wide, and
    /// an enlargement of 2.66 instead of 2.67 made the difference).
    @Test(arguments: [ScanMode.fast, .accurate])
    func aSmallPhotoOfACurledPageIsEnlargedAfterItsSheetIsFound(mode: ScanMode) throws {
        let book = try truth("photos/curled_book.gt.txt")
        for (scale, bound) in [(1.0 / 3, 0.01), (0.25, 0.04)] {
            let url = try reduced("photos/curled_book.jpg", by: scale)
            let record = try read(url, mode: mode, enlarging: true)
            let cleanup = try #require(record.cleanup)
            #expect(cleanup.warped && cleanup.enlargement != nil, "\(scale): \(cleanup)")
            let cer = CharacterErrorRate.of(record.text, reference: book, chinese: false)
            #expect(cer <= bound, "\(scale): CER \(cer)")
            let asItIs = try read(url, mode: mode, enlarging: false)
            #expect(CharacterErrorRate.of(asItIs.text, reference: book, chinese: false) > cer, "\(scale)")
        }
    }

    /// Photos at a third of their size whose sheet is found: once its print is measured small, the sheet
    /// is warped again from the photo enlarged and the later steps run again at that size (one
    /// interpolation of the photo's pixels, and lines tall enough to level and straighten), instead of
    /// the small flat page being enlarged last. That read these three at CER 0.092, 0.242 and 0.231
    /// (accurate) and 0.094, 0.234 and 0.175 (fast); now 0.064, 0.103 and 0.103, and 0.059, 0.093 and 0.077.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aSmallPhotoIsWarpedAgainFromThePhotoEnlarged(mode: ScanMode) throws {
        for (name, bound) in [("ruled_table", 0.075), ("shaded_table", 0.13), ("tilted_receipt", 0.13)] {
            let url = try reduced("photos/\(name).jpg", by: 1.0 / 3)
            let record = try read(url, mode: mode, enlarging: true)
            let cleanup = try #require(record.cleanup)
            #expect(cleanup.warped && cleanup.enlargement != nil, "\(name): \(cleanup)")
            let cer = CharacterErrorRate.of(record.text, reference: try truth("photos/\(name).gt.txt"), chinese: false)
            #expect(cer <= bound, "\(name): CER \(cer)")
        }
    }

    /// A page with no sheet cut out of it (a scan, a page filling the photo) is enlarged after its tones
    /// are evened out and before its lines are levelled and straightened, so skew and curl are measured
    /// on lines tall enough: Fixtures' letter turned 7° and reduced to a third is levelled enlarged.
    /// (eval/real's catalogue page at a third, its curl found only enlarged: CER 0.252 → 0.091.)
    @Test func aPageWithNoSheetIsLevelledEnlarged() throws {
        let source = try #require(PixImage(reading: TestSupport.special("pages/en_letter.png").path))
        let turned = try #require(source.normalizedForRecognition()?.rotated(degrees: 7, fill: 255)?.scaled(by: 1.0 / 3))
        let folder = try TestSupport.temporaryFolder()
        let url = folder.appendingPathComponent("turned.png")
        #expect(turned.writePNG(to: url.path))
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let debug = try TestSupport.temporaryFolder()
        configuration.debugImages = DebugImages(folder: debug)
        let pipeline = try PagePipeline(configuration: configuration)
        let record = try #require(try PageSource(root: url).list().pages.map(pipeline.process).first)
        let cleanup = try #require(record.cleanup)
        #expect(!cleanup.warped && cleanup.enlargement != nil && cleanup.deskewed, "\(cleanup)")
        #expect(abs((cleanup.skewAngle ?? 0) + 7) <= 0.3 || abs((cleanup.skewAngle ?? 0) - 7) <= 0.3, "\(cleanup)")
        // The debug images show the order: enlarged, then levelled.
        let steps = try FileManager.default.contentsOfDirectory(atPath: debug.path)
        func number(_ step: String) -> Int? {
            steps.first { $0.hasSuffix("-\(step).png") }.flatMap { Int($0.dropLast(step.count + 5).split(separator: "-").last ?? "") }
        }
        let enlarged = try #require(number("enlarged")), levelled = try #require(number("deskewed"))
        #expect(enlarged < levelled, "\(steps.sorted())")
        let cer = CharacterErrorRate.of(record.text, reference: try truth("pages/en_letter.gt.txt"), chinese: false)
        #expect(cer <= 0.005, "CER \(cer)")
    }

    /// Print from `smallestLetters` to `largestLetters` high is measured and left alone; a scan whose file
    /// gives a believable 200 dpi or more is not measured at all.
    @Test func printOfAReadableSizeAndTrustedScansAreLeftAlone() throws {
        let photo = try #require(try TestSupport.scan(TestSupport.special("photos/desk_letter.jpg"), mode: .fast).first)
        let letters = try #require(photo.cleanup?.letterHeight)
        #expect((SmallPrint.smallestLetters...SmallPrint.largestLetters).contains(letters), "\(String(describing: photo.cleanup))")
        #expect(photo.cleanup?.enlargement == nil)

        let scan = try #require(try TestSupport.scan(TestSupport.fixture("en_letter.png"), mode: .fast).first)
        #expect(scan.cleanup?.letterHeight == nil && scan.cleanup?.enlargement == nil, "\(String(describing: scan.cleanup))")
        #expect(CharacterErrorRate.of(scan.text, reference: try TestSupport.groundTruth("en_letter"), chinese: false) <= 0.005)
    }

    /// Print taller than `largestLetters` is reduced to `reducedLetters`, whatever the working size: the
    /// middle of the shadowed invoice photo (a JPEG without a resolution; the sheet and its print) at two
    /// and a half times its size.
    @Test func largePrintIsReducedToTheReducedHeight() throws {
        let middle = try invoiceMiddle()
        let large = try #require(middle.scaled(by: 2.5))
        let measured = try #require(SmallPrint.enlargement(for: large, longestSide: 3500))
        #expect(measured.letters > SmallPrint.largestLetters)
        let factor = try #require(measured.factor)
        #expect(abs(factor * Double(measured.letters) - SmallPrint.reducedLetters) <= 0.01 * Double(measured.letters), "\(measured)")
        #expect(factor < 1)
    }

    /// A page's scaling is settled before the curl, rules, bands and border steps only when its print
    /// measures `settledMargin` or more past a bound: the invoice's print at two and a half times is, the
    /// same print brought within a pixel or two of `largestLetters` is reduced but measured again after
    /// those steps, small print is settled only as far under `smallestLetters`, and print of a readable
    /// size is not scaled at all.
    @Test func onlyPrintFarFromABoundIsScaledBeforeTheLaterSteps() throws {
        let middle = try invoiceMiddle()
        let enlarged = try #require(middle.scaled(by: 2.5))
        let large = try #require(SmallPrint.enlargement(for: enlarged, longestSide: 3500))
        #expect(large.letters >= SmallPrint.largestLetters + SmallPrint.settledMargin && large.factor != nil && large.settled, "\(large)")

        let nearScale = 2.5 * (Double(SmallPrint.largestLetters) + 1.5) / Double(large.letters)
        let nearly = try #require(middle.scaled(by: nearScale))
        let near = try #require(SmallPrint.enlargement(for: nearly, longestSide: 3500))
        #expect(near.letters > SmallPrint.largestLetters && near.letters < SmallPrint.largestLetters + SmallPrint.settledMargin, "\(near)")
        #expect(near.factor != nil && !near.settled, "\(near)")

        let url = try reduced("pages/en_letter.png", by: 1.0 / 3)
        let page = try #require(PixImage(reading: url.path))
        let small = try #require(SmallPrint.enlargement(for: page, longestSide: 3500))
        #expect(small.factor != nil && small.settled == (small.letters <= SmallPrint.smallestLetters - SmallPrint.settledMargin), "\(small)")
        let readableScale = 2.5 * 22 / Double(large.letters)
        let ofReadableSize = try #require(middle.scaled(by: readableScale))
        let readable = try #require(SmallPrint.enlargement(for: ofReadableSize, longestSide: 3500))
        #expect(readable.factor == nil && !readable.settled, "\(readable)")
    }

    /// Blurred print lying on its side measures as large print, its letters run together down the page
    /// into pieces as tall as words, but those pieces are under half as wide across the page: it is left
    /// at its size (the out-of-focus curled letter turned onto its side, its sheet cut out and evened out
    /// as accurate mode's clean-up measures it, not sharpened: deblurred, as the clean-up now does print
    /// that far out of focus, its letters are apart and measure 29 px across). Turned upright, the same
    /// print measures the height it had across, and is not reduced either.
    @Test func blurredPrintLyingOnItsSideIsNotReduced() throws {
        let url = TestSupport.special("resaved/blurred_curl__rot270.jpg")
        let page = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        let loaded = try PageLoader().run(page, context: &context)
        var options = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1).cleanup
        options.keepSteps = true
        options.sharpenBlurredPrint = false
        let cleaned = try PageCleaner(options: options).run(OrientedPage(image: loaded.image, orientation: OrientationReport()), context: &context)
        let sheet = try #require(cleaned.steps.first { $0.0 == "background" }?.1, "\(cleaned.steps.map(\.0))")
        let lying = try #require(TextSizeResolution.letterSize(of: sheet))
        let across = try #require(lying.across)
        #expect(lying.height > SmallPrint.largestLetters && Double(lying.height) >= SmallPrint.lyingRatio * Double(across), "\(lying)")
        let measured = try #require(SmallPrint.enlargement(for: sheet, longestSide: 3500))
        #expect(measured.factor == nil && !measured.settled && measured.letters == lying.height, "\(measured)")
        #expect(cleaned.cleanup.enlargement == nil && cleaned.cleanup.letterHeight == lying.height, "\(cleaned.cleanup)")
        let turned = try #require(sheet.rotated(quarterTurns: 1))
        let upright = try #require(TextSizeResolution.letterSize(of: turned))
        #expect(abs(upright.height - across) <= 1 && upright.height <= SmallPrint.largestLetters, "\(upright), lying \(lying)")
    }

    /// In accurate mode the shadowed invoice's sheet is worked at a size where its capitals are over
    /// `largestLetters` high: it is warped again reduced, and reads word for word.
    @Test func aPhotoWithLargePrintIsReadReduced() throws {
        let record = try #require(try TestSupport.scan(TestSupport.special("photos/shadowed_invoice.jpg"), mode: .accurate).first)
        let cleanup = try #require(record.cleanup)
        let letters = try #require(cleanup.letterHeight)
        #expect(letters > SmallPrint.largestLetters, "\(cleanup)")
        let factor = try #require(cleanup.enlargement)
        #expect(abs(factor - SmallPrint.reducedLetters / Double(letters)) < 0.01, "\(cleanup)")
        #expect(cleanup.warped)
        let cer = CharacterErrorRate.of(record.text, reference: try truth("photos/shadowed_invoice.gt.txt"), chinese: false)
        #expect(cer <= 0.005, "CER \(cer)")
    }

    /// The factor brings tall letters to `targetLetters`, from `leastFactor` to `mostFactor`, and never
    /// past the mode's working size; short of `leastFactor` the page is left as it is.
    @Test func theFactorIsBoundedByTheWorkingSize() throws {
        let url = try reduced("pages/en_letter.png", by: 1.0 / 3)
        let page = try #require(PixImage(reading: url.path))
        let generous = try #require(SmallPrint.enlargement(for: page, longestSide: 3500))
        #expect(generous.letters < SmallPrint.smallestLetters)
        let wanted = min(SmallPrint.mostFactor, SmallPrint.targetLetters / Double(generous.letters))
        #expect(abs((generous.factor ?? 0) - wanted) < 0.01, "\(generous)")
        let capped = try #require(SmallPrint.enlargement(for: page, longestSide: 1300))
        let factor = try #require(capped.factor)
        #expect(factor < wanted && factor * Double(page.height) <= 1300, "\(capped), height \(page.height)")
        let tooTight = try #require(SmallPrint.enlargement(for: page, longestSide: page.height + 100))
        #expect(tooTight.factor == nil && tooTight.letters == generous.letters)
    }
}
