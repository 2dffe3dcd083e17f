import Foundation
import DocScanCore
import DocScanNative

/// A photo's bright region at one threshold, as a sheet of paper (`PageFinder`): the largest connected
/// region of pixels lighter than the threshold, its corners the region's extreme points along the two
/// diagonals (smallest and largest x+y and x−y), turned with the sheet when it lies far askew
/// (`extremeCorners`). Text and pictures are holes in it, filled before it is measured: how badly it fits
/// its quadrilateral, whether it stands out from what lies around it, whether a side fades, hardly
/// stands out or stands out far less than another, and where its sides bow.
struct BrightRegion {
    /// The corners, in the reduced copy's pixels.
    var quad: PageQuad
    /// How badly the region fits its quadrilateral (or its traced outline, when its sides bow), as a
    /// share of the quadrilateral's area.
    var misfit: Double
    /// A side fades rather than steps (`hasSoftSide`), perhaps a shadow's edge.
    var isSoft: Bool
    /// A side stands out less than `edgeContrast`, perhaps where shading within the sheet crosses the
    /// threshold.
    var isWeak: Bool
    /// The side (index into `quad.sides`) that stands out least, when it stands out less than
    /// `edgeContrast` or `faintShare` of the side that stands out most: perhaps a shadow's edge across
    /// the sheet, the shaded paper beyond it lighter than the desk.
    var faintSide: Int?
    /// The region's sides where they curve (`CurvedSides`).
    var sides: CurvedSides?

    enum Outcome {
        case found(BrightRegion)
        case notFound(String)
    }

    /// The most a page region (holes filled) may differ from its quadrilateral, as a share of its area:
    /// blur and rounded corners give a few percent, an object attached to the sheet more.
    static let maximumMisfit = 0.08
    /// How much darker the band just outside the quadrilateral must be than the band just inside: a
    /// sheet stands out from its background, a white box on a scanned page does not.
    static let edgeContrast = 25.0
    /// A side standing out less than this share of the side that stands out most is faint. A hard
    /// shadow across Fixtures' shadowed invoice, the shaded paper beyond it still lighter than the
    /// desk, stood out by 41–48 grey levels where the sheet's edges stood out by 149–155 (0.26–0.32);
    /// no sheet of eval/real or of Fixtures' other photos had a side under 0.4 with room beyond it
    /// (`growthBeyondFaintSide`).
    static let faintShare = 0.4

    /// The smallest sheet, as a share of the photo: a receipt on a counter fills about a tenth.
    static let minimumArea = 0.05
    /// How many times its shortest side a sheet's longest may be: a long receipt is 1:8.
    static let maximumSideRatio = 12.0

    /// Why a region that fills the frame is no sheet: the photo is a scan (`PageFinder` looks no further).
    static let fillsTheFrame = "the page fills the frame"

    /// The region of the pixels lighter than `threshold` in `small` (the photo reduced to 800 px), or why
    /// it is no sheet.
    static func find(in small: PixImage, threshold: Int) -> Outcome {
        guard let dark = small.thresholdedToBinary(threshold), let bright = dark.inverted()
        else { return .notFound("no bright page against a darker background") }
        guard let region = largestRegion(in: bright) else { return .notFound("no bright region") }
        let imageArea = Double(small.width * small.height)
        let quad = region.quad
        guard quad.area >= minimumArea * imageArea else {
            return .notFound("the largest bright region covers under \(Int(minimumArea * 100))% of the photo")
        }
        // A triangle (the lit corner of a sheet a shadow crosses diagonally) has two corners together.
        let corners = quad.corners
        let sides = corners.indices.map { corners[$0].distance(to: corners[($0 + 1) % 4]) }
        guard let shortest = sides.min(), let longest = sides.max(), shortest * maximumSideRatio >= longest else {
            return .notFound("the bright region is no quadrilateral")
        }
        let frame = [PageQuad.Point(x: 0, y: 0), .init(x: Double(small.width), y: 0),
                     .init(x: Double(small.width), y: Double(small.height)), .init(x: 0, y: Double(small.height))]
        let diagonal = (Double(small.width * small.width + small.height * small.height)).squareRoot()
        if zip(quad.corners, frame).allSatisfy({ $0.distance(to: $1) < 0.03 * diagonal }) {
            return .notFound(fillsTheFrame)
        }
        // A region that fits its quadrilateral badly may be a curled sheet, whose sides bow smoothly.
        let bowing = region.curved.flatMap { $0.curvature(of: quad) >= minimumCurvature ? $0 : nil }
        let misfit = region.misfit <= maximumMisfit ? region.misfit : bowing.flatMap { _ in
            region.curvedMisfit.flatMap { $0 <= maximumCurvedMisfit ? $0 : nil }
        }
        guard let misfit else {
            return .notFound("the bright region is not a solid quadrilateral")
        }
        let band = 0.015 * diagonal
        guard let contrast = edgeContrast(of: quad, sides: bowing, in: small, band: band), contrast.all >= edgeContrast else {
            return .notFound("the bright region does not stand out from its surroundings")
        }
        return .found(BrightRegion(
            quad: quad, misfit: misfit, isSoft: hasSoftSide(quad, sides: bowing, in: small, band: band),
            isWeak: (contrast.weakest?.contrast ?? edgeContrast) < edgeContrast,
            faintSide: contrast.weakest.flatMap { weakest in
                weakest.contrast < max(edgeContrast, faintShare * contrast.strongest) ? weakest.side : nil
            },
            sides: bowing))
    }

