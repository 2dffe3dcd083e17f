import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// The curl model fitted to every piece of a page's lines (`LinePieceModel`), for what Leptonica's model
/// of long lines misses: a table without rules, whose rows are cells with wide gaps between them.
struct LinePieceModelTests {
    static let folder = TestSupport.root.appendingPathComponent("Fixtures/photos")

    /// `file` of Fixtures/photos scanned alone, in Chinese with English unless told.
    private func scan(
        _ file: String, mode: ScanMode, languages: String = "chi_sim,eng", debugImages: URL? = nil, flattenCurl: Bool = true
    ) throws -> PageRecord {
        var configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: languages), jobs: 1)
        if let debugImages { configuration.debugImages = DebugImages(folder: debugImages) }
        configuration.cleanup.flattenCurl = flattenCurl
        let pipeline = try PagePipeline(configuration: configuration)
        return try #require(try PageSource(root: Self.folder.appendingPathComponent(file)).list().pages.map(pipeline.process).first)
    }

    /// Fixtures' lab report curled at its left end (curled_report.jpg): a table of names, values, units
    /// and ranges without rules, so Leptonica finds no long lines to model, and the names sit higher
    /// than their values the nearer they are to the curl. Modelled on its pieces, the page is
    /// straightened, its rows read whole, and the straightened page's pieces no longer bend.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aCurledTableWithoutRulesIsFlattenedOnItsPieces(mode: ScanMode) throws {
        let debug = try TestSupport.temporaryFolder()
        let record = try scan("curled_report.jpg", mode: mode, debugImages: debug)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.curlModel == "line_pieces" && cleanup.dewarped,
                "\(mode): model \(String(describing: cleanup.curlModel)), bend \(String(describing: cleanup.lineBend))")
        #expect((cleanup.curlLines ?? 0) >= 30, "\(String(describing: cleanup.curlLines)) pieces")
        let truth = try String(contentsOf: Self.folder.appendingPathComponent("curled_report.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.of(record.text, reference: truth, chinese: true)
        #expect(cer <= 0.09, "\(mode) CER \(cer)")
        // The rows nearest the curl, each on one line as the lab report reads.
        let lines = TestSupport.rows(record.text)
        for row in ["身体水分 35.8 kg 35.1~42.9", "蛋白质 10.2 kg 9.6~11.8", "左下肢 8.21 kg 正常"] {
            #expect(lines.contains(row), "\(mode): no line \(row)")
        }
        // Left bent, the same page reads far worse: its first column is read apart from its values.
        let bent = try scan("curled_report.jpg", mode: mode, flattenCurl: false)
        let bentCER = CharacterErrorRate.of(bent.text, reference: truth, chinese: true)
        #expect(bentCER >= cer + 0.05, "\(mode): CER \(bentCER) left bent, \(cer) straightened")
        // Measured again on the page as it was straightened, the pieces hardly move.
        func step(_ name: String) throws -> PixImage {
            let files = try FileManager.default.contentsOfDirectory(atPath: debug.path)
            let file = try #require(files.first { $0.hasSuffix("-\(name).png") }, "no \(name) image among \(files)")
            return try #require(PixImage(reading: debug.appendingPathComponent(file).path)?.darkPixels())
        }
        let before = try step("background"), after = try step("dewarped")
        let curled = try #require(LinePieceModel(mask: before)), straight = try #require(LinePieceModel(mask: after))
        #expect(curled.isBent && !straight.isBent)
        #expect(straight.displacement < 0.4 * curled.displacement,
                "displacement \(straight.displacement) px after, \(curled.displacement) px before")
    }

    /// Fixtures' letter curled at its left end (bowed_letter.jpg). In accurate mode Leptonica models
    /// its text band, but the long lines it keeps bend least (0.012 of the width, under the 0.015
    /// pages are straightened from), and the page was read bent (CER 0.29: the curled ends of the
    /// lines read as a column of their own). A sheet cut out of a photo that a model leaves alone is
    /// checked on its lines' pieces, which measure it bent.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aLineModelThatMeasuresTooLittleBendIsCheckedOnThePieces(mode: ScanMode) throws {
        let record = try scan("bowed_letter.jpg", mode: mode, languages: "eng")
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.curlModel == "line_pieces" && cleanup.dewarped,
                "\(mode): model \(String(describing: cleanup.curlModel)), bend \(String(describing: cleanup.lineBend))")
        let truth = try String(contentsOf: Self.folder.appendingPathComponent("bowed_letter.gt.txt"), encoding: .utf8)
        let cer = CharacterErrorRate.of(record.text, reference: truth, chinese: false)
        #expect(cer <= 0.01, "\(mode) CER \(cer)")
        let bent = try scan("bowed_letter.jpg", mode: mode, languages: "eng", flattenCurl: false)
        let bentCER = CharacterErrorRate.of(bent.text, reference: truth, chinese: false)
        #expect(bentCER >= cer + 0.05, "\(mode): CER \(bentCER) left bent, \(cer) straightened")
    }

    /// Flat sheets cut out of photos whose lines Leptonica cannot model either (receipts, tables without
    /// rules, short letters) measure no bend on their pieces and are left as they are.
    @Test(arguments: ["receipt_counter.jpg", "tilted_receipt.jpg", "shaded_table.jpg", "ruled_table.jpg"])
    func flatSheetsAreLeftAlone(file: String) throws {
        let record = try scan(file, mode: .fast)
        let cleanup = try #require(record.cleanup)
        #expect(cleanup.curlModel == "line_pieces", "\(file): model \(String(describing: cleanup.curlModel))")
        #expect(!cleanup.dewarped, "\(file): bend \(String(describing: cleanup.lineBend))")
        #expect((cleanup.lineBend ?? 1) < 0.002, "\(file): bend \(String(describing: cleanup.lineBend))")
    }
}
