@testable import DocScanKit
import Foundation
import Testing

/// A sheet photographed close up runs out of the frame: the sides its outline takes along the photo's
/// border are laid along its print (`FrameSide.realigned`).
struct FrameSideTests {
    /// The photo, 1,600 × 2,000 px.
    private let width = 1600, height = 2000
    /// The top side, a real edge, rising 0.02 to the right; the right side, a real edge, leaning out
    /// 0.05 going down; the left side along the photo's left border, the foot along its bottom one.
    private var outline: PageQuad {
        PageQuad(
            topLeft: .init(x: 0, y: 60), topRight: .init(x: 1500, y: 30),
            bottomRight: .init(x: 1598.45, y: 1999), bottomLeft: .init(x: 0, y: 1999))
    }

    /// Lines of 14-px letters every 40 px down, level with the top side (rising 0.02 to the right), from
    /// a left margin leaning `lean` (dx/dy) to a right margin leaning out 0.04.
    private func print(leftMarginAt x0: Double, leaning lean: Double) -> PhotoLetters {
        var letters: [TextBeyondSheet.Letter] = []
        for row in stride(from: 120.0, through: 1900, by: 40) {
            let start: Double = x0 + lean * row, end: Double = 1380 + 0.04 * row
            for x in stride(from: start, through: end, by: 16) {
                letters.append(TextBeyondSheet.Letter(centre: PageQuad.Point(x: x, y: row - 0.02 * x), height: 14, halfExtent: 7))
            }
        }
        return PhotoLetters(letters: letters, width: width, height: height)
    }

    /// How a side from `top` down to `bottom` leans, in degrees: atan(dx/dy).
    private func lean(_ top: PageQuad.Point, _ bottom: PageQuad.Point) -> Double {
        atan2(bottom.x - top.x, bottom.y - top.y) * 180 / .pi
    }

    /// The print's left margin leans 1.7° (the sheet seen at a tilt, its sides converging upwards): the
    /// left side is laid along it, outside the print, and the foot parallel to the top.
    @Test func sidesAlongTheBorderAreLaidAlongThePrint() throws {
        let realigned = try #require(FrameSide.realigned(outline, letters: print(leftMarginAt: 120, leaning: -0.03)))
        #expect(realigned.sides == ["bottom", "left"])
        let quad = realigned.quad
        #expect(abs(lean(quad.topLeft, quad.bottomLeft) - atan(-0.03) * 180 / .pi) < 0.3, "\(quad)")
        let foot = (quad.bottomRight.y - quad.bottomLeft.y) / (quad.bottomRight.x - quad.bottomLeft.x)
        #expect(abs(foot - -0.02) < 0.002, "\(quad)")
        // The real edges stay where they were.
        #expect(abs(quad.topRight.x - 1500) < 1 && abs(quad.topRight.y - 30) < 1, "\(quad)")
        // Outside the print: its left margin lies at x = 120 − 0.03 y.
        for y in [120.0, 1000, 1900] {
            let share: Double = (y - quad.topLeft.y) / (quad.bottomLeft.y - quad.topLeft.y)
            let side: Double = quad.topLeft.x + (quad.bottomLeft.x - quad.topLeft.x) * share
            let margin: Double = 120 - 0.03 * y
            #expect(side < margin - 20, "at \(y): \(side)")
        }
    }

    /// Print whose left margin runs straight down the border, under a top that rises less than
    /// `smallestTurn`: the sheet lies square to the frame, and its outline is kept as found.
    @Test func aMarginAlongTheBorderKeepsTheOutline() {
        let square = PageQuad(
            topLeft: .init(x: 0, y: 60), topRight: .init(x: 1500, y: 57),
            bottomRight: .init(x: 1597.1, y: 1999), bottomLeft: .init(x: 0, y: 1999))
        var letters: [TextBeyondSheet.Letter] = []
        for row in stride(from: 120.0, through: 1900, by: 40) {
            let end: Double = 1380 + 0.04 * row
            for x in stride(from: 120.0, through: end, by: 16) {
                letters.append(TextBeyondSheet.Letter(centre: PageQuad.Point(x: x, y: row), height: 14, halfExtent: 7))
            }
        }
        #expect(FrameSide.realigned(square, letters: PhotoLetters(letters: letters, width: width, height: height)) == nil)
    }

    /// A margin leaning 6° from the border is a curled sheet's, not a side seen at a tilt: the sides
    /// stay (`largestTurn`); the foot, 1.1° off its top, is still laid parallel to it.
    @Test func aSteeplyLeaningMarginIsNotFollowed() throws {
        let realigned = try #require(FrameSide.realigned(outline, letters: print(leftMarginAt: 250, leaning: -0.105)))
        #expect(realigned.sides == ["bottom"])
        #expect(realigned.quad.topLeft.x == 0 && realigned.quad.bottomLeft.x == 0, "\(realigned.quad)")
    }
}
