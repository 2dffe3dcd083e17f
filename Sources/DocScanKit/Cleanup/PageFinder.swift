import DocScanCore
import DocScanNative

/// Finds the sheet of paper in a photo: the largest bright region, and its four corners; failing that,
/// its outline (`EdgePageFinder`).
///
/// Leptonica has no corner detector. On a copy reduced to 800 px, the page is separated from the darker
/// background by a threshold from the grey-level distribution; the largest bright connected region is
/// the sheet, and its corners are the region's extreme points along the two diagonals (smallest and
/// largest x+y and x−y), which for a convex quadrilateral turned less than 45° are its corners.
///
/// On a busy desk, lighter objects touching the page join its region at that threshold. So when the
/// region is not a convincing quadrilateral, the threshold is raised step by step towards the paper's
/// level, which detaches objects darker than the paper.
///
/// A shadow across the sheet ends its bright region in a straight, soft side; such a region gives way
/// to the sheet's outline (`EdgePageFinder`) when that is clearly larger, and so does a region that
/// fits its quadrilateral poorly, to an outline that holds it.
public enum PageFinder {
    /// Why no quadrilateral was used, for the record.
    public enum Outcome: Equatable, Sendable {
        /// The sheet's corners, how it was found (`brightness` or `edges`), how convincing it is (0–1),
        /// and its sides where they bow (a curled sheet's bright region).
        case found(PageQuad, method: String, score: Double, sides: CurvedSides? = nil)
        case notFound(String)
    }

    /// The reduced copy's longer side.
    static let workingSize = 800.0
    /// How far the threshold is raised per step, and how close to the paper's level it may come.
    static let thresholdStep = 16
    /// The most a page region (holes filled) may differ from its quadrilateral, as a share of its area:
    /// blur and rounded corners give a few percent, an object attached to the sheet more.
    static let maximumMisfit = 0.08
    /// How much darker the band just outside the quadrilateral must be than the band just inside: a
    /// sheet stands out from its background, a white box on a scanned page does not.
    static let edgeContrast = 25.0

    public static func find(in image: PixImage) -> Outcome {
        guard image.depth == 8 else { return .notFound("bilevel or unusual image: a scan, not a photo") }
        let factor = min(1, workingSize / Double(max(image.width, image.height)))
        guard let small = factor < 1 ? image.scaled(by: factor) : image else { return .notFound("could not reduce the image") }
        guard let split = small.foregroundBackgroundSplit(scoreFraction: 0.1, sampling: 1) else {
            return .notFound("no bright page against a darker background")
        }
        let paper = ToneCorrection.levels(of: small)?.paper ?? 255
        var firstReason: String?
        var best: (quad: PageQuad, misfit: Double, isSoft: Bool, isWeak: Bool, sides: CurvedSides?)?
        ladder: for threshold in stride(from: split, through: max(split, paper - thresholdStep), by: thresholdStep) {
            switch candidate(in: small, threshold: threshold) {
            case .found(let quad, let misfit, let isSoft, let isWeak, let sides):
                if misfit < best?.misfit ?? .infinity { best = (quad, misfit, isSoft, isWeak, sides) }
                if misfit <= closeFit && !isSoft { break ladder }
            case .notFound(let reason):
                // A page that fills the frame at the first threshold is a scan: nothing inside it is a sheet.
                if reason == fillsTheFrame { return .notFound(reason) }
                firstReason = firstReason ?? reason
            }
        }
        // A side that fades or hardly stands out may be the sheet's own shading (its curled end turned
        // from the light): below the split, the shaded part joins the region again.
        if let soft = best, soft.isSoft || soft.isWeak {
            for threshold in stride(from: split - thresholdStep, through: max(1, split - shadedSteps * thresholdStep), by: -thresholdStep) {
                guard case .found(let quad, let misfit, let isSoft, let isWeak, let sides) = candidate(in: small, threshold: threshold)
                else { continue }
                // Not the desk joining the sheet: that runs out to the photo's border.
                guard quad.area >= shadedSheetGrowth * soft.quad.area,
                      cornersAtBorder(of: quad, in: small) <= cornersAtBorder(of: soft.quad, in: small) else { continue }
                best = (quad, misfit, isSoft, isWeak, sides)
                if !isSoft && !isWeak { break }
            }
        }
        if let best {
            let quad = best.quad.scaled(by: 1 / factor)
            let brightness = found(best.quad, misfit: best.misfit, sides: best.sides, scaledBy: 1 / factor)
            let fitsPoorly = best.misfit > poorFit
            guard best.isSoft || fitsPoorly, let outline = EdgePageFinder.find(in: image) else { return brightness }
            let edges = Outcome.found(outline.quad, method: "edges", score: outline.score)
            // A region with a side that fades may end at a shadow across the sheet: its outline is taken
            // instead when clearly larger. (A book's page shaded towards the spine keeps its region.)
            if best.isSoft && outline.quad.area >= shadowedSheetGrowth * quad.area { return edges }
            // A region that fits its quadrilateral badly has lost a corner or gained a stray bit of desk;
            // a clear outline around it is the sheet itself.
            let diagonal = (Double(image.width * image.width + image.height * image.height)).squareRoot()
            if fitsPoorly && outline.score >= clearOutline
                && quad.corners.allSatisfy({ outline.quad.distanceOutside($0) <= outlineSlack * diagonal }) {
                return edges
            }
            return brightness
        }
        // Paper on a background as light as itself: look for its outline instead.
        if let outline = EdgePageFinder.find(in: image) {
            return .found(outline.quad, method: "edges", score: outline.score)
        }
        // No outline either: on a desk whose tones reach the paper's (pale wood), the split falls among
        // the sheet's own tones, and its region there lacks the sheet's less lit parts; a sheet's end
        // shaded below the desk's level leaves no outline. A little below the split, the sheet stands out
        // but for that end (a shadow ring around it keeps the desk apart), and reads better than the frame.
        for threshold in stride(from: split - thresholdStep, through: max(1, split - paleDeskSteps * thresholdStep), by: -thresholdStep) {
            guard case .found(let quad, let misfit, _, _, let sides) = candidate(in: small, threshold: threshold),
                  cornersAtBorder(of: quad, in: small) == 0 else { continue }
            return found(quad, misfit: misfit, sides: sides, scaledBy: 1 / factor)
        }
        return .notFound(firstReason ?? "no bright page against a darker background")
    }

