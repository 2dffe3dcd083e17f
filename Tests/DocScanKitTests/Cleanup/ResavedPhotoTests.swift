import DocScanCore
@testable import DocScanKit
import Foundation
import Testing

/// Fixtures/resaved: nine of Fixtures' photos, six turned onto their side and two upside down, saved again
/// as a messenger hands them on (`scripts/make_real_variants.py`: RGB JPEG at quality 88, no resolution). The same pages in
/// other pixels, on which docscan decided otherwise than on the originals, and wrongly.
struct ResavedPhotoTests {
    static let folder = TestSupport.special("resaved")

    private func scan(_ file: String, mode: ScanMode, languages: String = "eng", judgingOnCleanedPage: Bool = true) throws -> PageRecord {
        try #require(try TestSupport.scan(
            Self.folder.appendingPathComponent(file), mode: mode, languages: languages, judgingOnCleanedPage: judgingOnCleanedPage).first)
    }

    private func truth(_ name: String) throws -> String {
        try String(contentsOf: TestSupport.special("photos/\(name).gt.txt"), encoding: .utf8)
    }

    /// The receipt on a dark counter, on its side: OSD finds too little text and the receipt is read as it
    /// lies, at a mean confidence of 47; upside down (the whole page, as the square cannot tell) Tesseract
    /// reads its lines, now on their other side, as vertical text, at 75, in reverse order, and that
    /// reading was kept for being clearly surer (CER 0.73). A reading of vertical text is never kept; the
    /// turn it points to (half a turn and a further 270°) is read next, upright.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aReceiptReadAsVerticalTextOnceTurnedIsTurnedOnceMore(mode: ScanMode) throws {
        let record = try scan("receipt_counter__rot90.jpg", mode: mode)
        let orientation = try #require(record.orientation)
        #expect(orientation.applied && orientation.rotation == 90, "\(orientation)")
        #expect(orientation.turnProposedBy == "recognition", "\(orientation)")
        let cer = CharacterErrorRate.of(record.text, reference: try truth("receipt_counter"), chinese: false)
        #expect(cer <= 0.03, "\(mode) CER \(cer)")
        let rows = TestSupport.rows(record.text)
        for row in ["HOLLOWAY FRESH MARKET", "OAT MILK 1L NP 1.65 F", "EGGS FREE RNG 6 NP 2.35 F", "TOTAL 33.06"] {
            #expect(rows.contains(row), "\(row) not read: \(rows)")
        }
    }

    /// Two ruled tables of figures read upside down with almost no confidence (39 and 41), whose cleaned
    /// square read a quarter turn clearly better than as it was (a column of figures on its side, 64
    /// against 0 for the blurred one), while the page turned so read no better. The blurred table, fast
    /// mode: OSD proposes the half turn under its threshold (1.98) and the square reads its digits as surely
    /// either way (95), so it is kept as it is. The shaken table on its side, accurate mode: its cleaned
    /// ascenders turn it the wrong way (270°). Both stayed upside down (CER 0.84 and 0.83); read whole
    /// upside down after the quarter turn, as when no square reads better, they read upright.
    @Test(arguments: [("blurred_table", ScanMode.fast, 180), ("shaken_table", .accurate, 90)])
    func aTableReadUpsideDownWhoseSquareReadsBetterOnItsSideIsTurnedWhole(name: String, mode: ScanMode, rotation: Int) throws {
        let record = try scan("\(name)__rot\(rotation).jpg", mode: mode)
        let orientation = try #require(record.orientation)
        #expect(orientation.applied && orientation.rotation == rotation, "\(orientation)")
        #expect(orientation.turnProposedBy == "reading", "\(orientation)")
        #expect(try #require(orientation.confidenceTurned) >= (try #require(orientation.confidenceAsIs)) + 30, "\(orientation)")
        #expect(record.warnings.contains { $0.contains("almost no confidence") && $0.contains("180° it reads better") }, "\(record.warnings)")
        let rows = Set(TestSupport.rows(record.text))
        for row in ["Item Code Qty Unit Amount", "Total 950.70"] {
            #expect(rows.contains(row), "\(mode): no row '\(row)' in:\n\(record.text)")
        }
        let cer = CharacterErrorRate.of(record.text, reference: try truth(name), chinese: false)
        #expect(cer <= 0.04, "\(mode) CER \(cer)")
    }

    /// The lab report shaken 7 px across, turned a quarter clockwise and saved again, accurate mode: turned
    /// upright, its steps' autocorrelation dips lowest at 7 px and that of their changes at 6 (at 7 just
    /// over half as low), a smear between the two. Its length was not taken, the page was sharpened
    /// across instead and read at CER 0.26 (0.06 upright as shot); measured, its smear is taken out.
    @Test func aSmearBetweenTwoLengthsIsMeasuredAndTakenOut() throws {
        let record = try scan("shaken_report__rot270.jpg", mode: .accurate, languages: "chi_sim,eng")
        #expect(record.orientation?.rotation == 270, "\(String(describing: record.orientation))")
        #expect(record.cleanup?.streak == "across")
        #expect((6...8).contains(record.cleanup?.smearLength ?? 0), "smear \(String(describing: record.cleanup?.smearLength))")
        let cer = CharacterErrorRate.of(record.text, reference: try truth("shaken_report"), chinese: true)
        #expect(cer <= 0.1, "CER \(cer)")
        #expect(record.text.contains("身体水分") && record.text.contains("蛋白质"), "\(record.text)")
    }

    /// The out-of-focus letter curled on a pale desk, on its side, in accurate mode: OSD proposes a half
    /// turn, refused. Until 3286711 Tesseract then read the page as vertical text, turned 270° by that
    /// reading it read at a mean of 27, upside down, and only the opposite turn, read once for a page
    /// still read with almost no confidence after a quarter turn (`flipped` in `PagePipeline.readTurned`),
    /// read it upright. Since line pieces are measured without their slant, the page on its side reads at
    /// 36, and its central square proposes the quarter turn that reads it upright at once. Either way it
    /// ends upright. (Judged on the frame alone: judged again once cleaned up, as by default, its
    /// ascenders turn it before it is read, `aBlurredPageOnItsSideIsTurnedByItsCleanedAscenders`.)
    @Test func aBlurredPageLyingOnItsSideIsReadUpright() throws {
        let record = try scan("blurred_curl__rot90.jpg", mode: .accurate, judgingOnCleanedPage: false)
        let orientation = try #require(record.orientation)
        #expect(orientation.applied && orientation.rotation == 90, "\(orientation)")
        #expect(orientation.turnProposedBy == "reading", "\(orientation)")
        #expect(record.warnings.contains { $0.hasPrefix("OSD proposed turning the page and it was kept as it was, but it then read with almost no confidence") && $0.contains("turned by 90° it reads better") }, "\(record.warnings)")
        #expect(try #require(record.meanConfidence) >= TurnAfterReading.lowConfidence)
        let cer = CharacterErrorRate.of(record.text, reference: try truth("blurred_curl"), chinese: false)
        #expect(cer <= 0.3, "CER \(cer)")
    }

    /// The same page in fast mode. Read as it lay at the size it was cleaned up at, Tesseract read it as
    /// vertical text, the turn that reading pointed to (270°) read it upside down with almost no
    /// confidence (26), and only the opposite turn, read once for a page still read with almost no
    /// confidence after a quarter turn (`flipped` in `PagePipeline.readTurned`), read it upright. Since
    /// print this far out of focus is deblurred (σ 2.1 measured, `BlurredPrint`), reading its square
    /// finds the quarter turn (0 as it lies, 82 turned) and the page is read upright at once, with no
    /// turn read at almost no confidence.
    @Test func aBlurredPageLyingOnItsSideIsDeblurredAndReadUprightInFastMode() throws {
        let record = try scan("blurred_curl__rot90.jpg", mode: .fast)
        let orientation = try #require(record.orientation)
        #expect(orientation.applied && orientation.rotation == 90, "\(orientation)")
        #expect(orientation.turnProposedBy == "reading", "\(orientation)")
        #expect(record.cleanup?.blurSigma != nil, "\(String(describing: record.cleanup))")
        #expect(!record.warnings.contains { $0.contains("almost no confidence") }, "\(record.warnings)")
        #expect(try #require(record.meanConfidence) >= TurnAfterReading.lowConfidence)
        let cer = CharacterErrorRate.of(record.text, reference: try truth("blurred_curl"), chinese: false)
        #expect(cer <= 0.3, "CER \(cer)")
    }

    /// The same letter on its side the other way (`--variants rot270`), in accurate mode: OSD takes it for
    /// upright (0° at 0.97), and its blurred letters, run together down the page into pieces as tall as
    /// words (81 px high, 28 across), were taken for large print: the page was reduced to a third, where
    /// no turn could be read (CER 0.91). Measured both ways they are no letters, the page keeps its size,
    /// and Tesseract's reading of it as vertical text turns it upright. (Judged on the frame alone, so that
    /// the page is cleaned up and read on its side.)
    @Test func blurredPrintLyingOnItsSideIsNotTakenForLargePrint() throws {
        let record = try scan("blurred_curl__rot270.jpg", mode: .accurate, judgingOnCleanedPage: false)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.enlargement == nil, "\(cleanup)")
        let orientation = try #require(record.orientation)
        #expect(orientation.applied && orientation.rotation == 270, "\(orientation)")
        #expect(orientation.turnProposedBy == "recognition", "\(orientation)")
        #expect(try #require(record.meanConfidence) >= TurnAfterReading.lowConfidence)
        let cer = CharacterErrorRate.of(record.text, reference: try truth("blurred_curl"), chinese: false)
        #expect(cer <= 0.25, "CER \(cer)")
    }

    /// The blurred letter on its side either way, judged again once cleaned up (the default): cut out and
    /// levelled, its ascenders point clearly left or right (the frame's did not decide), the turn is
    /// checked on the cleaned page's square, and the page is cleaned up again turned and read upright
    /// once, without OSD and without a reading on its side.
    @Test(arguments: [("blurred_curl__rot90.jpg", 90), ("blurred_curl__rot270.jpg", 270)])
    func aBlurredPageOnItsSideIsTurnedByItsCleanedAscenders(file: String, rotation: Int) throws {
        let record = try scan(file, mode: .accurate)
        let orientation = try #require(record.orientation)
        #expect(orientation.applied && orientation.rotation == rotation, "\(orientation)")
        #expect(orientation.turnProposedBy == "ascenders" && orientation.osdAngle == nil, "\(orientation)")
        #expect(abs(try #require(orientation.cleanedPage?.ascendersLeft)) >= 8, "\(orientation)")
        #expect(!record.warnings.contains { $0.contains("almost no confidence") || $0.contains("vertical text") }, "\(record.warnings)")
        #expect(record.cleanup?.enlargement == nil, "\(String(describing: record.cleanup))")
        #expect(try #require(record.meanConfidence) >= TurnAfterReading.lowConfidence)
        let cer = CharacterErrorRate.of(record.text, reference: try truth("blurred_curl"), chinese: false)
        #expect(cer <= 0.25, "CER \(cer)")
    }

    /// The letter on planks upside down, turned upright by its ascenders: the sheet is cut out along a
    /// seam between the planks beyond its foot, so its rows are level at the top and slant by 9–10° at the
    /// foot. Leptonica's text band model found too few long lines (10 are needed) and the line pieces were
    /// taken by their boxes, each slanting line as tall as its slant, so the pieces' model was refused and
    /// the page read with its last rows run together in accurate mode (CER 0.44). Measured without their
    /// slant, the pieces model the fan and the rows are straightened.
    @Test(arguments: [ScanMode.fast, .accurate])
    func rowsThatFanOutAtTheSheetsFootAreStraightenedOnTheirPieces(mode: ScanMode) throws {
        let record = try scan("planks_letter_en__rot180.jpg", mode: mode)
        #expect(record.orientation?.rotation == 180, "\(String(describing: record.orientation))")
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.curlModel == "line_pieces" && cleanup.dewarped, "\(mode): \(String(describing: cleanup.curlModel))")
        let cer = CharacterErrorRate.of(record.text, reference: try truth("planks_letter_en"), chinese: false)
        #expect(cer <= 0.01, "\(mode) CER \(cer)")
        let rows = TestSupport.rows(record.text)
        for row in ["Re: Your dental records and next check-up", "Thank you for your letter of 21 February asking for a copy of your dental records.",
                    "If you have any questions about your records, please do not hesitate to contact us."] {
            #expect(rows.contains(row), "\(row) not read: \(rows)")
        }
    }

    /// The shaded lab report on its side, turned upright by its ascenders: the sheet's bright region ends
    /// at the diagonal edge of a shadow across its lower half, an edge as crisp as the paper's, so the
    /// region is neither soft nor badly fitted, but its quadrilateral has a corner 31° off square. Warped
    /// by it, the table's rows bent (CER 0.50). The sheet's outline, plain on all four sides and holding
    /// the region, is taken instead: its corners where the photo's maker put them.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aSheetCutByAShadowsCrispEdgeIsFoundByItsOutline(mode: ScanMode) throws {
        let record = try scan("shaded_table__rot90.jpg", mode: mode)
        #expect(record.orientation?.rotation == 90, "\(String(describing: record.orientation))")
        #expect(record.cleanup?.pageMethod == "edges", "found by \(record.cleanup?.pageMethod ?? "nothing")")
        // Turned upright, the photo is the original's frame (1600 × 2100): its true corners hold.
        struct Geometry: Decodable { var corners: [String: [Double]] }
        let geometry = try JSONDecoder().decode(
            Geometry.self, from: Data(contentsOf: TestSupport.special("photos/shaded_table.json")))
        let found = try #require(record.cleanup?.pageCorners).scaled(by: 1 / (record.scale ?? 1))
        let truth = ["top_left", "top_right", "bottom_right", "bottom_left"].compactMap { geometry.corners[$0] }
        let errors: [Double] = zip(found.corners, truth).map { point, actual in
            let (dx, dy) = (point.x - actual[0], point.y - actual[1])
            return (dx * dx + dy * dy).squareRoot()
        }
        let diagonal = (1600.0 * 1600.0 + 2100.0 * 2100.0).squareRoot()
        let error = (errors.max() ?? diagonal) / diagonal
        #expect(error <= 0.01, "corner error \(error) of the diagonal: \(found)")
        let cer = CharacterErrorRate.of(record.text, reference: try self.truth("shaded_table"), chinese: false)
        #expect(cer <= 0.07, "\(mode) CER \(cer)")
        let rows = TestSupport.rows(record.text)
        for row in ["Riverside Clinic laboratory report", "Results checked by Dr A. Osei, 12/03/2024"] {
            #expect(rows.contains(row), "\(row) not read: \(rows)")
        }
    }

    /// A sheet's corners stay near square in a photo; a quadrilateral cut by a shadow does not.
    @Test func aCornerFarOffSquareIsMeasured() {
        func quad(_ points: [(Double, Double)]) -> PageQuad {
            let p = points.map { PageQuad.Point(x: $0.0, y: $0.1) }
            return PageQuad(topLeft: p[0], topRight: p[1], bottomRight: p[2], bottomLeft: p[3])
        }
        #expect(quad([(0, 0), (100, 0), (100, 140), (0, 140)]).largestCornerSkew < 1e-9)
        // The stress set's steepest keystone: the top 62% of the foot, the height 0.7 of the foot.
        let steep = quad([(19, 0), (81, 0), (100, 70), (0, 70)]).largestCornerSkew
        #expect(abs(steep - atan(19.0 / 70) * 180 / .pi) < 1e-6 && steep < PageFinder.misshapenCorner)
        // The resaved lab report's region: its foot runs up along the shadow's edge.
        #expect(quad([(135, 180), (730, 130), (795, 630), (175, 1045)]).largestCornerSkew > PageFinder.misshapenCorner)
    }

    /// The scanned receipt saved as a JPEG, upright: Tesseract reads some of its prices from the grey page
    /// as garble (`3.29 F` as `So) |e`, lines at 44–66), while its own thresholded print is clean. Those
    /// lines are read again from it, and every row comes out whole.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aReceiptsPricesMisreadInAJPEGAreReadAgainFromItsPrint(mode: ScanMode) throws {
        let record = try scan("receipt_scan__q88.jpg", mode: mode)
        #expect((record.layout?.rereadLines ?? 0) >= 3, "\(String(describing: record.layout))")
        let cer = CharacterErrorRate.of(record.text, reference: try truth("receipt_scan"), chinese: false)
        #expect(cer <= 0.01, "\(mode) CER \(cer)")
        let rows = TestSupport.rows(record.text)
        for row in ["PEANUT BUTTER NP 3.29 F", "MILK 2% 1GAL NP 3.89 F", "CARROTS 2LB SP 1.49 F", "ONIONS YELLOW NP 1.89 F"] {
            #expect(rows.contains(row), "\(row) not read: \(rows)")
        }
    }
}
