import DocScanNative

/// Undoes the perspective of a photo taken so close that it shows no edge of the sheet, from its print:
/// the left and right margins (`PrintMargins`), which were parallel on the paper, and the slant of the
/// top and foot lines, which were level. Where the margins converge, the camera looked at the page at
/// a tilt: its top lines are shorter and their letters narrower than its foot lines' (a Chinese notice
/// so photographed read at CER 0.046, warped 0.008).
///
/// The quadrilateral those four lines make is taken to a rectangle as wide as its wider end, of its
/// sides' mean proportions, and the whole photo with it: nothing outside the print's block is cut off,
/// and what the warp brings in from beyond the photo takes the paper's level. Pages whose margins
/// converge by under `minimumConvergence` are left as they are. A page with a ruled table is measured
/// by the table's outer rules instead (`TableFrame`, `flattened(_:frame:scale:)`), more exactly.
enum PrintPerspective {
    /// How much the print's top and foot widths must differ (as a share of the wider) for the page to
    /// be warped. Flat scans measure up to 0.025 (Fixtures' Chinese notice, whose lines end in Latin
    /// letters as often as in Chinese: a ragged right margin fitted within a letter's height), close-ups
    /// of pages at a tilt 0.07–0.25.
    static let minimumConvergence = 0.05
    /// Nor more than this: a stronger convergence is a misfit (a margin through a picture's edge).
    static let maximumConvergence = 0.35
    /// Pages whose longer side is at least this are measured at half size.
    static let halfSizeFrom = 1200

    /// 1 − the shorter of two opposite sides over the longer.
    static func convergence(_ one: Double, _ other: Double) -> Double {
        1 - min(one, other) / max(one, other)
    }

    /// What was found and done.
    struct Outcome {
        /// What the quadrilateral was measured from: `print` (the margins and lines) or `table` (a
        /// ruled table's outer rules, `TableFrame`).
        var method: String
        /// The print's quadrilateral in the page's pixels.
        var quad: PageQuad
        /// 1 − the narrower of its top and foot widths over the wider; for `table`, that or the same of
        /// its left and right heights, the larger.
        var convergence: Double
        /// The share of the print's line pieces on the weaker margin; for `table`, of the rows (columns)
        /// on the least straight rule.
        var score: Double
        /// The page warped, nil when the convergence was too small or too large to warp it.
        var image: PixImage?
    }

    /// `page` (8-bit) measured, and warped when its ruled table's outer rules are no rectangle, or, when
    /// it has none and `byMargins`, when its print's margins converge; nil when neither can be measured.
    static func flattened(_ page: PixImage, byMargins: Bool) -> Outcome? {
        guard page.depth == 8, let mask = page.darkPixels() else { return nil }
        let half = max(page.width, page.height) >= halfSizeFrom
        guard let measured = half ? mask.halvedKeepingEveryMark() : mask else { return nil }
        let scale = half ? 2.0 : 1.0
        if let frame = TableFrame(mask: measured), let framed = flattened(page, frame: frame, scale: scale) { return framed }
        guard byMargins, let margins = PrintMargins(mask: measured), let quad = quad(of: margins, scale: scale) else { return nil }
        let convergence = Self.convergence(quad.topLeft.distance(to: quad.topRight), quad.bottomLeft.distance(to: quad.bottomRight))
        let score = Double(min(margins.left.support, margins.right.support)) / Double(margins.pieces)
        var outcome = Outcome(
            method: "print", quad: quad, convergence: (convergence * 1000).rounded() / 1000, score: (score * 100).rounded() / 100, image: nil)
        guard (minimumConvergence...maximumConvergence).contains(convergence), leanAlike(margins) else { return outcome }
        outcome.image = warped(page, quad: quad)
        return outcome
    }

    /// Whether the margins lean about as much either way once the lines' slant (the page's turn) is
    /// taken out: a camera tilted towards a page's head or foot sees its margins converge on a point
    /// above or below the middle of the picture. Measured as |left + right| over |left − right|, the
    /// margins' leans with the slant taken out: close-ups at a tilt 0.00–0.35; margins that are no
    /// margins 1.0 and more: a book page's lines beside a picture start along the picture's slanting
    /// edge (eval/public's noisy Huckleberry Finn page: 1.0, read 0.08 → 0.11 warped), and a curled
    /// book page's margins both lean with its curl (eval/real's catalogue page: 3.7, 0.031 → 0.033).
    static func leanAlike(_ margins: PrintMargins) -> Bool {
        let slant = (margins.topSlant + margins.footSlant) / 2
        let (left, right) = (margins.left.slope + slant, margins.right.slope + slant)
        return abs(left + right) <= maximumLopsidedness * abs(left - right)
    }