    /// How much larger the region would be were its faint side moved out to the frame's border (the
    /// side's length times how far its middle lies from the border along its normal, over its area);
    /// nil without a faint side. A shadow's edge across the sheet leaves the sheet's shaded part beyond
    /// it; a faint side near the border leaves no room for one.
    func growthBeyondFaintSide(width: Int, height: Int) -> Double? {
        let sides = quad.sides
        guard let faintSide, sides.indices.contains(faintSide), quad.area > 0 else { return nil }
        let side = sides[faintSide]
        let middle = PageQuad.point(on: side, at: 0.5)
        var room = Double.infinity
        if side.normalX > 1e-6 { room = min(room, (Double(width) - middle.x) / side.normalX) }
        if side.normalX < -1e-6 { room = min(room, -middle.x / side.normalX) }
        if side.normalY > 1e-6 { room = min(room, (Double(height) - middle.y) / side.normalY) }
        if side.normalY < -1e-6 { room = min(room, -middle.y / side.normalY) }
        let length = side.start.distance(to: side.end)
        return 1 + length * max(0, room) / quad.area
    }

    /// A side must curve by this share of its length (`CurvedSides.curvature`) for the warp to follow
    /// it. Sheets of the photo stress set curled at one end measured 0.0055–0.0078 (the curl lifts a
    /// fifth to two fifths of a side, and the line fitted to the whole side takes up much of it); a flat
    /// one turned on its side, its corner found a little inside, 0.0024.
    static let minimumCurvature = 0.004
    /// The most a bowing region may differ from its traced outline, as a share of its quadrilateral's
    /// area, and how far its trace may stray from the smoothed curve (pixels at 800 px).
    static let maximumCurvedMisfit = 0.03
    static let maximumRoughness = 3.0

    /// The point of `quad`'s side `index` at `t` (0–1 from its first corner), moved by the side's bow.
    private static func point(on side: PageQuad.Side, index: Int, at t: Double, sides: CurvedSides?) -> PageQuad.Point {
        PageQuad.point(on: side, at: t, outward: sides?.offset(side: index, at: t) ?? 0)
    }

    /// Median grey just inside the quadrilateral's edges minus the median just outside, sampled along
    /// each edge at `band` pixels from it; nil when too few samples fall inside the image.
    /// Also the side that stands out least, and by how much (`weakest`; nil when no side has 20 samples
    /// either way inside the image).
    private static func edgeContrast(
        of quad: PageQuad, sides: CurvedSides?, in image: PixImage, band: Double
    ) -> (all: Double, weakest: (side: Int, contrast: Double)?, strongest: Double)? {
        var inside: [UInt32] = [], outside: [UInt32] = []
        var weakest: (side: Int, contrast: Double)?
        var strongest = 0.0
        func sample(_ x: Double, _ y: Double, into values: inout [UInt32]) {
            guard x >= 0, y >= 0, x < Double(image.width), y < Double(image.height) else { return }
            if let value = image.pixel(x: Int(x), y: Int(y)) { values.append(value) }
        }
        func median(_ values: ArraySlice<UInt32>) -> Double { Double(values.sorted()[values.count / 2]) }
        for (index, side) in quad.sides.enumerated() {
            let (nx, ny) = (side.normalX, side.normalY)
            let (inStart, outStart) = (inside.count, outside.count)
            // Samples along the middle 80% of the edge, clear of the corners.
            for step in 1...39 {
                let on = point(on: side, index: index, at: 0.1 + 0.8 * Double(step) / 40, sides: sides)
                sample(on.x - nx * band, on.y - ny * band, into: &inside)
                sample(on.x + nx * band, on.y + ny * band, into: &outside)
            }
            if inside.count - inStart >= 20, outside.count - outStart >= 20 {
                let contrast = median(inside[inStart...]) - median(outside[outStart...])
                if contrast < weakest?.contrast ?? .infinity { weakest = (index, contrast) }
                strongest = max(strongest, contrast)
            }
        }
        guard inside.count >= 40, outside.count >= 40 else { return nil }
        return (median(inside[...]) - median(outside[...]), weakest, strongest)
    }

