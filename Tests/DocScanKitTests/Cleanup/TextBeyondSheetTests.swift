@testable import DocScanKit
import Testing

/// A sheet's side found where no paper edge is cuts through the lines of print; a real edge has the
/// sheet's margin inside it and the desk beyond.
struct TextBeyondSheetTests {
    /// A sheet 1,000 px square; its left side is the first of `sides` from the left.
    private let sheet = PageQuad(
        topLeft: .init(x: 0, y: 0), topRight: .init(x: 1000, y: 0),
        bottomRight: .init(x: 1000, y: 1000), bottomLeft: .init(x: 0, y: 1000))

    private var leftSide: PageQuad.Side {
        sheet.sides[3]
    }

    /// Lines of 10-px letters, 12 px apart, from `x` to `to`, every 30 px down from 100 to 700.
    private func lines(from x: Double, to end: Double) -> [TextBeyondSheet.Letter] {
        stride(from: 100.0, through: 700, by: 30).flatMap { y in
            stride(from: x, through: end, by: 12).map { TextBeyondSheet.Letter(centre: .init(x: $0, y: y), height: 10, halfExtent: 5) }
        }
    }

    @Test func sidesAreNamedClockwiseFromTheTop() {
        let sides = sheet.sides
        #expect(sides.count == 4)
        #expect(sides[3].normalX == -1 && sides[3].normalY == 0)
    }

    /// Lines that run on 150 px past the left side: the side moves out past their last letter.
    @Test func linesRunningOnPastASideMoveIt() throws {
        let offset = try #require(TextBeyondSheet.cut(leftSide, letters: lines(from: -150, to: 900), height: 10, across: 1000))
        #expect(offset >= 155 && offset <= 170, "\(offset)")
    }

    /// A margin inside the side, and nothing but the desk's pattern beyond it, is a real edge.
    @Test func aMarginInsideTheSideIsARealEdge() {
        let desk = stride(from: 100.0, through: 700, by: 30).map { TextBeyondSheet.Letter(centre: .init(x: -12, y: $0), height: 10, halfExtent: 5) }
        #expect(TextBeyondSheet.cut(leftSide, letters: lines(from: 80, to: 900) + desk, height: 10, across: 1000) == nil)
    }

    /// Past a gap wider than `largestGap` letters, print is another sheet's: the run followed out
    /// stops at the gap.
    @Test func theRunOutStopsAtAGap() throws {
        let other = lines(from: -400, to: -250)
        let offset = try #require(TextBeyondSheet.cut(leftSide, letters: lines(from: -100, to: 900) + other, height: 10, across: 1000))
        #expect(offset < 150, "\(offset)")
    }

    /// A bright region that ends at a fold, the sheet's lower part turned from the light: its bottom
    /// side is moved out round by round, each round following the lines at most half the sheet found so
    /// far, until it lies past the last line (1,100 px down), not where one round leaves it (about 600).
    @Test func aSideIsMovedOutUntilItCutsNoLine() throws {
        let letters = stride(from: 100.0, through: 1100, by: 30).flatMap { y in
            stride(from: 100.0, through: 900, by: 12).map { TextBeyondSheet.Letter(centre: .init(x: $0, y: y), height: 10, halfExtent: 5) }
        }
        let region = PageQuad(
            topLeft: .init(x: 50, y: 50), topRight: .init(x: 950, y: 50),
            bottomRight: .init(x: 950, y: 400), bottomLeft: .init(x: 50, y: 400))
        let photo = PhotoLetters(letters: letters, width: 1000, height: 1600)
        let widened = try #require(TextBeyondSheet.widened(region, letters: photo))
        #expect(widened.sides == ["bottom"])
        #expect(widened.quad.bottomLeft.y >= 1105 && widened.quad.bottomLeft.y < 1130, "\(widened.quad)")
        #expect(widened.quad.topLeft == region.topLeft && widened.quad.topRight == region.topRight)
        // The same lines ending 400 px further down, past a gap of 30 letters: the side stops at the gap.
        let beyond = letters + stride(from: 1400.0, through: 1500, by: 30).flatMap { y in
            stride(from: 100.0, through: 900, by: 12).map { TextBeyondSheet.Letter(centre: .init(x: $0, y: y), height: 10, halfExtent: 5) }
        }
        let stopped = try #require(TextBeyondSheet.widened(region, letters: PhotoLetters(letters: beyond, width: 1000, height: 1600)))
        #expect(stopped.quad.bottomLeft.y < 1130, "\(stopped.quad)")
    }

