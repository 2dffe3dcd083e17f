import DocScanCore
@testable import DocScanKit
import Foundation
import Testing

/// A table whose cells hold three short lines each is read flat, row by row (Fixtures/tables, made by
/// `scripts/make_table_fixtures.py`). Every line of it is a ninth of the page wide; Leptonica's
/// text-line model took their unevenness across the page's width for a bend ten times a curled book's
/// (0.348 on the flat page), and the page was straightened into waves its rows were read across (CER
/// 0.36 / 0.37 fast / accurate; its photo on a desk 0.32 / 0.64).
struct ShortLineTableTests {
    private func scan(_ name: String, mode: ScanMode) throws -> PageRecord {
        let configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: "eng"), jobs: 1)
        let pipeline = try PagePipeline(configuration: configuration)
        let page = try #require(try PageSource(root: TestSupport.special("tables/\(name)")).list().pages.first)
        let record = pipeline.process(page)
        #expect(record.error == nil)
        return record
    }

    private func cer(_ record: PageRecord, _ truth: String) throws -> Double {
        let reference = try String(contentsOf: TestSupport.special("tables/\(truth).gt.txt"), encoding: .utf8)
        return CharacterErrorRate.of(record.text, reference: reference, chinese: false)
    }

    /// The flat page is not straightened (its short lines make no model), and reads row by row.
    @Test(arguments: ScanMode.allCases)
    func aFlatTableOfShortLinesIsLeftFlat(mode: ScanMode) throws {
        let record = try scan("gloss_table.png", mode: mode)
        #expect(record.cleanup?.dewarped == false)
        #expect(record.cleanup?.lineBend == nil, "\(String(describing: record.cleanup?.lineBend))")
        #expect(record.layout?.order == "rows")
        let rows = TestSupport.rows(record.text)
        #expect(rows.contains("2sg:sbj-plant yams 2sg:sbj-carry water 2sg:sbj-cook rice 2sg:sbj-weave mats 2sg:sbj-mend nets"),
                "\(rows)")
        #expect(rows.contains("“they plant yams.” “they carry water.” “they cook rice.” “they weave mats.” “they mend nets.”"),
                "\(rows)")
        // Measured 0.005 / 0.007: a few quotes and `sbj` read `shj`.
        let error = try cer(record, "gloss_table")
        #expect(error <= 0.02, "CER \(error)")
    }

    /// The same table photographed on a desk is modelled as a ruled table (its rules taken out, its rows
    /// joined), measured flat and read as it lies.
    @Test(arguments: ScanMode.allCases)
    func thePhotographedTableIsNotBentEither(mode: ScanMode) throws {
        let record = try scan("gloss_table_desk.jpg", mode: mode)
        #expect(record.cleanup?.pageMethod != nil)
        #expect(record.cleanup?.dewarped == false)
        #expect((record.cleanup?.lineBend ?? 1) < CurlFlattener.minimumBend)
        // The rules' bars read at the start of the cells' first words (`|ka-kemo`, 31 in fast mode) go
        // with the rules' columns (`RuledColumns`); fewer than a column's rows may stay.
        let glued = record.words.filter { RuledColumns.startsWithBar($0.text) }.map(\.text)
        #expect(glued.count < RuledColumns.leastRows, "\(glued)")
        // Measured 0.029 / 0.038 (fast: 0.048 with the bars).
        let error = try cer(record, "gloss_table_desk")
        #expect(error <= 0.06, "CER \(error)")
    }
}
