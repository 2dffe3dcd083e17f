@testable import DocScanKit
import DocScanNative
import Testing

/// Thin rules are painted over on a page ruled as a table, and left alone elsewhere.
struct RuleEraserTests {
    private let width = 600, height = 800

    /// A grey page (paper 230) with rules `rule` px thick across at `across` and down at `down` (spanning the
    /// ruled area), and a block of "print" (a 12-px square every 20 px; `letterHeight` tall, rows that
    /// would cross a rule across left out) between them; with `blots`, a 9-px square where each two rules
    /// cross, as blur thickens a crossing. The rules down are `downLevel` dark.
    private func page(
        across: [Int], down: [Int], rule: Int = 2, blots: Bool = false, fringe: Bool = false, merged: Bool = false,
        feet: Bool = false, letterHeight: Int = 12, downLevel: UInt8 = 60
    ) throws -> PixImage {
        var samples = [UInt8](repeating: 230, count: width * height)
        // A dim word of thin strokes (2 px wide, 10 tall, 4 px apart) standing on the line its letters'
        // feet ran together into, 90 px long; and a piece of a faint rule as long, paper along it.
        if feet {
            for left in stride(from: 330, to: 420, by: 4) { for y in 130..<140 { for x in left..<(left + 2) { samples[y * width + x] = 30 } } }
            for x in 330..<420 { samples[140 * width + x] = 30 }
            for y in 336..<338 { for x in 400..<490 { samples[y * width + x] = 60 } }
        }
        // A blurred word: three letters (12-px squares, 16 px apart) whose tops a thin line joins,
        // 68 px long, longer than a run the eraser looks for.
        if fringe {
            for left in [70, 98, 126] { for y in 130..<142 { for x in left..<(left + 12) { samples[y * width + x] = 30 } } }
            for x in 70..<138 { samples[129 * width + x] = 60 }
        }
        for y in across { for x in 50..<550 { for t in 0..<rule { samples[(y + t) * width + x] = 60 } } }
        for x in down { for y in 100..<700 { for t in 0..<rule { samples[y * width + x + t] = downLevel } } }
        if blots {
            for y in across where (100..<700).contains(y) {
                for x in down { for dy in -4...4 { for dx in -4...4 { samples[(y + dy) * width + x + dx] = 60 } } }
            }
        }
        for top in stride(from: 110, to: 690, by: 40) {
            if letterHeight != 12, across.contains(where: { $0 + rule > top && $0 < top + letterHeight }) { continue }
            if merged {
                // A line of print smeared into one mark 9 px thick, a rule long.
                for y in top..<(top + 9) { for x in 70..<530 { samples[y * width + x] = 30 } }
                continue
            }
            for left in stride(from: 70, to: 530, by: 20) {
                for y in top..<(top + letterHeight) { for x in left..<(left + 12) { samples[y * width + x] = 30 } }
            }
        }
        let name = "ruled-\(across.count)-\(down.count)-\(rule)-\(letterHeight)-\(downLevel)\(merged ? "-merged" : "")\(feet ? "-feet" : "").pgm"
        let url = try TestSupport.temporaryFolder().appendingPathComponent(name)
        try TestSupport.writeGreyImage(samples, width: width, height: height, to: url)
        return try #require(PixImage(reading: url.path))
    }

