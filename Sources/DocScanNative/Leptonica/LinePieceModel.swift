import DocScanCore
import Foundation

/// A curled page's vertical disparity fitted to every piece of its text lines, short ones included.
///
/// Leptonica's model (`TextLineDewarp`) is fitted to whole lines and keeps only those at least 0.8 of
/// the longest, so a table without rules, a form or a receipt, whose rows are pieces with wide gaps
/// between them (a name, a value, a unit), gets no model and is read bent: the photo stress set's
/// curled lab report had its first column 12 px above its values and read at CER 0.18. Each piece says
/// only how the page bends under it; a smooth field d(x, y), how far a point of the page was moved up or
/// down, is fitted to all pieces at once by least squares on their shapes, each piece free to sit at its
/// own height. The field is a polynomial of degree 1 to 4 across the page (the centre column stays
/// where it is) times degree 0 to 1 down it, so the bend may change from the top of the page to its
/// bottom as it does on a sheet lifted at one corner or seen in perspective. Beyond the box the pieces
/// span the field is held as it is at the box's edge: a polynomial fitted to a table in the top half of
/// a sheet says nothing of the blank half below.
package struct LinePieceModel {
    /// The page's size, which the field's coordinates are scaled by.
    package let width: Int, height: Int
    /// The pieces the field was fitted to (after leaving out the ones it could not explain).
    package let pieceCount: Int
    /// How far the field moves the pieces it was fitted to up and down, beyond levelling them (root
    /// mean square, pixels).
    package let displacement: Double
    /// The pieces' median height, their slant left out, pixels: their letters' (ascender to descender).
    package let letterHeight: Double
    /// How much steeper the field slants the rows at the foot of the pieces than at their top, in
    /// degrees (negative: less steep): rows that fan out, which no one angle levels (`maximumFan`).
    package let fan: Double
    /// `displacement` as a share of the page's width, as `TextLineDewarp.bend` measures bends.
    package var bend: Double { displacement / Double(width) }
    /// The box the pieces span; beyond it the field stays as it is at its edge.
    private let span: (x: ClosedRange<Double>, y: ClosedRange<Double>)
    /// The field's coefficients, one per `terms` entry.
    private let coefficients: [Double]
    /// The pieces' centre points, for the debug drawing.
    private let pieces: [[(x: Double, y: Double)]]

    /// The powers (of x, of y) of the field's terms.
    private static let terms: [(Int, Int)] = (1...4).flatMap { i in (0...1).map { j in (i, j) } }
    /// The fewest constraints (long pieces and neighbouring pairs) a field is fitted to: a table of a
    /// few rows of three cells.
    package static let minimumConstraints = 12
    /// The most points of a long piece that enter the fit, spread along it.
    static let pointsPerPiece = 40
    /// How long a piece must be, in letters (its height), for its own course to count: a short piece's
    /// centres follow its letters' shapes (the point of a price, a descender) more than the page.
    static let longPieceLetters = 8.0
    /// How much a pair of neighbours weighs against one point of a long piece's course.
    static let pairWeight = 8.0
    /// The displacement, in letter heights, from which a page is straightened. Measured on the photo
    /// sets (flat sheets, curled ones, pages Leptonica could not model): flat photos 0.01–0.12 (the most:
    /// a six-language page of few, large pieces), curled ones whose rows came apart 0.17–0.29; a curled
    /// book page whose lines Leptonica still misses 0.08–0.10, left alone.
    static let minimumDisplacement = 0.14
    /// The fan (`fan`, either way) from which a page is straightened whatever its displacement. The
    /// displacement leaves out a shear of the whole page, which deskewing levels, but a shear that
    /// changes down the page is no skew, and Tesseract reads lines a few degrees off the page's skew
    /// only: a sheet cut out of a photo along a wrong outline (a letter on planks, its foot taken along
    /// a seam between them, beyond the sheet at one corner) has rows level at its top and slanting at
    /// its foot. On that letter, as photographed and turned four ways, the rows fanned 9.2–9.9°
    /// (displacement 0.140–0.156 letter heights: upside down, under `minimumDisplacement`, it was read
    /// as it lay in fast mode, CER 0.43; straightened, 0.002). On the other photos of eval/real,
    /// eval/public, Fixtures, the photo stress sets and Fixtures' photos turned every way (176 pages in
    /// fast mode) they fanned 5.1° at most, most under 2°, but for two pages their displacement had
    /// straightened already (0.31 and 0.74 letter heights; curled pages' rows sag more than they fan).
    /// A receipt held in the hand, curled back at its top and foot and cut out along its edges, fanned
    /// 6.9° and was read as it lay with 7° here: its prices a column of their own below the names
    /// (accurate CER 0.49; straightened, its rows read as rows, 0.19).
    static let maximumFan = 6.0

    /// One equation of the fit, basis · coefficients ≈ target, or a group of them that stands or falls
    /// together (a long piece's course, a pair of neighbours).
    private struct Constraint {
        var rows: [(basis: [Double], target: Double)]
        var weight: Double
        /// The pieces it ties, for the drawing and the coverage.
        var pieces: [Int]
    }

    /// The field fitted to the line pieces of `mask` (1-bit, the page's text set); nil when there are too
    /// few, they span too little of the page, or the fit is singular.
    ///
    /// Two things tie the field down: the course of each long piece (`longPieceLetters`), and the
    /// heights of pieces side by side in a row: a piece's nearest neighbour to the right, no more than a
    /// third of the page away, of similar height (0.6 of the taller's at least), whose box overlaps its
    /// own by a quarter of the smaller's height, is taken to sit on the same line. A piece lower than
    /// half or higher than 2.5 times the pieces' median height, its slant left out (`thickness(of:)`),
    /// is left out (a fragment of thin print, a picture, lines run together).
    package init?(mask: PixImage) {
        guard mask.depth == 1, mask.width > 0, mask.height > 0 else { return nil }
        let (pageWidth, pageHeight) = (Double(mask.width), Double(mask.height))
        let found = TextLineDewarp.textLinePieces(of: mask, minimumWidth: max(24, mask.width / 60))
        let thicknesses = found.map { Self.thickness(of: $0) }
        let heights = thicknesses.sorted()
        guard !heights.isEmpty else { return nil }
        let letter = heights[heights.count / 2]
        let kept = zip(found, thicknesses).filter { piece, thickness in
            (0.5 * letter...2.5 * letter).contains(thickness) && piece.points.count >= 3
        }.map(\.0)
        // A piece's height is its box's middle: the mean row of its solidified pixels follows where its
        // letters have horizontal strokes (a receipt's thin digits: their feet, 8 px under their middle).
        let centres = kept.map { piece in
            (x: Double(piece.frame.x) + Double(piece.frame.width) / 2, y: Double(piece.frame.y) + Double(piece.frame.height) / 2)
        }
        func basis(_ x: Double, _ y: Double) -> [Double] {
            Self.terms.map { i, j in Self.power(x / pageWidth - 0.5, i) * Self.power(y / pageHeight - 0.5, j) }
        }
        var constraints: [Constraint] = []
        for (index, piece) in kept.enumerated() where Double(piece.frame.width) >= Self.longPieceLetters * letter {
            let points = Self.sampled(piece.points)
            let rows = points.map { basis($0.x, $0.y) }
            let meanHeight = points.reduce(0) { $0 + $1.y } / Double(points.count)
            let meanBasis = (0..<Self.terms.count).map { m in rows.reduce(0) { $0 + $1[m] } / Double(points.count) }
            constraints.append(Constraint(
                rows: zip(points, rows).map { point, row in
                    ((0..<row.count).map { row[$0] - meanBasis[$0] }, (point.y - meanHeight) / pageWidth)
                },
                weight: 1, pieces: [index]))
        }
        for (index, piece) in kept.enumerated() {
            let frame = piece.frame
            let neighbour = kept.indices.filter { other in
                let next = kept[other].frame
                let gap = next.x - (frame.x + frame.width)
                let overlap = min(frame.y + frame.height, next.y + next.height) - max(frame.y, next.y)
                return other != index && gap >= 0 && Double(gap) <= pageWidth / 3
                    && Double(overlap) >= 0.25 * Double(min(frame.height, next.height))
                    && Double(min(frame.height, next.height)) >= 0.6 * Double(max(frame.height, next.height))
            }.min { kept[$0].frame.x < kept[$1].frame.x }
            guard let neighbour else { continue }
            let (left, right) = (centres[index], centres[neighbour])
            let row = zip(basis(left.x, left.y), basis(right.x, right.y)).map { $0 - $1 }
            constraints.append(Constraint(rows: [(row, (left.y - right.y) / pageWidth)], weight: Self.pairWeight, pieces: [index, neighbour]))
        }
        var fitted: [Double]?
        // Constraints the field cannot explain (a mark joined to a line, a pair from two rows) are left
        // out and the field fitted again, until none is.
        for round in 0..<3 {
            guard constraints.count >= Self.minimumConstraints, let coefficients = Self.fit(constraints) else { return nil }
            fitted = coefficients
            guard round < 2 else { break }
            let residuals = constraints.map { Self.residual($0, coefficients) * pageWidth }
            let limit = max(1.5, 3 * residuals.sorted()[residuals.count / 2])
            let explained = zip(constraints, residuals).filter { $0.1 <= limit }.map(\.0)
            if explained.count == constraints.count { break }
            constraints = explained
        }
        guard let fit = fitted else { return nil }
        let used = Set(constraints.flatMap(\.pieces)).sorted()
        let frames = used.map { kept[$0].frame }
        guard let top = frames.map(\.y).min(), let bottom = frames.map({ $0.y + $0.height }).max(),
              let left = frames.map(\.x).min(), let right = frames.map({ $0.x + $0.width }).max(),
              Double(bottom - top) >= 0.3 * pageHeight, Double(right - left) >= 0.5 * pageWidth
        else { return nil }
        width = mask.width
        height = mask.height
        coefficients = fit
        pieceCount = used.count
        pieces = used.map { kept[$0].points }
        // How far the field bends the pieces it was fitted to: its terms beyond the first power of x
        // (a shear, which levels lines as deskewing does) at the pieces' points.
        var bending = fit
        for (index, (i, _)) in Self.terms.enumerated() where i == 1 { bending[index] = 0 }
        let displacements = constraints.flatMap { $0.rows.map { row in zip(row.basis, bending).reduce(0) { $0 + $1.0 * $1.1 } } }
        displacement = (displacements.reduce(0) { $0 + $1 * $1 } / Double(displacements.count)).squareRoot() * pageWidth
        letterHeight = letter
        span = (Double(left)...Double(right), Double(top)...Double(bottom))
        // The field's slant across the pieces' span along their top and along their foot (a few pieces
        // a row do not part its terms, so the slant is read off the field, not off one term).
        func slant(atY y: Double) -> Double {
            let (x0, x1) = (Double(left), Double(right))
            let rise = Self.field(fit, x: x1, y: y, width: pageWidth, height: pageHeight)
                - Self.field(fit, x: x0, y: y, width: pageWidth, height: pageHeight)
            return atan(rise / (x1 - x0)) * 180 / .pi
        }
        fan = slant(atY: Double(bottom)) - slant(atY: Double(top))
    }

    /// How tall a piece is, leaving out its slant: its box's height less the rise of the straight line
    /// fitted to its centres across its width. A line slanting across the page (a sheet's rows fanning
    /// out at its foot) has a box as tall as its slant, and taken by its box it was left out of the
    /// pieces, or made the letters measure twice as tall (a letter on planks: 44 px against 20).
    static func thickness(of piece: (frame: PageBox, points: [(x: Double, y: Double)])) -> Double {
        let height = Double(piece.frame.height)
        guard let fit = StraightLineFit(piece.points), let slope = fit.slope else { return height }
        let rise = abs(slope) * Double(piece.frame.width)
        // A short piece's centres follow its letters' shapes more than a slant (`longPieceLetters`): its
        // box is taken as it is unless its centres rise along the line much more than they stray from it.
        let squares = piece.points.map { point in
            let offset = fit.offset(of: point)
            return offset * offset
        }
        let stray = (squares.reduce(0, +) / Double(piece.points.count)).squareRoot()
        return rise >= Self.clearSlant * stray ? max(1, height - rise) : height
    }

    /// How many times its centres' scatter about the line a piece's rise must be to be taken for a slant.
    static let clearSlant = 4.0

    /// Whether the pieces are bent enough to straighten (`minimumDisplacement`), or fan out (`maximumFan`).
    package var isBent: Bool { displacement >= Self.minimumDisplacement * letterHeight || abs(fan) >= Self.maximumFan }

    /// How far the point (x, y) of the page was moved down by the curl (negative: up).
    package func disparity(x: Double, y: Double) -> Double {
        let x = min(max(x, span.x.lowerBound), span.x.upperBound), y = min(max(y, span.y.lowerBound), span.y.upperBound)
        return Self.field(coefficients, x: x, y: y, width: Double(width), height: Double(height))
    }

    /// `page` (this model's size, 8-bit) with the field undone: each point taken from where the curl
    /// moved it. Nil for another size or depth.
    package func apply(to page: PixImage) -> PixImage? {
        guard page.width == width, page.height == height, page.depth == 8 else { return nil }
        let step = 16
        let columns = (width - 1) / step + 2, rows = (height - 1) / step + 2
        var map: [(x: Float, y: Float)] = []
        map.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let x = Double(column * step), y = Double(row * step)
                // The field is given at the moved point; one step of the fixed point is within a
                // hundredth of a pixel for any bend that can be read.
                let moved = y + disparity(x: x, y: y)
                map.append((Float(x), Float(y + disparity(x: x, y: moved))))
            }
        }
        return page.remapped(width: width, height: height, step: step, map: map, fill: 255)
    }

    /// `page` (this model's size) in colour with the pieces' centres in red and the fitted lines, every
    /// 20th of the page's height, in blue: for debug images.
    package func drawing(on page: PixImage) -> PixImage? {
        guard let colour = page.convertedTo32() else { return nil }
        for piece in pieces {
            if let points = PointArray(piece) { colour.drawPolygon(points, lineWidth: 3, red: 220, green: 0, blue: 0, closed: false) }
        }
        for level in 1..<20 {
            let y = Double(level * height) / 20
            let course = stride(from: 0.0, through: Double(width), by: 8).map { x in (x: x, y: y + disparity(x: x, y: y)) }
            if let points = PointArray(course) { colour.drawPolygon(points, lineWidth: 2, red: 0, green: 0, blue: 220, closed: false) }
        }
        return colour
    }

    // MARK: - Fitting

    /// The field's value at (x, y) for `coefficients`, in pixels.
    private static func field(_ coefficients: [Double], x: Double, y: Double, width: Double, height: Double) -> Double {
        let u = x / width - 0.5, v = y / height - 0.5
        var sum = 0.0
        for (index, (i, j)) in terms.enumerated() {
            sum += coefficients[index] * power(u, i) * power(v, j)
        }
        return sum * width
    }

    /// `x` to the small whole power `k`.
    private static func power(_ x: Double, _ k: Int) -> Double {
        var result = 1.0
        for _ in 0..<k { result *= x }
        return result
    }

    /// The points of `piece` that enter the fit: at most `pointsPerPiece`, evenly spread.
    private static func sampled(_ piece: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let stride = max(1, piece.count / pointsPerPiece)
        return Swift.stride(from: 0, to: piece.count, by: stride).map { piece[$0] }
    }

    /// The least-squares field for `constraints`; nil when the normal equations are singular.
    private static func fit(_ constraints: [Constraint]) -> [Double]? {
        let n = terms.count
        var normal = [Double](repeating: 0, count: n * n), right = [Double](repeating: 0, count: n)
        for constraint in constraints {
            for (row, target) in constraint.rows {
                for a in 0..<n {
                    right[a] += constraint.weight * row[a] * target
                    for b in 0..<n { normal[a * n + b] += constraint.weight * row[a] * row[b] }
                }
            }
        }
        // A little ridge keeps terms the pieces do not fix (all pieces in one band) near zero.
        for a in 0..<n { normal[a * n + a] *= 1 + 1e-6 }
        return solve(normal, right)
    }

    /// The root-mean-square misfit of `constraint`'s equations (in page widths).
    private static func residual(_ constraint: Constraint, _ coefficients: [Double]) -> Double {
        let squares = constraint.rows.map { row, target in
            let misfit = zip(row, coefficients).reduce(0) { $0 + $1.0 * $1.1 } - target
            return misfit * misfit
        }
        return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
    }

    /// The solution of the n × n system `matrix` · x = `right` (row by row), by Gaussian elimination
    /// with partial pivoting; nil when it is singular.
    static func solve(_ matrix: [Double], _ right: [Double]) -> [Double]? {
        let n = right.count
        var a = matrix, b = right
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0 * n + column]) < abs(a[$1 * n + column]) }),
                  abs(a[pivot * n + column]) > 1e-15
            else { return nil }
            if pivot != column {
                for k in 0..<n { a.swapAt(pivot * n + k, column * n + k) }
                b.swapAt(pivot, column)
            }
            for row in (column + 1)..<n {
                let factor = a[row * n + column] / a[column * n + column]
                guard factor != 0 else { continue }
                for k in column..<n { a[row * n + k] -= factor * a[column * n + k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row * n + k] * x[k] }
            x[row] = sum / a[row * n + row]
        }
        return x
    }
}