    /// A sheet found by brightness, in the photo's pixels; its score is how well its region fits.
    private static func found(_ quad: PageQuad, misfit: Double, sides: CurvedSides?, scaledBy scale: Double) -> Outcome {
        .found(quad.scaled(by: scale), method: "brightness", score: ((1 - misfit / maximumMisfit) * 100).rounded() / 100,
               sides: sides?.scaled(by: scale))
    }

    /// How many of `quad`'s corners lie within 2% of `image`'s size of its border (or beyond it).
    private static func cornersAtBorder(of quad: PageQuad, in image: PixImage) -> Int {
        let (width, height) = (Double(image.width), Double(image.height))
        let margin = 0.02 * max(width, height)
        return quad.corners.filter { $0.x <= margin || $0.y <= margin || $0.x >= width - margin || $0.y >= height - margin }.count
    }

    /// The smallest sheet, as a share of the photo: a receipt on a counter fills about a tenth.
    static let minimumArea = 0.05
    /// How many times its shortest side a sheet's longest may be: a long receipt is 1:8.
    static let maximumSideRatio = 12.0

    /// A region this close to its quadrilateral (holes filled) is the sheet itself; no higher threshold
    /// can improve on it.
    static let closeFit = 0.01

    private enum Candidate {
        /// `isSoft`: a side fades rather than steps (`hasSoftSide`), perhaps a shadow's edge; `isWeak`:
        /// a side stands out less than `edgeContrast`, perhaps where shading within the sheet crosses
        /// the threshold; `sides`: the region's sides where they curve (`CurvedSides`).
        case found(PageQuad, misfit: Double, isSoft: Bool, isWeak: Bool, sides: CurvedSides?)
        case notFound(String)
    }

    static let fillsTheFrame = "the page fills the frame"

