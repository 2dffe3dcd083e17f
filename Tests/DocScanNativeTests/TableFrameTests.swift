import CLeptonica
import Foundation
@testable import DocScanNative
import Testing

/// The outer rules of a ruled table (`TableFrame`), on grids drawn with known corners, and on a fixture
/// table whose columns are ruled but not its rows.
struct TableFrameTests {
    static let (width, height) = (1000, 800)
    typealias Point = (x: Double, y: Double)

    /// A 1-bit page with a table ruled 2 px thick between `corners` (clockwise from the top left): its
    /// outer rules, five rules across and three down between them, and a block of "print" in each row
    /// set against the left rule. `bow` bends the left rule out by that many pixels at its middle
    /// (drawn in ten pieces); `broken` leaves out the last quarter of each row's stretch of it (a faint
    /// rule in a photo breaks so); `sides` says which outer rules are drawn (top, right, foot, left),
    /// and `columns` whether the rules down between them are.
    private func page(
        _ corners: [Point], bow: Double = 0, broken: Bool = false, sides: [Bool] = [true, true, true, true], columns: Bool = true
    ) throws -> PixImage {
        let page = try #require(PixImage(taking: pixCreate(Int32(Self.width), Int32(Self.height), 1)))
        func along(_ a: Point, _ b: Point, _ t: Double) -> Point { (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
        page.withUnsafePix { pix in
            func line(_ a: Point, _ b: Point) {
                _ = pixRenderLine(pix, Int32(a.x.rounded()), Int32(a.y.rounded()), Int32(b.x.rounded()), Int32(b.y.rounded()), 2, Int32(L_SET_PIXELS))
            }
            let (topLeft, topRight, bottomRight, bottomLeft) = (corners[0], corners[1], corners[2], corners[3])
            if sides[0] { line(topLeft, topRight) }
            if sides[1] { line(topRight, bottomRight) }
            if sides[2] { line(bottomRight, bottomLeft) }
            if sides[3], broken {
                for row in 0..<6 {
                    line(along(topLeft, bottomLeft, Double(row) / 6), along(topLeft, bottomLeft, (Double(row) + 0.75) / 6))
                }
            } else if sides[3] {
                for piece in 0..<10 {
                    let (t0, t1) = (Double(piece) / 10, Double(piece + 1) / 10)
                    let (a, b) = (along(topLeft, bottomLeft, t0), along(topLeft, bottomLeft, t1))
                    line((a.x - bow * 4 * t0 * (1 - t0), a.y), (b.x - bow * 4 * t1 * (1 - t1), b.y))
                }
            }
            for row in 1..<6 {
                let t = Double(row) / 6
                line(along(topLeft, bottomLeft, t), along(topRight, bottomRight, t))
            }
            for column in 1..<4 where columns {
                let t = Double(column) / 4
                line(along(topLeft, topRight, t), along(bottomLeft, bottomRight, t))
            }
            for row in 0..<6 {
                let start = along(topLeft, bottomLeft, (Double(row) + 0.4) / 6)
                _ = pixRasterop(pix, Int32(start.x.rounded()) + 2, Int32(start.y.rounded()), 120, 24, PIX_SET, nil, 0, 0)
            }
        }
        return page
    }

    /// A table photographed at a tilt, its sides converging towards its top: each side is found where
    /// it was drawn, to within a pixel and a half at both its ends, the print set against the left rule
    /// (a row's first word touching it) not pulling it aside.
    @Test func convergingRulesAreFoundWhereTheyWereDrawn() throws {
        let corners: [Point] = [(180, 120), (830, 110), (900, 690), (110, 700)]
        let frame = try #require(TableFrame(mask: try page(corners)))
        func x(_ side: TableFrame.Side, _ a: Point, _ b: Point, at y: Double) -> Double { a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) }
        for y in [150.0, 650] {
            #expect(abs(frame.left.at(y) - x(frame.left, corners[0], corners[3], at: y)) <= 1.5, "left at \(y): \(frame.left.at(y))")
            #expect(abs(frame.right.at(y) - x(frame.right, corners[1], corners[2], at: y)) <= 1.5, "right at \(y): \(frame.right.at(y))")
        }
        for x in [200.0, 800] {
            let top = corners[0].y + (corners[1].y - corners[0].y) * (x - corners[0].x) / (corners[1].x - corners[0].x)
            let foot = corners[3].y + (corners[2].y - corners[3].y) * (x - corners[3].x) / (corners[2].x - corners[3].x)
            #expect(abs(frame.top.at(x) - top) <= 1.5, "top at \(x): \(frame.top.at(x))")
            #expect(abs(frame.foot.at(x) - foot) <= 1.5, "foot at \(x): \(frame.foot.at(x))")
        }
        #expect(frame.straightness >= 0.9)
    }

    /// A rule broken where it is faintest still frames the table: the rows of its gaps start inside it
    /// (at the print set against it, or at the next rule down), none beyond.
    @Test func aBrokenOuterRuleIsFoundAcrossItsGaps() throws {
        let corners: [Point] = [(180, 120), (830, 110), (900, 690), (110, 700)]
        let frame = try #require(TableFrame(mask: try page(corners, broken: true)))
        for y in [150.0, 650] {
            let x = corners[0].x + (corners[3].x - corners[0].x) * (y - corners[0].y) / (corners[3].y - corners[0].y)
            #expect(abs(frame.left.at(y) - x) <= 1.5, "left at \(y): \(frame.left.at(y)) against \(x)")
        }
        #expect(frame.straightness < 0.9, "\(frame.straightness)")
    }

    /// A table open at one side is framed by its next rule down there, which was as upright on the paper:
    /// the quadrilateral is still a rectangle on it.
    @Test func aTableOpenAtASideIsFramedByItsNextRule() throws {
        let corners: [Point] = [(150, 100), (850, 100), (850, 700), (150, 700)]
        let frame = try #require(TableFrame(mask: try page(corners, sides: [true, true, true, false])))
        #expect(abs(frame.left.at(400) - 325) <= 1.5 && abs(frame.left.slope) < 0.005, "\(frame.left)")
        #expect(abs(frame.right.at(400) - 850) <= 1.5, "\(frame.right)")
    }

    /// No frame from a table ruled across only (its rules are separate marks, none tall), nor from one
    /// whose outer rule bends (a curled page's): its rows do not keep to a straight line.
    @Test(arguments: [(0.0, false), (12.0, true)])
    func noFrameWithoutStraightRulesAcrossAndDown(bow: Double, columns: Bool) throws {
        let corners: [Point] = [(150, 100), (850, 100), (850, 700), (150, 700)]
        let sides = columns ? [true, true, true, true] : [true, false, true, false]
        let frame = TableFrame(mask: try page(corners, bow: bow, sides: sides, columns: columns))
        #expect(frame == nil, "\(String(describing: frame))")
    }

    /// A picture in a frame is no table: a mark covering a fifth of its box (a banknote's engraving
    /// joined to its border) has no frame, however straight its border.
    @Test func aFramedPictureIsNoTable() throws {
        let corners: [Point] = [(150, 100), (850, 100), (850, 700), (150, 700)]
        let page = try page(corners)
        page.withUnsafePix { pix in
            // Hatching joined to the frame's top rule, a fifth of its box.
            for x in stride(from: 300, to: 700, by: 4) { _ = pixRasterop(pix, Int32(x), 100, 2, 600, PIX_SET, nil, 0, 0) }
        }
        let frame = TableFrame(mask: page)
        #expect(frame == nil, "\(String(describing: frame))")
    }

    /// Fixtures' glossed table is ruled down between its columns but has no rules across: its rules are
    /// separate marks, none both wide and tall, and it has no frame.
    @Test func columnRulesAloneMakeNoFrame() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/tables/gloss_table.png")
        let grey = try #require(PixImage(taking: pixRead(url.path)))
        try #require(grey.depth == 8)
        let mask = try #require(grey.darkPixels())
        #expect(TableFrame(mask: mask) == nil)
    }
}