    @Test func aTableLosesItsRulesAndKeepsItsPrint() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 300, 548])
        let erased = try #require(RuleEraser.erased(table, printInFocus: true))
        // A rule's pixel, away from the print, is paper now; a piece of print is still print.
        #expect(try #require(erased.pixel(x: 200, y: 100)) > 200)
        #expect(try #require(erased.pixel(x: 548, y: 400)) > 200)
        #expect(try #require(erased.pixel(x: 76, y: 116)) < 60)
    }

    /// A blot where rules cross or meet (blur thickens them there) is thick enough to be taken for
    /// print, and was left as a dot between the columns (read as `i`, `l`, `©` in a blurred supply
    /// order); it is painted over with the rules, at the table's border too. The print nearest a
    /// crossing is not.
    @Test func theBlotsWhereRulesCrossArePaintedOver() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 548], blots: true)
        let erased = try #require(RuleEraser.erased(table, printInFocus: true))
        for (x, y) in [(548, 300), (544, 296), (552, 304), (548, 500), (544, 504), (47, 303), (548, 698), (552, 694), (46, 104)] {
            #expect(try #require(erased.pixel(x: x, y: y)) > 200, "(\(x), \(y))")
        }
        #expect(try #require(erased.pixel(x: 72, y: 111)) < 60)
    }

    /// The tops of a blurred word's letters run together into a line as long as a rule's run; the thick
    /// letters take all of it but the pieces between them, which are no rule's: painted over, they took
    /// the tops of letters with them (a blurred supply order's `Thermometer` read `Thermome:er`). They
    /// are left; the rules are painted over.
    @Test func aFringeOnABlurredWordsTopsIsKept() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 300, 548], fringe: true)
        let erased = try #require(RuleEraser.erased(table, printInFocus: false))
        for x in [88, 90, 116, 118] { #expect(try #require(erased.pixel(x: x, y: 129)) < 100, "x \(x)") }
        #expect(try #require(erased.pixel(x: 200, y: 300)) > 200)
    }

    /// A line a rule long that is no long rule's is painted over only with paper along it: the feet of a
    /// dim word's letters run together into one (a Chinese manual page's `domain` lost its lower half),
    /// and stay with the letters; a faint rule's piece as long is painted over.
    @Test func theFeetOfALineOfPrintAreNoRule() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 300, 548], feet: true)
        let erased = try #require(RuleEraser.erased(table, printInFocus: true))
        for x in [331, 360, 375, 418] { #expect(try #require(erased.pixel(x: x, y: 140)) < 100, "x \(x)") }
        #expect(try #require(erased.pixel(x: 331, y: 139)) < 100)
        #expect(try #require(erased.pixel(x: 440, y: 336)) > 200)
        #expect(try #require(erased.pixel(x: 200, y: 300)) > 200)
    }

    /// Rules as thick as marks of print (9 px: a blurred photo's rules, deblurred, measured 5–8 px at the
    /// level looked for) are told from print by measuring them, when the print is in focus: painted
    /// over, the 12-px-wide print kept. With print out of focus they are not measured, and such a page
    /// has no thin rules to erase. The letters are 22 px tall, the rules under half as thick, as that
    /// photo's were (7–8 px against letters 23 px tall): rules as thick as the letters are tall are no
    /// rules (`linesOfPrintRunTogetherAreNoRules`).
    @Test func rulesAsThickAsPrintArePaintedOverWhenThePrintIsInFocus() throws {
        let table = try page(across: [100, 300, 500, 690], down: [50, 300, 540], rule: 9, letterHeight: 22)
        let erased = try #require(RuleEraser.erased(table, printInFocus: true))
        for (x, y) in [(200, 104), (400, 504), (544, 400), (54, 200)] {
            #expect(try #require(erased.pixel(x: x, y: y)) > 200, "(\(x), \(y))")
        }
        #expect(try #require(erased.pixel(x: 76, y: 116)) < 60)
        #expect(RuleEraser.erased(table, printInFocus: false) == nil)
    }

    /// Lines of print that camera shake ran together, each into one mark a rule long and 9 px thick,
    /// measure as the table's rules, and measured, they are painted over with the rules; unmeasured (from
    /// 8 px a mark is print) they are kept. So a page smeared one way is not in focus for the eraser,
    /// even with its steps steep and its smear taken out, nor one whose steps measure under 0.4 (a smear
    /// at a slant, told from round blur by neither way); a deblurred page is.
    @Test func printSmearedIntoLinesIsKeptUnmeasured() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 300, 548], merged: true)
        let measured = try #require(RuleEraser.erased(table, printInFocus: true))
        #expect(try #require(measured.pixel(x: 200, y: 154)) > 200)
        let unmeasured = try #require(RuleEraser.erased(table, printInFocus: false))
        #expect(try #require(unmeasured.pixel(x: 200, y: 154)) < 60)
        #expect(try #require(unmeasured.pixel(x: 200, y: 300)) > 200)

        #expect(RuleEraser.printInFocus(sharpness: 0.45, smeared: false, deblurred: false))
        #expect(!RuleEraser.printInFocus(sharpness: 0.45, smeared: true, deblurred: false))
        #expect(!RuleEraser.printInFocus(sharpness: 0.3, smeared: false, deblurred: false))
        #expect(!RuleEraser.printInFocus(sharpness: 0.13, smeared: false, deblurred: false))
        #expect(RuleEraser.printInFocus(sharpness: 0.13, smeared: false, deblurred: true))
        #expect(!RuleEraser.printInFocus(sharpness: nil, smeared: false, deblurred: false))
    }

    /// Lines of print whose letters blur together into marks a rule long are as thick as the letters
    /// (an x-height band 11 px thick, letters 18 px tall), and are no table's rules even with two rules
    /// down beside them: painted over, a deblurred book page's 25 lines lost their words (CER 0.94).
    /// Rules thin against the same letters (4 px) are a table's.
    @Test func linesOfPrintRunTogetherAreNoRules() throws {
        func prose(band: Int) throws -> PixImage {
            var samples = [UInt8](repeating: 230, count: width * height)
            for x in [50, 548] { for y in 100..<700 { for t in 0..<2 { samples[y * width + x + t] = 60 } } }
            // Two lines whose letters (12 × 18) stand apart, to measure the letters by; six run together.
            for top in [110, 150] {
                for left in stride(from: 70, to: 530, by: 16) {
                    for y in top..<(top + 18) { for x in left..<(left + 12) { samples[y * width + x] = 30 } }
                }
            }
            for top in stride(from: 230, to: 690, by: 60) {
                for y in top..<(top + band) { for x in 70..<530 { samples[y * width + x] = 30 } }
            }
            let url = try TestSupport.temporaryFolder().appendingPathComponent("prose-\(band).pgm")
            try TestSupport.writeGreyImage(samples, width: width, height: height, to: url)
            return try #require(PixImage(reading: url.path))
        }
        #expect(RuleEraser.erased(try prose(band: 11), printInFocus: true) == nil)
        let ruled = try #require(RuleEraser.erased(try prose(band: 4), printInFocus: true))
        #expect(try #require(ruled.pixel(x: 300, y: 232)) > 200)
        #expect(try #require(ruled.pixel(x: 76, y: 120)) < 60)
    }

    /// A table's rules down fainter than those across (a photo shot at a slant spreads them) are not
    /// found where the print's are looked for; found with the rules across, they are looked for again
    /// nearer the paper's level, and painted over with them. The print is kept.
    @Test func faintRulesDownAreLookedForNearerThePaper() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 300, 548], downLevel: 105)
        let erased = try #require(RuleEraser.erased(table, printInFocus: true))
        for (x, y) in [(300, 415), (548, 200), (50, 600), (200, 300)] {
            #expect(try #require(erased.pixel(x: x, y: y)) > 200, "(\(x), \(y))")
        }
        #expect(try #require(erased.pixel(x: 76, y: 116)) < 60)
        // Paler still than that, they are not found, and without them there is no table.
        #expect(RuleEraser.erased(try page(across: [100, 300, 500, 698], down: [50, 300, 548], downLevel: 160), printInFocus: true) == nil)
    }

    /// Two rules across and none down (a receipt's separators, a letterhead's line) are no table.
    @Test func rulesAcrossAloneAreNoTable() throws {
        #expect(RuleEraser.erased(try page(across: [100, 698], down: []), printInFocus: true) == nil)
        #expect(RuleEraser.erased(try page(across: [100, 300, 500, 698], down: []), printInFocus: true) == nil)
    }
}
