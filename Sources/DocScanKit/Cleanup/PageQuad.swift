import Foundation

/// The four corners of a sheet of paper found in a photo, in page pixels.
public struct PageQuad: Codable, Equatable, Sendable {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point

    public struct Point: Codable, Equatable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
    }

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    enum CodingKeys: String, CodingKey {
        case topLeft = "top_left", topRight = "top_right", bottomRight = "bottom_right", bottomLeft = "bottom_left"
    }

    /// Corners clockwise from the top left.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Area by the shoelace formula.
    public var area: Double { Self.area(of: corners) }

    /// The area of a polygon (any simple one, its points in order), by the shoelace formula.
    static func area(of polygon: [Point]) -> Double {
        var sum = 0.0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }

    /// How far, in degrees, the corner farthest from square is from 90°.
    var largestCornerSkew: Double {
        let points = corners
        return points.indices.map { index in
            let corner = points[index], before = points[(index + 3) % 4], after = points[(index + 1) % 4]
            let (ax, ay, bx, by) = (before.x - corner.x, before.y - corner.y, after.x - corner.x, after.y - corner.y)
            let lengths = (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot()
            guard lengths > 0 else { return 90 }
            return abs(acos(max(-1, min(1, (ax * bx + ay * by) / lengths))) * 180 / .pi - 90)
        }.max() ?? 0
    }

    /// Width and height of the flat page: the mean lengths of opposite edges.
    public var flatSize: (width: Double, height: Double) {
        ((topLeft.distance(to: topRight) + bottomLeft.distance(to: bottomRight)) / 2,
         (topLeft.distance(to: bottomLeft) + topRight.distance(to: bottomRight)) / 2)
    }

    /// Each side clockwise from the top, from corner to corner, with its unit normal pointing out of the
    /// quadrilateral; a side of zero length is left out.
    typealias Side = (start: Point, end: Point, normalX: Double, normalY: Double)

    var sides: [Side] {
        let points = corners
        let centre = Point(x: points.map(\.x).reduce(0, +) / 4, y: points.map(\.y).reduce(0, +) / 4)
        return points.indices.compactMap { index in
            let a = points[index], b = points[(index + 1) % 4]
            let length = a.distance(to: b)
            guard length > 0 else { return nil }
            var nx = -(b.y - a.y) / length, ny = (b.x - a.x) / length
            if nx * ((a.x + b.x) / 2 - centre.x) + ny * ((a.y + b.y) / 2 - centre.y) < 0 { nx = -nx; ny = -ny }
            return (a, b, nx, ny)
        }
    }

    /// The point `t` (0–1) of the way along `side` from its start, moved `outward` along its normal.
    static func point(on side: Side, at t: Double, outward: Double = 0) -> Point {
        Point(x: side.start.x + (side.end.x - side.start.x) * t + side.normalX * outward,
              y: side.start.y + (side.end.y - side.start.y) * t + side.normalY * outward)
    }

    /// How far `point` lies beyond `side`, along its outward normal: negative inside.
    static func distance(of point: Point, beyond side: Side) -> Double {
        (point.x - side.start.x) * side.normalX + (point.y - side.start.y) * side.normalY
    }

    /// Where `point` falls along `side`, projected onto it: 0 at its start, 1 at its end.
    static func fraction(of point: Point, along side: Side) -> Double {
        let dx = side.end.x - side.start.x, dy = side.end.y - side.start.y
        return ((point.x - side.start.x) * dx + (point.y - side.start.y) * dy) / (dx * dx + dy * dy)
    }

    /// A straight line in normal form: the points p with p·(nx, ny) = rho, (nx, ny) a unit normal.
    typealias Line = (nx: Double, ny: Double, rho: Double)

    /// The line `side` lies on, moved `outward` along its normal.
    static func line(of side: Side, movedOut outward: Double = 0) -> Line {
        (side.normalX, side.normalY, side.start.x * side.normalX + side.start.y * side.normalY + outward)
    }

    /// Where two lines meet; nil when they are (nearly) parallel.
    static func meeting(_ a: Line, _ b: Line) -> Point? {
        let det = a.nx * b.ny - a.ny * b.nx
        guard abs(det) > 1e-6 else { return nil }
        return Point(x: (a.rho * b.ny - a.ny * b.rho) / det, y: (a.nx * b.rho - a.rho * b.nx) / det)
    }

    /// The quadrilateral whose sides (top, right, bottom, left) lie on `lines`, its corners where
    /// neighbouring lines meet, divided by `factor` (a reduced copy's back to the photo's pixels) and kept
    /// within a `width` × `height` image; nil when two neighbouring lines are (nearly) parallel.
    static func bounded(by lines: [Line], scaledDownBy factor: Double, width: Int, height: Int) -> PageQuad? {
        guard lines.count == 4 else { return nil }
        var corners: [Point] = []
        // Each corner where the sides before and after it meet: the top left is the left side's and the top's.
        for index in 0..<4 {
            guard let corner = meeting(lines[(index + 3) % 4], lines[index]) else { return nil }
            corners.append(Point(x: min(max(corner.x / factor, 0), Double(width - 1)),
                                 y: min(max(corner.y / factor, 0), Double(height - 1))))
        }
        return PageQuad(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// How far `point` lies outside the quadrilateral (convex): the most it lies beyond any side; 0 or
    /// less inside.
    func distanceOutside(_ point: Point) -> Double {
        sides.map { Self.distance(of: point, beyond: $0) }.max() ?? 0
    }

    /// Every corner moved by `x`, `y`.
    func moved(x: Double, y: Double) -> PageQuad {
        func move(_ point: Point) -> Point { Point(x: point.x + x, y: point.y + y) }
        return PageQuad(topLeft: move(topLeft), topRight: move(topRight), bottomRight: move(bottomRight), bottomLeft: move(bottomLeft))
    }

    /// Every corner multiplied by `factor`.
    func scaled(by factor: Double) -> PageQuad {
        func scale(_ point: Point) -> Point { Point(x: point.x * factor, y: point.y * factor) }
        return PageQuad(topLeft: scale(topLeft), topRight: scale(topRight), bottomRight: scale(bottomRight), bottomLeft: scale(bottomLeft))
    }
}
