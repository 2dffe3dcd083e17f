@testable import DocScanKit
import DocScanNative
import Testing

/// Thin rules are painted over on a page ruled as a table, and left alone elsewhere.
struct RuleEraserTests {
    private let width = 600, height = 800

    /// A grey page (paper 230) with 2-px rules across at `across` and down at `down` (spanning the
    /// ruled area), and a block of "print" (a 12-px square every 20 px) between them.
    private func page(across: [Int], down: [Int]) throws -> PixImage {
        var samples = [UInt8](repeating: 230, count: width * height)
        for y in across { for x in 50..<550 { for t in 0..<2 { samples[(y + t) * width + x] = 60 } } }
        for x in down { for y in 100..<700 { for t in 0..<2 { samples[y * width + x + t] = 60 } } }
        for top in stride(from: 110, to: 690, by: 40) {
            for left in stride(from: 70, to: 530, by: 20) {
                for y in top..<(top + 12) { for x in left..<(left + 12) { samples[y * width + x] = 30 } }
            }
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("ruled-\(across.count)-\(down.count).pgm")
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

    /// Two rules across and none down (a receipt's separators, a letterhead's line) are no table.
    @Test func rulesAcrossAloneAreNoTable() throws {
        #expect(RuleEraser.erased(try page(across: [100, 698], down: [])) == nil)
        #expect(RuleEraser.erased(try page(across: [100, 300, 500, 698], down: [])) == nil)
    }
}
