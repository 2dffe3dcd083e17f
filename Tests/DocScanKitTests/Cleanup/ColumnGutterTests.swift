import DocScanNative
import Foundation
import Testing

@testable import DocScanKit

/// The gutter between two columns is the widest empty band in the middle of the page.
struct ColumnGutterTests {
    /// Ink per column of pixels of a page `width` wide: `ink` everywhere but the empty `gaps`.
    private func profile(width: Int, ink: Int = 40, gaps: [Range<Int>]) -> [Int] {
        (0..<width).map { x in gaps.contains { $0.contains(x) } ? 0 : ink }
    }

    @Test func theWidestEmptyBandInTheMiddleIsTheGutter() {
        // A word space (4 px) and the gutter (30 px) in the middle; the margins lie outside it.
        let ink = profile(width: 1000, gaps: [0..<80, 420..<424, 480..<510, 930..<1000])
        #expect(ColumnGutter.find(inkPerColumn: ink, height: 1000) == 495)
    }

    @Test func aPageWithoutAnEmptyBandOrWithOneTooNarrowHasNoGutter() {
        #expect(ColumnGutter.find(inkPerColumn: profile(width: 1000, gaps: [0..<80, 930..<1000]), height: 1000) == nil)
        // 5 px is under 0.6% of 1,000 px: a gap between words that happen to line up.
        #expect(ColumnGutter.find(inkPerColumn: profile(width: 1000, gaps: [500..<505]), height: 1000) == nil)
    }

    @Test func specksInTheGutterDoNotFillIt() {
        // 9 dark pixels in 1,000 rows is under 1%: specks, not a column of text.
        var ink = profile(width: 1000, gaps: [480..<510])
        ink[490] = 9
        #expect(ColumnGutter.find(inkPerColumn: ink, height: 1000).map { (480..<510).contains($0) } == true)
        // Ink every 5 px leaves runs too narrow for a gutter: words, not a gap between columns.
        for x in stride(from: 485, to: 510, by: 5) { ink[x] = 40 }
        #expect(ColumnGutter.find(inkPerColumn: ink, height: 1000) == nil)
    }

    @Test func theTwoColumnFixturesGutterIsFound() throws {
        let page = try #require(PixImage(reading: TestSupport.root.appendingPathComponent("Fixtures/photos/two_column.png").path))
        let gutter = try #require(ColumnGutter.find(in: page))
        // Fixtures/photos/two_column.json: the first column's ink ends at x 801, the second's starts at 892.
        #expect((801..<892).contains(gutter), "gutter at \(gutter)")
    }
}