    /// The least share of a side's contrast (over `band` either way) that must lie in its steepest 4 px.
    static let minimumSharpness = 0.45

    /// Whether one of the quadrilateral's sides is soft: its contrast spread over many pixels, as where a
    /// shadow (of the phone, a hand) falls across the sheet. Paper ends in a step a pixel or two wide
    /// even in a blurred photo; a shadow's edge fades over tens. The lit part of a shaded sheet is a
    /// bright quadrilateral that stands out from the shaded part, and was taken for the sheet: the
    /// shaded text was cut off (a letter read at CER 0.73, a Chinese notice, its page cut square and
    /// read as an A4 page of that size, at 1.0). Measured at 800 px: shadows fading over about 150 px of
    /// a 2,800-px photo 0.18–0.34, sheets' edges 0.84–1.2; the outer edge of a real book's page, its
    /// leaves' edges stacked, 0.40, and a page shaded towards the spine 0.23 (both keep their region:
    /// see `find`).
    private static func hasSoftSide(_ quad: PageQuad, sides: CurvedSides?, in image: PixImage, band: Double) -> Bool {
        func grey(_ x: Double, _ y: Double) -> Double? {
            guard x >= 0, y >= 0, x < Double(image.width), y < Double(image.height) else { return nil }
            return image.pixel(x: Int(x), y: Int(y)).map(Double.init)
        }
        let reach = Int(band.rounded())
        for (index, side) in quad.sides.enumerated() {
            let (nx, ny) = (side.normalX, side.normalY)
            var steep: [Double] = [], whole: [Double] = []
            for step in 1...19 {
                let on = point(on: side, index: index, at: 0.1 + 0.8 * Double(step) / 20, sides: sides)
                // The profile across the side, from `band` within to `band` beyond.
                let profile = (-reach...reach).compactMap { grey(on.x + nx * Double($0), on.y + ny * Double($0)) }
                guard profile.count == 2 * reach + 1, let inner = profile.first, let outer = profile.last else { continue }
                // The steepest drop anywhere on the profile (the side may lie well off a curled sheet's
                // edge: 13 px on Fixtures' curled book) to the lightest of the 6 px that lie 4 px beyond: a
                // line of print crossing the side drops as steeply, but paper follows it again. (Not
                // farther: beyond a book's page lies the facing page.)
                var drop = -Double.infinity
                for start in 0..<max(0, profile.count - 4) {
                    drop = max(drop, profile[start] - (profile[(start + 4)...min(start + 10, profile.count - 1)].max() ?? 0))
                }
                steep.append(drop)
                whole.append(inner - outer)
            }
            guard steep.count >= 8 else { continue }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            let contrast = median(whole)
            if contrast >= edgeContrast && median(steep) < minimumSharpness * contrast { return true }
        }
        return false
    }

    /// The largest 4-connected set region of a 1-bit image: its diagonal extreme points, and how badly
    /// the region (holes filled) fits the quadrilateral they make.
    private static func largestRegion(in mask: PixImage) -> (misfit: Double, quad: PageQuad, curved: CurvedSides?, curvedMisfit: Double?)? {
        guard let components = ConnectedComponents(of: mask, connectivity: 4) else { return nil }
        var best: (index: Int, pixels: Int)?
        for index in 0..<components.count {
            let frame = components.frame(at: index)
            // Only regions whose box could hold a page are counted.
            guard frame.width * frame.height >= mask.width * mask.height / 25, let region = components.image(at: index) else { continue }
            let count = region.setPixelCount ?? 0
            if count > best?.pixels ?? 0 { best = (index, count) }
        }
        guard let best, let region = components.image(at: best.index) else { return nil }
        let frame = components.frame(at: best.index)
        guard let quad = extremeCorners(of: region, offsetX: frame.x, offsetY: frame.y) else { return nil }
        // Text and pictures are holes in the paper's region; the sheet is the region with them filled.
        // (Leptonica returns the holes alone.)
        guard let holes = region.holesByFilling(connectivity: 4), let solid = region.union(with: holes),
              let misfit = misfit(of: solid, offsetX: frame.x, offsetY: frame.y, outline: quad.corners, area: quad.area)
        else { return nil }
        // The sides as they run, when they run smoothly: a curled sheet's, not an object's step.
        guard misfit > PageFinder.closeFit,
              let curved = CurvedSides.trace(solid, offsetX: frame.x, offsetY: frame.y, quad: quad),
              curved.roughness <= maximumRoughness
        else { return (misfit, quad, nil, nil) }
        let curvedMisfit = self.misfit(of: solid, offsetX: frame.x, offsetY: frame.y, outline: curved.outline(of: quad), area: quad.area)
        return (misfit, quad, curved, curvedMisfit)
    }

