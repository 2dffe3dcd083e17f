import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Every format Leptonica reads here, HEIC and AVIF through libheif, and the awkward pixel layouts
/// (16-bit, alpha, palette, CMYK).
struct FormatTests {
    /// The ground-truth lines each file shows (formats/manifest.tsv: the PGM is a crop of the top).
    static func truth(lines: ClosedRange<Int>) throws -> String {
        let all = try TestSupport.groundTruth("en_invoice").split(separator: "\n", omittingEmptySubsequences: false)
        return all[(lines.lowerBound - 1)..<min(lines.upperBound, all.count)].joined(separator: "\n")
    }

    @Test(arguments: [
        ("invoice.bmp", ImageFormat.bmp, 1...29), ("invoice.pbm", .pnm, 1...29), ("invoice.pgm", .pnm, 1...13),
        ("invoice.gif", .gif, 1...29), ("invoice.webp", .webp, 1...29), ("invoice.jp2", .jp2, 1...29),
        ("invoice_16bit.png", .png, 1...29), ("invoice_rgba.png", .png, 1...29), ("invoice_palette.png", .png, 1...29),
        ("invoice_cmyk.jpg", .jpeg, 1...29), ("invoice_rgb.jpg", .jpeg, 1...29),
        ("invoice.heic", .heif, 1...29), ("invoice.avif", .heif, 1...29), ("invoice_rgb.avif", .heif, 1...29),
    ])
    func readsEveryFormat(file: String, format: ImageFormat, lines: ClosedRange<Int>) throws {
        let record = try #require(try TestSupport.scan(TestSupport.special("formats/\(file)"), mode: .fast).first)
        #expect(record.error == nil)
        #expect(record.format == format)
        let cer = CharacterErrorRate.of(record.text, reference: try Self.truth(lines: lines), chinese: false)
        #expect(cer <= 0.03, "\(file): CER \(cer)")
    }

    /// A HEIC whose pixels are stored on their side with an `irot` box saying how to show them (a phone
    /// held sideways) comes upright from libheif: portrait, and nothing for orientation detection to turn.
    @Test func aTurnedHeicIsReadUprightAsItsRotationBoxSays() throws {
        let record = try #require(try TestSupport.scan(TestSupport.special("formats/invoice_turned.heic"), mode: .fast).first)
        #expect(record.error == nil)
        #expect(record.originalWidth == 1750 && record.originalHeight == 2479)
        #expect(record.orientation?.rotation == 0)
        #expect(record.orientation?.applied == false)
        let cer = CharacterErrorRate.of(record.text, reference: try Self.truth(lines: 1...29), chinese: false)
        #expect(cer <= 0.03, "CER \(cer)")
    }

    @Test func multiPageTiffGivesOneRecordPerPage() throws {
        let records = try TestSupport.scan(TestSupport.special("formats/letters.tif"), mode: .fast, languages: "eng,deu")
        #expect(records.map(\.page) == [1, 2, 3])
        #expect(records.allSatisfy { $0.pageCount == 3 && $0.source == "letters.tif" && $0.error == nil })
        for (record, name) in zip(records, ["en_letter", "de_brief", "en_invoice"]) {
            let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth(name), chinese: false)
            #expect(cer <= 0.03, "page \(record.page): CER \(cer)")
        }
    }

    @Test func decompressionBombIsRefusedFromItsHeader() throws {
        let record = try #require(try TestSupport.scan(TestSupport.special("bad/bomb.png"), mode: .fast).first)
        #expect(record.error?.kind == .tooLarge)
        #expect(record.error?.message == "40000×40000 is 1600 megapixels, over the limit of 250")
        #expect(record.width == nil && record.originalWidth == nil)
    }

    @Test func largePagesAreScaledToTheWorkingSize() throws {
        // en_letter at 200 dpi is 1653×2339, under fast mode's working size of 2,500 px: not scaled.
        let records = try TestSupport.scan(TestSupport.fixture("en_letter.png"), mode: .fast)
        #expect(records.first?.scale == 1)
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        configuration.workingSize = 1000
        let page = try #require(try PageSource(root: TestSupport.fixture("en_letter.png")).list().pages.first)
        let record = try PagePipeline(configuration: configuration).process(page)
        #expect(record.originalWidth == 1653 && record.originalHeight == 2339)
        #expect(record.height == 1000)
        #expect(record.scale.map { abs($0 - 1000.0 / 2339.0) < 0.001 } == true)
    }
}