    /// How much more one margin may lean than the other, as a share of how much they converge: about the
    /// geometric middle of the close-ups' 0.35 and the no-margins' 1.0. At 0.5, a magazine page curled on
    /// a desk, its sheet's foot and side out of the frame, measured 0.38 in accurate mode and 0.52 at
    /// fast mode's smaller size (its left margin's lean 0.029 and 0.019), and fast mode read it unwarped
    /// at CER 0.25 (0.04 warped). The measure is no clean divide at fast mode's size: the photo stress
    /// set's Huckleberry Finn page on white stone, its lines starting along a picture's slanting edge,
    /// measured under 0.6 there and read warped at 0.10 (0.06 unwarped). Measured at full size instead
    /// of half, the magazine page still measured lopsided.
    static let maximumLopsidedness = 0.6

    /// The quadrilateral of the print's margins and its top and foot lines, in the page's pixels.
    static func quad(of margins: PrintMargins, scale: Double) -> PageQuad? {
        let middle = { (y: Double) in (margins.left.x(at: y) + margins.right.x(at: y)) / 2 }
        // A line through (middle, y) slanting `slant`, where the margin x = x0 + m·y crosses it.
        func corner(_ margin: PrintMargins.Margin, _ y: Double, _ slant: Double) -> PageQuad.Point? {
            let xm = middle(y)
            let denominator = 1 - margin.slope * slant
            guard abs(denominator) > 0.5 else { return nil }
            let x = (margin.x0 + margin.slope * (y - slant * xm)) / denominator
            return PageQuad.Point(x: x * scale, y: (y + slant * (x - xm)) * scale)
        }
        guard let topLeft = corner(margins.left, margins.top, margins.topSlant),
              let topRight = corner(margins.right, margins.top, margins.topSlant),
              let bottomRight = corner(margins.right, margins.foot, margins.footSlant),
              let bottomLeft = corner(margins.left, margins.foot, margins.footSlant),
              topRight.x - topLeft.x > 0, bottomRight.x - bottomLeft.x > 0
        else { return nil }
        return PageQuad(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
    }

    /// The whole of `page` taken through the map that takes `quad` to a rectangle of its mean sides'
    /// lengths; nil when a corner of the page lies beyond the map's horizon or the result would be
    /// over twice the page's area.
    static func warped(_ page: PixImage, quad: PageQuad) -> PixImage? {
        // The wider end keeps its pixels; the narrower is enlarged to it.
        let mean = quad.flatSize
        let wider = max(quad.topLeft.distance(to: quad.topRight), quad.bottomLeft.distance(to: quad.bottomRight))
        let size = (width: wider, height: mean.height * wider / mean.width)
        guard let toSquare = squareFromQuad(quad) else { return nil }
        let corners = [(0.0, 0.0), (Double(page.width), 0), (Double(page.width), Double(page.height)), (0, Double(page.height))]
        let flat = corners.compactMap { toSquare($0.0, $0.1) }.map { (x: $0.u * size.width, y: $0.v * size.height) }
        guard flat.count == 4, let left = flat.map(\.x).min(), let right = flat.map(\.x).max(),
              let top = flat.map(\.y).min(), let bottom = flat.map(\.y).max()
        else { return nil }
        let width = Int((right - left).rounded()), height = Int((bottom - top).rounded())
        guard width > 10, height > 10, width * height <= 2 * page.width * page.height,
              let source = PointArray(quad.corners.map { ($0.x, $0.y) }),
              let target = PointArray([(-left, -top), (size.width - left, -top), (size.width - left, size.height - top), (-left, size.height - top)])
        else { return nil }
        // What the warp brings in from beyond the photo takes the paper's level: white beside grey paper
        // on a table as light as it drew the print's threshold between the two (a page on pale stone
        // read nothing).
        let paper = ToneCorrection.levels(of: page)?.paper ?? 255
        return page.warped(from: source, to: target, width: width, height: height, fill: UInt8(clamping: paper))
    }

    /// The map of `quad` onto the unit square (its top left corner to (0, 0), …), the inverse of
    /// `CurvedSides.squareToQuad`; it gives nil for a point on or beyond the horizon.
    static func squareFromQuad(_ quad: PageQuad) -> ((Double, Double) -> (u: Double, v: Double)?)? {
        let (a, b, c, d, e, f, g, h) = CurvedSides.squareToQuadMatrix(quad)
        // The inverse through the adjugate (the determinant's scale cancels in the division).
        let A = e - f * h, B = c * h - b, C = b * f - c * e
        let D = f * g - d, E = a - c * g, F = c * d - a * f
        let G = d * h - e * g, H = b * g - a * h, I = a * e - b * d
        // A point on the page's side of the horizon has the sign of the quad's corners.
        let side = G * quad.topLeft.x + H * quad.topLeft.y + I
        guard side != 0 else { return nil }
        return { x, y in
            let w = G * x + H * y + I
            guard w * side > 0 else { return nil }
            return ((A * x + B * y + C) / w, (D * x + E * y + F) / w)
        }
    }
}
