import CLeptonica
import DocScanCore
@testable import DocScanKit
@testable import DocScanNative
import Foundation
import Testing

/// The skew is measured on the page's print, not on the dark marks along its edge.
struct SkewMeasureTests {
    /// The 150-dpi letter, level, between two dark bands that cross the frame slanted by 6°, as a book's
    /// dark edges or a desk beyond a sheet. Measured with the bands, the page was turned 5.8° (Leptonica's
    /// confidence 6.3, the lines lining up 20 times better): its print is levelled by nothing.
    @Test(arguments: [0, 2]) func darkMarksAlongTheEdgeDoNotTurnALevelPage(blur: Int32) throws {
        let url = try TestSupport.temporaryFolder().appendingPathComponent("banded.png")
        var source = pixRead(TestSupport.fixture("en_letter_150dpi.png").path)
        var grey = pixConvertTo8(source, 0)
        // Out of focus too, the print greyer than the bands (an out-of-focus book photo kept only its
        // dark edges in the mask the skew is measured on).
        var soft = blur > 0 ? pixBlockconv(grey, blur, blur) : pixCopy(nil, grey)
        let width = pixGetWidth(grey), height = pixGetHeight(grey)
        var bands = pixCreate(2 * width, 2 * height, 8)
        pixSetAll(bands)
        for y in [0, 3 * height / 2 - 40] {
            var band = boxCreate(0, y, 2 * width, height / 2 + 40)
            pixClearInRect(bands, band)
            boxDestroy(&band)
        }
        var slanted = pixRotate(bands, Float(6 * Double.pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)
        var frame = boxCreate(width / 2, height / 2, width, height)
        var cut = pixClipRectangle(slanted, frame, nil)
        var banded = pixMinOrMax(nil, soft, cut, Int32(L_CHOOSE_MIN))
        defer {
            pixDestroy(&source); pixDestroy(&grey); pixDestroy(&soft); pixDestroy(&bands); pixDestroy(&slanted)
            boxDestroy(&frame); pixDestroy(&cut); pixDestroy(&banded)
        }
        #expect(pixWrite(url.path, banded, Int32(IFF_PNG)) == 0)

        let page = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: page, mode: .fast, languages: try LanguageList(parsing: "eng"))
        let loaded = try PageLoader().run(page, context: &context)
        // The sheet is not looked for: the bands would be taken for its sides and the page warped by them.
        let cleaner = PageCleaner(options: .init(findPage: false, normalizeBackground: true, maxSkew: 15))
        let cleaned = try cleaner.run(OrientedPage(image: loaded.image, orientation: OrientationReport()), context: &context)
        let report = cleaned.cleanup
        #expect(!report.deskewed, "\(report)")
        #expect(abs(report.skewAngle ?? 0) < PrintSkew.minimumAngle, "\(report)")
    }

    /// Leptonica's confidence of 0 says its measure is not valid (too few dark pixels for the page's
    /// size, or the best angle at the sweep's ends); a large gain then levels nothing. The other cases
    /// are measured pages: a sparse Chinese notice turned 3° (2.5, 4.8) and eval/real's catalogue photo
    /// (1.94, 5.59) are levelled, a clean scan off by 0.8° is not.
    @Test(arguments: [(skew: (angle: Float(-6), confidence: Float(0), gain: Float(11.8)), levels: false),
                      (skew: (angle: 3, confidence: 2.5, gain: 4.8), levels: true),
                      (skew: (angle: -4.08, confidence: 1.94, gain: 5.59), levels: true),
                      (skew: (angle: 0.8, confidence: 9, gain: 1.2), levels: false),
                      (skew: (angle: 2, confidence: 2, gain: 1.5), levels: false)])
    func anInvalidMeasureLevelsNothingWhateverItsGain(skew: (angle: Float, confidence: Float, gain: Float), levels: Bool) {
        #expect(PrintSkew(angle: skew.angle, confidence: skew.confidence, gain: skew.gain).levels == levels)
    }

