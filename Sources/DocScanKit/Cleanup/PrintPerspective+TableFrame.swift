import DocScanNative

extension PrintPerspective {
    /// How far (degrees) a corner of a table's frame must be from square for the page to be warped by
    /// it. Its rules are measured to a pixel or so: a flat scan's frames measure under 0.3°; a close-up of
    /// a supply order whose sheet ran out of the frame at three sides measured 3.7° (its vertical rules
    /// slanting 4° each way, left unerased; the amounts beside them read `je=212-00)|` for `111.00`).
    static let minimumFrameSkew = 1.0

    /// `page` warped by the quadrilateral of its ruled table's outer rules (`TableFrame`, measured on
    /// `measured`, its mask at 1/`scale` of its size), when a corner of that quadrilateral is
    /// `minimumFrameSkew` from square; the outcome without an image when the frame is square, so that
    /// the print's margins, less exact, are not asked. Nil when the rules make no quadrilateral.
    static func flattened(_ page: PixImage, frame: TableFrame, scale: Double) -> Outcome? {
        func corner(_ upright: TableFrame.Side, _ level: TableFrame.Side) -> PageQuad.Point? {
            // x = a + b·y and y = c + d·x meet at x = (a + b·c) / (1 − b·d).
            let denominator = 1 - upright.slope * level.slope
            guard abs(denominator) > 0.5 else { return nil }
            let x = (upright.offset + upright.slope * level.offset) / denominator
            return PageQuad.Point(x: x * scale, y: level.at(x) * scale)
        }
        guard let topLeft = corner(frame.left, frame.top), let topRight = corner(frame.right, frame.top),
              let bottomRight = corner(frame.right, frame.foot), let bottomLeft = corner(frame.left, frame.foot),
              topRight.x > topLeft.x, bottomRight.x > bottomLeft.x, bottomLeft.y > topLeft.y, bottomRight.y > topRight.y
        else { return nil }
        let quad = PageQuad(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
        let convergence = max(
            Self.convergence(topLeft.distance(to: topRight), bottomLeft.distance(to: bottomRight)),
            Self.convergence(topLeft.distance(to: bottomLeft), topRight.distance(to: bottomRight)))
        var outcome = Outcome(
            method: "table", quad: quad, convergence: (convergence * 1000).rounded() / 1000,
            score: (frame.straightness * 100).rounded() / 100, image: nil)
        guard quad.largestCornerSkew >= minimumFrameSkew, convergence <= maximumConvergence else { return outcome }
        outcome.image = warped(page, quad: quad)
        return outcome
    }
}
