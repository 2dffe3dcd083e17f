@testable import DocScanKit
import DocScanNative
import Testing

/// Thin rules are painted over on a page ruled as a table, and left alone elsewhere.
struct RuleEraserTests {
    private let width = 600, height = 800

    /// A grey page (paper 230) with 2-px rules across at `across` and down at `down` (spanning the
    /// ruled area), and a block of "print" (a 12-px square every 20 px) between them.
    /// With `headerBand`, the table's first row is a dark band (60) with white "print" in it: words of
    /// five 10×18-px letters at paper level, 4 px under the band's top and 18 px above its bottom.
    private func page(across: [Int], down: [Int], headerBand: Bool = false) throws -> PixImage {
        var samples = [UInt8](repeating: 230, count: width * height)
        for y in across { for x in 50..<550 { for t in 0..<2 { samples[(y + t) * width + x] = 60 } } }
        for x in down { for y in 100..<700 { for t in 0..<2 { samples[y * width + x + t] = 60 } } }
        for top in stride(from: 110, to: 690, by: 40) {
            for left in stride(from: 70, to: 530, by: 20) {
                for y in top..<(top + 12) { for x in left..<(left + 12) { samples[y * width + x] = 30 } }
            }
        }
        if headerBand {
            for y in Self.band { for x in 50..<550 { samples[y * width + x] = 60 } }
            for word in stride(from: 60, to: 480, by: 80) {
                for letter in 0..<5 {
                    let left = word + 13 * letter
                    for y in 106..<124 { for x in left..<(left + 10) { samples[y * width + x] = 230 } }
                }
            }
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("ruled-\(across.count)-\(down.count)-\(headerBand).pgm")
        try TestSupport.writeGreyImage(samples, width: width, height: height, to: url)
        return try #require(PixImage(reading: url.path))
    }

    @Test func aTableLosesItsRulesAndKeepsItsPrint() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 300, 548])
        let erased = try #require(RuleEraser.erased(table))
        // A rule's pixel, away from the print, is paper now; a piece of print is still print.
        #expect(try #require(erased.pixel(x: 200, y: 100)) > 200)
        #expect(try #require(erased.pixel(x: 548, y: 400)) > 200)
        #expect(try #require(erased.pixel(x: 76, y: 116)) < 60)
    }

    /// The header band's rows.
    private static let band = 102..<142

    /// A dark header band with white print is no rule, though the strip above its print runs as long as
    /// one: it was painted with the paper's level, and a course table's header read as garbage.
    @Test func aDarkHeaderBandIsKeptWhole() throws {
        let table = try page(across: [100, 300, 500, 698], down: [50, 300, 548], headerBand: true)
        let erased = try #require(RuleEraser.erased(table))
        // The strip above the first word's letters, and the band between its words, stay dark; the
        // letters stay light; the table's rules are still painted over.
        for x in [65, 100, 126, 135] {
            #expect(try #require(erased.pixel(x: x, y: 103)) < 100, "strip at x \(x)")
        }
        #expect(try #require(erased.pixel(x: 63, y: 115)) > 200)
        #expect(try #require(erased.pixel(x: 128, y: 115)) < 100)
        #expect(try #require(erased.pixel(x: 200, y: 300)) > 200)
        #expect(try #require(erased.pixel(x: 548, y: 400)) > 200)
    }

    /// Two rules across and none down (a receipt's separators, a letterhead's line) are no table.
    @Test func rulesAcrossAloneAreNoTable() throws {
        #expect(RuleEraser.erased(try page(across: [100, 698], down: [])) == nil)
        #expect(RuleEraser.erased(try page(across: [100, 300, 500, 698], down: [])) == nil)
    }
}
