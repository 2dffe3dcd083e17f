import DocScanCore
import DocScanNative
@testable import DocScanKit
import Foundation
import Testing

/// Real Tesseract on the fixture pages, through the library's page pipeline, in both modes.
struct RecognitionTests {
    /// Page, languages, CER bound. The bounds are a little above what both modes measure (English and
    /// German about 0.001–0.003, Chinese 0.015–0.03), so a real regression fails them.
    static let pages: [(String, String, Double)] = [
        ("en_letter", "eng", 0.01),
        ("en_letter_150dpi", "eng", 0.01),
        ("en_invoice", "eng", 0.01),
        ("de_brief", "deu", 0.01),
        ("zh_lab_report", "chi_sim,eng", 0.05),
        ("zh_notice", "chi_sim,eng", 0.04),
    ]

    static let cases = ScanMode.allCases.flatMap { mode in pages.map { (mode, $0.0, $0.1, $0.2) } }

    @Test(arguments: cases)
    func recognizesUnderTheErrorBound(mode: ScanMode, name: String, languages: String, bound: Double) throws {
        let configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: languages), jobs: 1)
        let pipeline = try PagePipeline(configuration: configuration)
        let page = try #require(try PageSource(root: TestSupport.fixture("\(name).png")).list().pages.first)
        let record = pipeline.process(page)

        #expect(record.error == nil)
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth(name), chinese: languages.hasPrefix("chi"))
        #expect(cer <= bound, "CER \(cer) over \(bound) for \(name) in \(mode) mode")
        #expect(record.meanConfidence.map { $0 > 70 } == true)
        #expect(record.words.count > 20)
        #expect(record.lines.count > 5)
        #expect(record.timingsMs.recognize.map { $0 > 0 } == true)
        // CPU time of the reading thread alone: real work, never more than the stage's wall time (the
        // tests run side by side, so it may be much less).
        let cpu = try #require(record.cpuMs?.recognize), wall = try #require(record.timingsMs.recognize)
        #expect(cpu > 50 && cpu <= wall * 1.02 + 2, "recognize: \(cpu) ms CPU in \(wall) ms")
        // A plain page has no dark areas: doubtful lines are not read a second time, inverted.
        #expect(record.layout?.invertedPass == false)
    }

    /// White text on a dark banner is turned to dark print on paper by the clean-up stage
    /// (`ShadedBands`), in both modes.
    @Test(arguments: ScanMode.allCases)
    func lightTextOnADarkBannerIsRead(mode: ScanMode) throws {
        let record = try #require(try TestSupport.scan(TestSupport.special("inverted/en_letter_banner.png"), mode: mode).first)
        #expect(record.cleanup?.bandsReversed == 1)
        try expectBannerRead(record)
    }

    /// A banner left light on dark (one the band step does not take: at a page's edge, unevenly shaded)
    /// is read by Tesseract's inverted pass, which runs only on pages with such dark areas.
    @Test(arguments: ScanMode.allCases)
    func theInvertedPassReadsABannerLeftDark(mode: ScanMode) throws {
        var configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: "eng"), jobs: 1)
        configuration.cleanup.reverseBands = false
        let pipeline = try PagePipeline(configuration: configuration)
        let page = try #require(try PageSource(root: TestSupport.special("inverted/en_letter_banner.png")).list().pages.first)
        let record = pipeline.process(page)
        #expect(record.cleanup?.bandsReversed == 0)
        let layout = try #require(record.layout)
        #expect(layout.invertedPass)
        #expect(try #require(layout.darkAreas) > 0.02)
        try expectBannerRead(record)
    }

    private func expectBannerRead(_ record: PageRecord) throws {
        let head = record.lines.prefix(3).map(\.text).joined(separator: " ")
        for word in ["Harbourside", "Dental", "Practice", "Quay", "Street", "Telephone"] {
            #expect(head.contains(word), "\(word) not in the banner's lines: \(head)")
        }
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("en_letter"), chinese: false)
        #expect(cer < 0.02, "CER \(cer)")
    }

    @Test func wordsCarryBoxesInsideThePage() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let page = try #require(try PageSource(root: TestSupport.fixture("en_invoice.png")).list().pages.first)
        let record = try PagePipeline(configuration: configuration).process(page)
        let width = try #require(record.width), height = try #require(record.height)
        for word in record.words {
            #expect(word.box.x >= 0 && word.box.y >= 0 && word.box.width > 0 && word.box.height > 0)
            #expect(word.box.x + word.box.width <= width && word.box.y + word.box.height <= height)
            #expect((0...100).contains(word.confidence))
        }
        #expect(record.words.contains { $0.text == "INVOICE" || $0.text == "Invoice" })
    }

    @Test func implausibleResolutionIsNotPassedOn() throws {
        #expect(SourceResolution(fileResolution: 0).dotsPerInch == 0)
        #expect(SourceResolution(fileResolution: 28).dotsPerInch == 0)
        #expect(SourceResolution(fileResolution: 72).warning?.contains("72 dpi") == true)
        #expect(SourceResolution(fileResolution: 0).warning == "the image has no resolution; estimated from the text size")
        #expect(SourceResolution(fileResolution: 300).dotsPerInch == 300)
        #expect(SourceResolution(fileResolution: 300).warning == nil)
        // The edges of the believed range: 100 and 1,200 dpi are kept, one past either is estimated.
        #expect(SourceResolution(fileResolution: 99).dotsPerInch == 0)
        #expect(SourceResolution(fileResolution: 100).dotsPerInch == 100)
        #expect(SourceResolution(fileResolution: 1200).dotsPerInch == 1200)
        #expect(SourceResolution(fileResolution: 1201).dotsPerInch == 0)
    }

    @Test func aChinesePageWithoutResolutionIsTakenAsAnA4Page() throws {
        // An A4 page at 300 dpi, and the same page scaled to fast mode's working size.
        #expect(SourceResolution(fileResolution: 0, paperSize: (2481, 3508)).dotsPerInch == 300)
        #expect(SourceResolution(fileResolution: 72, paperSize: (1768, 2500)).dotsPerInch == 214)
        #expect(SourceResolution(fileResolution: 0, paperSize: (1768, 2500)).warning
                == "the image has no resolution; taken as an A4 page of its size, 214 dpi")
        // A file's plausible resolution wins; an image too small for a page is left to Tesseract.
        #expect(SourceResolution(fileResolution: 200, paperSize: (2481, 3508)).dotsPerInch == 200)
        #expect(SourceResolution(fileResolution: 0, paperSize: (640, 480)).dotsPerInch == 0)

        // Read without its resolution, the Chinese notice (A5 at 300 dpi) is taken as an A4 page of the
        // size it is read at, not given Tesseract's estimate of 537, and reads as well as with it (fast
        // mode: CER 0.015; 0.019 when left to the estimate). Its characters are large print, so it is read
        // reduced by 0.61 (`SmallPrint.largestLetters`): 129 dpi (212 at its own size). An English page is
        // measured instead (`TextSizeResolutionTests`).
        let folder = try TestSupport.temporaryFolder()
        for name in ["zh_notice", "en_letter"] {
            try TurnAfterReadingTests.withoutResolution(Data(contentsOf: TestSupport.fixture("\(name).png")))
                .write(to: folder.appendingPathComponent("\(name).png"))
        }
        let chinese = try PagePipeline(configuration: ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1))
        let notice = chinese.process(try #require(try PageSource(root: folder.appendingPathComponent("zh_notice.png")).list().pages.first))
        #expect(notice.cleanup?.enlargement == 0.61, "\(String(describing: notice.cleanup))")
        #expect(notice.warnings.contains("the image has no resolution; taken as an A4 page of its size, 129 dpi"), "\(notice.warnings)")
        let cer = CharacterErrorRate.of(notice.text, reference: try TestSupport.groundTruth("zh_notice"), chinese: true)
        #expect(cer <= 0.017, "CER \(cer)")
        let english = try PagePipeline(configuration: ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1))
        let letter = english.process(try #require(try PageSource(root: folder.appendingPathComponent("en_letter.png")).list().pages.first))
        #expect(letter.warnings.contains { $0.hasSuffix("dpi, measured from the height of the letters") }, "\(letter.warnings)")
    }

    /// The size of a sheet found in a photo can say little about its resolution (cut at a shadow, or the
    /// whole frame when no sheet was found). The notice's upper part, cut square and turned 7° (handed to
    /// the recognize stage as it is), taken as an A4 page of 1,600 px (137 dpi), read nothing; read at
    /// Tesseract's estimate, it reads.
    @Test(arguments: ScanMode.allCases) func aChinesePageThatReadsNothingAsA4IsReadAtTheEstimate(mode: ScanMode) throws {
        let notice = try #require(PixImage(reading: TestSupport.fixture("zh_notice.png").path))
        let part = try #require(notice.cropped(to: PageBox(x: 75, y: 0, width: 1600, height: 1600))?.rotated(degrees: -7))
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("notice_part.png")
        #expect(part.writePNG(to: file.path))
        try TurnAfterReadingTests.withoutResolution(Data(contentsOf: file)).write(to: file)
        let configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        let recognizer = try configuration.recognizers.make(configuration.models, nil)
        let page = try #require(try PageSource(root: file).list().pages.first)
        var context = PageContext(page: page, mode: mode, languages: configuration.languages)
        let loaded = try PageLoader().run(page, context: &context)
        #expect(loaded.image.resolution == 0)
        let cleaned = CleanedPage(image: loaded.image, orientation: OrientationReport(), cleanup: CleanupReport(), steps: [])
        let text = try TextRecognizer(recognizer: recognizer).run(cleaned, context: &context)
        #expect(context.warnings.contains(
            "the image has no resolution; an A4 page of its size (137 dpi) read nothing, so estimated from the text size"),
            "\(context.warnings)")
        for phrase in ["2024年3月", "行政部", "Wi-Fi"] {
            #expect(text.text.contains(phrase), "\(phrase) not in: \(text.text)")
        }
    }

    @Test func hanSpacesAreRemovedButLatinSpacesKept() {
        #expect(HanSpacing.collapse("蛋 白 质 10.2 kg 无 机 盐") == "蛋白质 10.2 kg 无机盐")
        #expect(HanSpacing.collapse("Wi-Fi 密 码") == "Wi-Fi 密码")
    }
}