    /// A side moved out once lies on paper: moved again, it follows the print past a gap before a
    /// heading (7 letters here, over the 4 of a side's first move and under `movedSideGap`), while the
    /// first move stops at such a gap.
    @Test func aMovedSideFollowsThePrintPastAParagraphGap() throws {
        let paragraph = { (from: Double, to: Double) in
            stride(from: from, through: to, by: 30).flatMap { y in
                stride(from: 100.0, through: 900, by: 12).map { TextBeyondSheet.Letter(centre: .init(x: $0, y: y), height: 10, halfExtent: 5) }
            }
        }
        let letters = paragraph(100, 700) + paragraph(770, 980)
        let region = PageQuad(
            topLeft: .init(x: 50, y: 50), topRight: .init(x: 950, y: 50),
            bottomRight: .init(x: 950, y: 400), bottomLeft: .init(x: 50, y: 400))
        let widened = try #require(TextBeyondSheet.widened(region, letters: PhotoLetters(letters: letters, width: 1000, height: 1600)))
        #expect(widened.quad.bottomLeft.y >= 990 && widened.quad.bottomLeft.y < 1010, "\(widened.quad)")
        // A side's first move stops at the gap: the lines up to 700 run past a side at 650, the heading
        // beyond is 7 letters away.
        let side: PageQuad.Side = (start: .init(x: 1000, y: 650), end: .init(x: 0, y: 650), normalX: 0, normalY: 1)
        let atGap = try #require(TextBeyondSheet.cut(side, letters: letters, height: 10, across: 1000))
        #expect(atGap < 80, "\(atGap)")
    }

    /// Past a side moved once, a heading's capitals (2.5 times the body's letters) are followed too.
    @Test func aMovedSideTakesInAHeadingsCapitals() throws {
        let body = stride(from: 100.0, through: 700, by: 30).flatMap { y in
            stride(from: 100.0, through: 900, by: 12).map { TextBeyondSheet.Letter(centre: .init(x: $0, y: y), height: 10, halfExtent: 5) }
        }
        let heading = stride(from: 200.0, through: 800, by: 15).map { TextBeyondSheet.Letter(centre: .init(x: $0, y: 745), height: 25, halfExtent: 12.5) }
        let region = PageQuad(
            topLeft: .init(x: 50, y: 50), topRight: .init(x: 950, y: 50),
            bottomRight: .init(x: 950, y: 400), bottomLeft: .init(x: 50, y: 400))
        let widened = try #require(TextBeyondSheet.widened(region, letters: PhotoLetters(letters: body + heading, width: 1000, height: 1600)))
        #expect(widened.quad.bottomLeft.y >= 765 && widened.quad.bottomLeft.y < 775, "\(widened.quad)")
    }

    /// Print past a side that comes as words (serif letters joined at the working size) counts by
    /// their width: a line of 8 words 6 letters wide and 3 letters past the top side, against 60
    /// letters within, moves it past the line's letters (words are not followed: a curled end's shading
    /// joins into long pieces along the sheet's edge).
    @Test func wordsPastASideCountByTheirWidth() throws {
        let top = sheet.sides[0]
        let within = stride(from: 100.0, through: 808, by: 12).map { TextBeyondSheet.Letter(centre: .init(x: $0, y: 10), height: 10, halfExtent: 5) }
        let words = stride(from: 100.0, through: 800, by: 100).map {
            TextBeyondSheet.Letter(centre: .init(x: $0, y: -15), height: 10, halfExtent: 30, weight: 6)
        }
        let letters = [150.0, 450, 750].map { TextBeyondSheet.Letter(centre: .init(x: $0, y: -15), height: 10, halfExtent: 5) }
        #expect(words.count == 8 && within.count == 60)
        let offset = try #require(TextBeyondSheet.cut(top, letters: within + words + letters, height: 10, across: 1000))
        #expect(offset >= 29 && offset <= 31, "\(offset)")
        // The same words each taken for one letter are too few to move it.
        let asLetters = words.map { TextBeyondSheet.Letter(centre: $0.centre, height: 10, halfExtent: 5) }
        #expect(TextBeyondSheet.cut(top, letters: within + asLetters + letters, height: 10, across: 1000) == nil)
        // Long pieces within a letter's height of the side are the paper's edge or its shadow, not print.
        let edge = words.map { TextBeyondSheet.Letter(centre: .init(x: $0.centre.x, y: -4), height: 10, halfExtent: 30, weight: 6) }
        #expect(TextBeyondSheet.cut(top, letters: within + edge + letters, height: 10, across: 1000) == nil)
    }

    /// A few letters beyond the side (a page number in the margin next to it) do not move it.
    @Test func aFewLettersBeyondDoNotMoveTheSide() {
        let few = (0..<5).map { TextBeyondSheet.Letter(centre: .init(x: -10, y: 800 + Double($0) * 12), height: 10, halfExtent: 5) }
        #expect(TextBeyondSheet.cut(leftSide, letters: lines(from: 5, to: 900) + few, height: 10, across: 1000) == nil)
    }
}