    /// The region's pixels outside `outline` (a polygon) plus the outline's area the region leaves
    /// uncovered, as a share of `area`: 0 for a sheet, more for an object attached to it, whether it
    /// moves a corner out or sticks out of a side.
    private static func misfit(of solid: PixImage, offsetX: Int, offsetY: Int, outline: [PageQuad.Point], area: Double) -> Double? {
        guard area > 0, outline.count >= 3, let rows = solid.setPixelRuns() else { return nil }
        var inside = 0, outside = 0
        for (y, runs) in rows.enumerated() {
            // Where the row's centre line crosses the outline, in pairs from the left: in, out.
            let rowY = Double(y + offsetY) + 0.5
            var crossings: [Double] = []
            for index in outline.indices {
                let a = outline[index], b = outline[(index + 1) % outline.count]
                guard (a.y <= rowY && rowY < b.y) || (b.y <= rowY && rowY < a.y) else { continue }
                crossings.append(a.x + (rowY - a.y) / (b.y - a.y) * (b.x - a.x))
            }
            crossings.sort()
            let spans = stride(from: 0, to: crossings.count - 1, by: 2).map { crossings[$0]...crossings[$0 + 1] }
            for run in runs {
                // Pixels whose centre x + 0.5 lies in a span: from ⌈low − 0.5⌉ to ⌊high − 0.5⌋.
                let within = spans.reduce(0) { count, span in
                    let first = max(run.lowerBound + offsetX, Int((span.lowerBound - 0.5).rounded(.up)))
                    let last = min(run.upperBound - 1 + offsetX, Int((span.upperBound - 0.5).rounded(.down)))
                    return count + max(0, last - first + 1)
                }
                inside += within
                outside += run.count - within
            }
        }
        return (Double(outside) + max(0, PageQuad.area(of: outline) - Double(inside))) / area
    }

    /// The region's corners: the set pixels with the smallest and largest x+y and x−y, which are the
    /// corners of a quadrilateral turned less than 45°. A sheet turned further (a phone held askew over
    /// a sheet lying askew: Fixtures' tilted letter turned 20° more lies at 40–50°) has two of those
    /// extremes at one corner, so the diagonals are also turned in steps of 15° and the largest
    /// quadrilateral kept, when it is `turnedGain` larger than the unturned one: the true corners make
    /// the largest quadrilateral the region's points can. Its corners are then named so that its top
    /// side is the one highest in the photo.
    private static func extremeCorners(of region: PixImage, offsetX: Int, offsetY: Int) -> PageQuad? {
        guard let rows = region.setPixelRuns() else { return nil }
        // Only the first and last set pixel of a row can be extreme along any direction but straight
        // up or down, where they tie with it.
        var points: [(x: Double, y: Double)] = []
        for (y, runs) in rows.enumerated() {
            if let first = runs.first?.lowerBound, let last = runs.last?.last {
                points.append((Double(first + offsetX), Double(y + offsetY)))
                if last != first { points.append((Double(last + offsetX), Double(y + offsetY))) }
            }
        }
        guard !points.isEmpty else { return nil }
        func corners(turnedBy degrees: Double) -> [PageQuad.Point] {
            let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
            var minSum = Double.infinity, maxSum = -Double.infinity, minDiff = Double.infinity, maxDiff = -Double.infinity
            var found = [points[0], points[0], points[0], points[0]]
            for point in points {
                // The point in a frame turned by `degrees`.
                let u = point.x * c + point.y * s, v = point.y * c - point.x * s
                if u + v < minSum { minSum = u + v; found[0] = point }
                if u - v > maxDiff { maxDiff = u - v; found[1] = point }
                if u + v > maxSum { maxSum = u + v; found[2] = point }
                if u - v < minDiff { minDiff = u - v; found[3] = point }
            }
            return found.map { PageQuad.Point(x: $0.x, y: $0.y) }
        }
        let upright = corners(turnedBy: 0)
        var best = (corners: upright, area: PageQuad.area(of: upright))
        for degrees in stride(from: 15.0, to: 90, by: 15) {
            let turned = corners(turnedBy: degrees)
            let area = PageQuad.area(of: turned)
            if area > max(best.area, turnedGain * PageQuad.area(of: upright)) { best = (turned, area) }
        }
        var found = best.corners
        if found != upright, let top = found.indices.min(by: { found[$0].y + found[($0 + 1) % 4].y < found[$1].y + found[($1 + 1) % 4].y }) {
            found = (0..<4).map { found[(top + $0) % 4] }
        }
        return PageQuad(topLeft: found[0], topRight: found[1], bottomRight: found[2], bottomLeft: found[3])
    }

    /// How much larger than the unturned diagonals' quadrilateral a turned one must be to replace it: a
    /// sheet's rounded or blurred corners let turned diagonals find a slightly larger one.
    static let turnedGain = 1.05
}