    /// The page found with pixels lighter than `threshold` taken as paper, in the reduced copy's pixels.
    private static func candidate(in small: PixImage, threshold: Int) -> Candidate {
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
        return .found(
            quad, misfit: misfit, isSoft: hasSoftSide(quad, sides: bowing, in: small, band: band),
            isWeak: (contrast.weakest ?? edgeContrast) < edgeContrast, sides: bowing)
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
    /// Also the least contrast of a single side (`weakest`; nil when no side has 20 samples either way
    /// inside the image).
    private static func edgeContrast(of quad: PageQuad, sides: CurvedSides?, in image: PixImage, band: Double) -> (all: Double, weakest: Double?)? {
        var inside: [UInt32] = [], outside: [UInt32] = []
        var weakest: Double?
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
                weakest = min(weakest ?? contrast, contrast)
            }
        }
        guard inside.count >= 40, outside.count >= 40 else { return nil }
        return (median(inside[...]) - median(outside[...]), weakest)
    }

    /// A bright region that differs from its quadrilateral by more than this share of its area (half
    /// the most allowed) gives way to a clear outline (`clearOutline` or more) that holds its corners
    /// (within `outlineSlack` of the photo's diagonal). Light wood joined a sheet at a desk's plank
    /// highlights and one corner came out 160 px inside it (misfit 4.6%, a Chinese page read at CER
    /// 0.40; by its outline 0.008); a phone on a corner hides it likewise. Curled book pages fit as
    /// badly (4–5%), but the straight outlines found there do not hold the region: they cut off part of
    /// the curled page (eval/real's Boston cookbook: 290 px, CER 0.018 → 0.078 when taken).
    static let poorFit = 0.5 * maximumMisfit
    static let clearOutline = 0.75
    static let outlineSlack = 0.02

    /// How much larger the outline found must be than a soft-sided bright region to replace it.
    static let shadowedSheetGrowth = 1.1
    /// How many threshold steps below the split a soft-sided region is looked for again, and how much
    /// larger it must come out there to be taken.
    static let shadedSteps = 3
    static let shadedSheetGrowth = 1.05
    /// How many threshold steps below the split a sheet is looked for when none was found at or above
    /// it, nor by its outline.
    static let paleDeskSteps = 3

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
        guard misfit > closeFit,
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

    /// The set pixels with the smallest and largest x+y and x−y.
    private static func extremeCorners(of region: PixImage, offsetX: Int, offsetY: Int) -> PageQuad? {
        guard let rows = region.setPixelRuns() else { return nil }
        var minSum = Int.max, maxSum = Int.min, minDiff = Int.max, maxDiff = Int.min
        var topLeft = (0, 0), bottomRight = (0, 0), bottomLeft = (0, 0), topRight = (0, 0)
        func consider(_ x: Int, _ y: Int) {
            if x + y < minSum { minSum = x + y; topLeft = (x, y) }
            if x + y > maxSum { maxSum = x + y; bottomRight = (x, y) }
            if x - y < minDiff { minDiff = x - y; bottomLeft = (x, y) }
            if x - y > maxDiff { maxDiff = x - y; topRight = (x, y) }
        }
        for (y, runs) in rows.enumerated() {
            // Only the first and last set pixel of a row can be extreme along either diagonal.
            if let first = runs.first?.lowerBound, let last = runs.last?.last {
                consider(first + offsetX, y + offsetY)
                consider(last + offsetX, y + offsetY)
            }
        }
        guard minSum != Int.max else { return nil }
        func point(_ p: (Int, Int)) -> PageQuad.Point { .init(x: Double(p.0), y: Double(p.1)) }
        return PageQuad(topLeft: point(topLeft), topRight: point(topRight), bottomRight: point(bottomRight), bottomLeft: point(bottomLeft))
    }

    /// The page inside `quad` warped flat onto a rectangle of its real proportions; with `sides`, the
    /// page inside its bowing sides (`CurvedSides.flatten`).
    static func flatten(_ image: PixImage, quad: PageQuad, sides: CurvedSides? = nil) -> PixImage? {
        let size = quad.flatSize
        let width = min(Double(image.width), size.width.rounded()), height = min(Double(image.height), size.height.rounded())
        if let sides, width > 10, height > 10 {
            return sides.flatten(image, quad: quad, width: Int(width), height: Int(height))
        }
        guard width > 10, height > 10, let source = PointArray(quad.corners.map { ($0.x, $0.y) }),
              let target = PointArray([(0.0, 0.0), (width, 0), (width, height), (0, height)])
        else { return nil }
        // The output has the input's size and is cropped after.
        guard let warped = image.warped(from: source, to: target, fill: 255) else { return nil }
        return warped.cropped(to: PageBox(x: 0, y: 0, width: Int(width), height: Int(height)))
    }
}
