import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// Print made faint by a lamp's glare over part of a photographed page is deepened back; print that is
/// faint for other reasons, and pages without a glare, are left as they are.
struct FaintPrintTests {
    /// `Fixtures/photos/glared_letter.jpg`: the desk letter under a soft highlight over the right of its
    /// text, 78% of the way to white at its middle. Tesseract's one threshold for the page took that
    /// print for paper: the ends of four lines were lost (CER 0.118 fast, 0.117 accurate). Deepened,
    /// the page reads whole (0.000 both).
    @Test(arguments: ScanMode.allCases)
    func printUnderAGlareIsDeepenedAndRead(mode: ScanMode) throws {
        let deepened = try scan("photos/glared_letter.jpg", mode: mode)
        let asItWas = try scan("photos/glared_letter.jpg", mode: mode, deepening: false)
        let truth = try String(contentsOf: TestSupport.special("photos/glared_letter.gt.txt"), encoding: .utf8)
        let share = try #require(deepened.cleanup?.faintPrint)
        #expect(share >= 0.08 && share <= 0.3, "faint share \(share)")
        #expect(asItWas.cleanup?.faintPrint == nil)
        let cer = CharacterErrorRate.of(deepened.text, reference: truth, chinese: false)
        let cerAsItWas = CharacterErrorRate.of(asItWas.text, reference: truth, chinese: false)
        #expect(cer <= 0.01, "\(mode) CER \(cer)\n\(deepened.text)")
        // The fixture shows what the step is for: without it, the lines under the glare lose their ends.
        #expect(cerAsItWas >= 0.05, "\(mode) CER \(cerAsItWas) without the step")
        for line in ["climb on Sunday 29 September. The race starts at", "arrive by 9:15 to collect a radio and a bright vest."] {
            #expect(TestSupport.rows(deepened.text).contains(line), "\(line) not in\n\(deepened.text)")
        }
    }

    /// Photos whose print or paper is uneven for other reasons are not deepened: dark bands with white
    /// print, a shadow across the sheet, a curled end shaded towards the spine, pale planks, a close-up
    /// aimed off the sheet's centre, and the glared letter's own photo without its glare. Only the
    /// clean-up runs.
    @Test(arguments: ["shaded_table.jpg", "shadowed_invoice.jpg", "curled_report.jpg", "planks_letter.jpg", "close_table.jpg", "desk_letter.jpg"])
    func printWithoutAGlareIsLeftAsItIs(file: String) throws {
        let page = try #require(try PageSource(root: TestSupport.special("photos/\(file)")).list().pages.first)
        var context = PageContext(page: page, mode: .fast, languages: try LanguageList(parsing: "eng"))
        let loaded = try PageLoader().run(page, context: &context)
        let options = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1).cleanup
        #expect(options.deepenFaintPrint)
        let cleaned = try PageCleaner(options: options).run(OrientedPage(image: loaded.image, orientation: OrientationReport()), context: &context)
        #expect(cleaned.cleanup.backgroundNormalized, "\(file): the step runs after the background step only")
        #expect(cleaned.cleanup.faintPrint == nil, "\(file): \(cleaned.cleanup.faintPrint ?? 0)")
        #expect(cleaned.cleanup.stepsMs["faint_print"] != nil, "\(file): measured")
    }

    /// A tile's contrast is its neighbourhood's median: one faint tile among print keeps the print's; a
    /// tile with too few print tiles around it, and the grid's outer ring, have none.
    @Test func aTilesContrastIsItsNeighbourhoodsMedian() {
        let columns = 7, rows = 7
        var contrast = [Float?](repeating: 150, count: columns * rows)
        contrast[3 * columns + 3] = 20
        var smoothed = FaintPrint.smoothedContrast(contrast, columns: columns, rows: rows)
        #expect(smoothed[3 * columns + 3] == 150)
        #expect(smoothed[0] == nil && smoothed[columns * rows - 1] == nil)
        #expect(smoothed[1 * columns + 1] == 150)
        // Print in a 3 × 3 block only: each of its tiles has the 9 print tiles it needs around it; in a
        // block of 2 × 4, none has.
        contrast = [Float?](repeating: nil, count: columns * rows)
        for row in 2...4 { for column in 2...4 { contrast[row * columns + column] = 40 } }
        smoothed = FaintPrint.smoothedContrast(contrast, columns: columns, rows: rows)
        #expect(smoothed.compactMap { $0 } == [Float](repeating: 40, count: 9))
        // Filled in ring by ring from it, every tile gets its value.
        #expect(FaintPrint.filledIn(smoothed, columns: columns, rows: rows) == [Float](repeating: 40, count: columns * rows))
        contrast = [Float?](repeating: nil, count: columns * rows)
        for row in 2...3 { for column in 1...4 { contrast[row * columns + column] = 40 } }
        smoothed = FaintPrint.smoothedContrast(contrast, columns: columns, rows: rows)
        #expect(smoothed.allSatisfy { $0 == nil })
        #expect(FaintPrint.filledIn(smoothed, columns: columns, rows: rows) == nil)
    }

    private func scan(_ path: String, mode: ScanMode, deepening: Bool = true) throws -> PageRecord {
        var configuration = try ScanConfiguration(mode: mode, languages: LanguageList(parsing: "eng"), jobs: 1)
        configuration.cleanup.deepenFaintPrint = deepening
        let pipeline = try PagePipeline(configuration: configuration)
        return try #require(try PageSource(root: TestSupport.special(path)).list().pages.map(pipeline.process).first)
    }
}