    /// The mask of `name` (a page of Fixtures), turned by `degrees` (positive: clockwise) on a canvas
    /// grown to hold it, as the clean-up measures it; and the reduction it sweeps at.
    private func mask(_ name: String, turned degrees: Double) throws -> (mask: PixImage, reduction: Int) {
        var page = pixRead(TestSupport.fixture(name).path)
        defer { pixDestroy(&page) }
        var grey = pixConvertTo8(page, 0)
        defer { pixDestroy(&grey) }
        let turned = try #require(PixImage(taking: pixRotate(
            grey, Float(degrees * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), pixGetWidth(grey), pixGetHeight(grey))))
        let mask = try #require(turned.darkPixels()?.withoutEdgeMarks())
        return (mask, PrintSkew.reduction(forLongerSide: max(mask.width, mask.height)))
    }

    /// A page lying 38–42° off is measured on its mask turned 30° either way (`PrintSkew.steep`):
    /// sure, and within half a degree of its angle (Fixtures' `steep/` pages, saved as JPEGs, read
    /// end to end: `PageCleanerTests.steepPagesAreLevelled`). Turned clockwise by d, a page's lines
    /// measure −d.
    @Test(arguments: [("de_brief.png", -42.0), ("zh_notice.png", -42.0), ("en_invoice.png", 38.0), ("en_letter_150dpi.png", 40.0)])
    func aSteepPageIsMeasuredOnItsMaskTurned(name: String, degrees: Double) throws {
        let (mask, reduction) = try mask(name, turned: degrees)
        let usual = try #require(PrintSkew.swept(mask, reduction: reduction, upTo: PrintSkew.usualSweep))
        #expect(!usual.skew.isSure, "\(name) measured \(usual) in the usual sweep")
        let steep = try #require(PrintSkew.steep(of: mask, reduction: reduction, unturned: usual.unturned, upTo: PrintSkew.widest))
        #expect(steep.levels, "\(name) measured \(steep)")
        #expect(abs(Double(steep.angle) + degrees) < 0.5, "\(name) measured \(steep)")
    }

    /// A level page that the usual sweep does not measure sure (a sparse Chinese notice, a short letter)
    /// holds no sure steep measure either: turned 30°, its lines lie at the sweep's end, where no measure
    /// is valid, and nothing else lines up.
    @Test(arguments: ["zh_notice.png", "en_letter_150dpi.png", "zh_lab_report.png"])
    func aLevelPageHasNoSteepSkew(name: String) throws {
        let (mask, reduction) = try mask(name, turned: 0)
        let usual = try #require(PrintSkew.swept(mask, reduction: reduction, upTo: PrintSkew.usualSweep))
        let steep = PrintSkew.steep(of: mask, reduction: reduction, unturned: usual.unturned, upTo: PrintSkew.widest)
        #expect(steep?.isSure != true, "\(name) measured \(String(describing: steep)) steep, \(usual) usual")
    }

    /// The top half of Fixtures' Chinese notice (its heading and four paragraphs, a close-up's worth)
    /// turned 3° clockwise, written as PNG.
    private func turnedNoticeTop() throws -> URL {
        let notice = try #require(PixImage(reading: TestSupport.fixture("zh_notice.png").path))
        let grey = try #require(notice.depth == 8 ? notice : notice.normalizedForRecognition())
        let top = try #require(grey.cropped(to: PageBox(x: 100, y: 150, width: grey.width - 200, height: grey.height / 2)))
        let turned = try #require(top.rotated(degrees: 3, fill: 255))
        let url = try TestSupport.temporaryFolder().appendingPathComponent("notice_top_turned.png")
        #expect(turned.writePNG(to: url.path))
        return url
    }

    /// Leptonica measures the turned notice's angle right but unsure (confidence and gain under 3: a
    /// sparse page of few lines), and it was read unlevelled, its lines' ends misread (`唤上` for `晚上`,
    /// `上thelp@` for `it-help@`, `行政计` for `行政部`). Its long lines, found one by one, lie at the same
    /// angle, so it is levelled, and it reads.
    @Test func anUnsureAngleTheLinesAgreeWithIsLevelled() throws {
        let url = try turnedNoticeTop()
        let image = try TestSupport.loadedImage(url)
        let mask = try #require(PrintSkew.printMask(of: image))
        let skew = try #require(PrintSkew.measured(mask: mask, upTo: PrintSkew.widest))
        #expect(abs(skew.angle + 3) <= 0.1 && !skew.isSure, "\(skew)")
        let corroborated = skew.corroborated(by: mask)
        let lines = try #require(corroborated.linesAngle)
        #expect(abs(lines + 3) <= 0.3 && corroborated.linesAgree && corroborated.levels, "lines at \(lines)")

        let record = try #require(try TestSupport.scan(url, mode: .accurate, languages: "chi_sim,eng").first)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.deskewed && cleanup.skewLines != nil, "\(cleanup)")
        for line in ["晚上8点至10点对办公室无线网络进行升级", "器中输入192.168.1.1登录管理页面", "it-help@example.com联系信息技术组", "行政部"] {
            #expect(record.text.contains(line), "\(line) in \(record.text)")
        }
    }
}
