import DocScanCore
import DocScanNative

/// Finds the sheet of paper in a photo: the largest bright region, and its four corners; failing that,
/// its outline (`EdgePageFinder`).
///
/// Leptonica has no corner detector. On a copy reduced to 800 px, the page is separated from the darker
/// background by a threshold from the grey-level distribution (its split); the sheet is the bright
/// region at that threshold (`BrightRegion`).
///
/// On a busy desk, lighter objects touching the page join its region at that threshold. So when the
/// region is not a convincing quadrilateral, the threshold is raised step by step towards the paper's
/// level, which detaches objects darker than the paper. A region with a side that fades or hardly
/// stands out may have lost the sheet's shaded end, which lower thresholds take in again.
///
/// A shadow across the sheet ends its bright region in a straight, soft side; such a region gives way
/// to the sheet's outline (`EdgePageFinder`) when that is clearly larger, and so does a region that
/// fits its quadrilateral poorly, has a corner far off square, or a faint side with room beyond it for
/// the sheet's shaded part, to an outline that holds it (`outlineIsTheSheet`).
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

    public static func find(in image: PixImage) -> Outcome {
        guard image.depth == 8 else { return .notFound("bilevel or unusual image: a scan, not a photo") }
        let factor = min(1, workingSize / Double(max(image.width, image.height)))
        guard let small = factor < 1 ? image.scaled(by: factor) : image else { return .notFound("could not reduce the image") }
        guard let split = small.foregroundBackgroundSplit(scoreFraction: 0.1, sampling: 1) else {
            return .notFound("no bright page against a darker background")
        }
        let paper = ToneCorrection.levels(of: small)?.paper ?? 255
        var firstReason: String?
        var best: BrightRegion?
        ladder: for threshold in stride(from: split, through: max(split, paper - thresholdStep), by: thresholdStep) {
            switch BrightRegion.find(in: small, threshold: threshold) {
            case .found(let region):
                if region.misfit < best?.misfit ?? .infinity { best = region }
                if region.misfit <= closeFit && !region.isSoft { break ladder }
            case .notFound(let reason):
                // A page that fills the frame at the first threshold is a scan: nothing inside it is a
                // sheet. Unless the frame's edge is lighter than the paper within: a sheet darker than
                // the white table it lies on. Or darker, and the sheet's whole outline is plain
                // (`fullOutline`): paper on a desk nearly as pale, or a scan with the scanner's dark lid
                // around its page.
                if reason == BrightRegion.fillsTheFrame {
                    guard let levels = frameAndPaperLevels(of: small) else { return .notFound(reason) }
                    if levels.frame >= levels.paper + lighterAround, let outline = EdgePageFinder.find(in: image, darker: true) {
                        return found(outline)
                    }
                    if levels.frame + darkerAround <= levels.paper, let outline = EdgePageFinder.find(in: image),
                       outline.sidesAlongFrame == 0, outline.score >= fullOutline {
                        return found(outline)
                    }
                    return .notFound(reason)
                }
                firstReason = firstReason ?? reason
            }
        }
        // A side that fades or hardly stands out may be the sheet's own shading (its curled end turned
        // from the light): below the split, the shaded part joins the region again.
        if let soft = best, soft.isSoft || soft.isWeak {
            for threshold in thresholds(below: split, steps: shadedSteps) {
                guard case .found(let region) = BrightRegion.find(in: small, threshold: threshold) else { continue }
                // Not the desk joining the sheet: that runs out to the photo's border.
                guard region.quad.area >= shadedSheetGrowth * soft.quad.area,
                      cornersAtBorder(of: region.quad, in: small) <= cornersAtBorder(of: soft.quad, in: small) else { continue }
                best = region
                if !region.isSoft && !region.isWeak { break }
            }
        }
        if let best {
            let quad = best.quad.scaled(by: 1 / factor)
            // A faint side with room beyond it may be a hard shadow's edge across the sheet.
            let shadowEdge = (best.growthBeyondFaintSide(width: small.width, height: small.height) ?? 0) >= roomBeyondFaintSide
            guard best.isSoft || shadowEdge || best.misfit > poorFit || quad.largestCornerSkew > misshapenCorner,
                  let outline = EdgePageFinder.find(in: image), outlineIsTheSheet(outline, over: best, quad: quad, shadowEdge: shadowEdge, in: image)
            else { return found(best, scaledBy: 1 / factor) }
            return found(outline)
        }
        // Paper on a background as light as itself: look for its outline instead (and, from the same
        // look, for one with a shaded end, taken last below).
        let outlines = EdgePageFinder.outlines(in: image, shadedEnd: true)
        if let outline = outlines.usual, !Self.leansOnTheFrame(outline, against: outlines.allowingShadedEnd) {
            return found(outline)
        }
        // Paper darker than what lies around it (grey or aged paper on a white table): the bright region
        // is the table, and the sheet's outline is lighter outside than in.
        if let levels = frameAndPaperLevels(of: small), levels.frame >= levels.paper + lighterAround,
           let outline = EdgePageFinder.find(in: image, darker: true) {
            return found(outline)
        }
        // No outline either: on a desk whose tones reach the paper's (pale wood), the split falls among
        // the sheet's own tones, and its region there lacks the sheet's less lit parts; a sheet's end
        // shaded below the desk's level leaves no outline. A little below the split, the sheet stands out
        // but for that end (a shadow ring around it keeps the desk apart), and reads better than the frame.
        for threshold in thresholds(below: split, steps: paleDeskSteps) {
            guard case .found(let region) = BrightRegion.find(in: small, threshold: threshold),
                  cornersAtBorder(of: region.quad, in: small) == 0 else { continue }
            return found(region, scaledBy: 1 / factor)
        }
        // Nor below it: the shaded end may be darker than the desk, and the outline has a side the other
        // way round (`EdgePageFinder.shadedSideSupport`). Last, as a brightness region with its curved
        // sides flattens a curled end better than four straight ones (a letter curled on pale wood read
        // at CER 0.44 by its outline, 0.001 by its region).
        if let outline = outlines.allowingShadedEnd {
            return found(outline)
        }
        return .notFound(firstReason ?? "no bright page against a darker background")
    }

    /// The sheet's outline, when `quad`, a bright region whose side cuts through print
    /// (`TextBeyondSheet`), lies within a clear outline (`clearOutline`) clearly larger
    /// (`shadowedSheetGrowth`): the region ended at a shadow across the sheet, not at its edge, and the
    /// print under the shadow belongs to the sheet. A diagonal shadow from a phone across a notice ended
    /// its region at a side that measured neither soft nor badly fitted (misfit 0.027), and moving that
    /// side past the print it cut stopped at the gap before the signature (CER 0.58); the outline, 3.2
    /// times the region's area, scored 0.84.
    static func outline(around quad: PageQuad, in image: PixImage) -> Outcome? {
        guard let outline = EdgePageFinder.find(in: image), outline.score >= clearOutline,
              outline.quad.area >= shadowedSheetGrowth * quad.area
        else { return nil }
        guard holds(quad, within: outline.quad, in: image) else { return nil }
        return found(outline)
    }

    /// Whether `outline` is the sheet rather than the bright `region` (`quad` in the photo's pixels)
    /// that a soft side, a poor fit, a misshapen corner or a faint side put in doubt.
    private static func outlineIsTheSheet(
        _ outline: EdgePageFinder.Found, over region: BrightRegion, quad: PageQuad, shadowEdge: Bool, in image: PixImage
    ) -> Bool {
        let clearlyLarger = outline.quad.area >= shadowedSheetGrowth * quad.area
        // A region with a side that fades may end at a shadow across the sheet: its outline is taken
        // instead when clearly larger. (A book's page shaded towards the spine keeps its region.)
        if region.isSoft && clearlyLarger { return true }
        // A misshapen region, or one with a faint side (`shadowEdge`), ended at a shadow whose edge is as
        // crisp as the paper's: the whole outline, seen plainly on all four sides, holding it and clearly
        // larger, is the sheet.
        if quad.largestCornerSkew > misshapenCorner || shadowEdge, outline.score >= fullOutline, outline.sidesAlongFrame == 0,
           clearlyLarger, holds(quad, within: outline.quad, in: image) {
            return true
        }
        guard region.misfit > poorFit, outline.score >= clearOutline else { return false }
        // A region that fits its quadrilateral badly has lost a corner or gained a stray bit of desk; a
        // clear outline around it is the sheet itself. One that runs out to the photo's border at more
        // corners than a clear outline within it has taken in the desk (wood lit so that its far end is as
        // bright as the paper): the outline is the sheet.
        return holds(quad, within: outline.quad, in: image)
            || (cornersAtBorder(of: quad, in: image) > cornersAtBorder(of: outline.quad, in: image)
                && holds(outline.quad, within: quad, in: image))
    }

    /// Whether every corner of `inner` lies inside `outer` or within `outlineSlack` of `image`'s diagonal
    /// outside it.
    private static func holds(_ inner: PageQuad, within outer: PageQuad, in image: PixImage) -> Bool {
        let slack = outlineSlack * (Double(image.width * image.width + image.height * image.height)).squareRoot()
        return inner.corners.allSatisfy { outer.distanceOutside($0) <= slack }
    }

    /// Whether `outline` takes sides from the frame's border where an outline of the sheet's own four
    /// sides, one of them its shaded end, is clearly more convincing (`shadedEndMargin`): then the
    /// frame's border and lines of the desk were taken for the sheet. A sheet curled at its left end on
    /// pale planks, that end shaded darker than the wood, was outlined by the frame's top and left edges
    /// and two of the planks' seams (score 0.58; CER 0.33); its own outline with the shaded end scores
    /// 0.8. The shaded end is then looked for as the paler desk's sheet is, below (its region first).
    static func leansOnTheFrame(_ outline: EdgePageFinder.Found, against shaded: EdgePageFinder.Found?) -> Bool {
        guard let shaded, outline.sidesAlongFrame > 0, shaded.sidesAlongFrame == 0 else { return false }
        return shaded.score >= outline.score + shadedEndMargin
    }

    /// How much more convincing an outline with a shaded end must be than one along the frame's border.
    static let shadedEndMargin = 0.1

    /// The median grey of the frame's edge (its outer 4%) and the paper's level in its middle half (the
    /// level 90% of it is darker than); nil when they cannot be measured. A scan's margin is its paper
    /// (0–13 levels apart on eval/public's and Fixtures' scans, their faded and shadowed copies too),
    /// unless the scanner's lid shows around the page (the 1871 scan: 42); a white table around older
    /// or greyer paper is lighter (`lighterAround`); pale stone around a sheet, as bright as the paper
    /// in places, darker (17–37 on the photo stress set).
    static func frameAndPaperLevels(of image: PixImage) -> (frame: Int, paper: Int)? {
        let (width, height) = (image.width, image.height)
        let band = max(1, Int(0.04 * Double(min(width, height))))
        let strips = [PageBox(x: 0, y: 0, width: width, height: band), PageBox(x: 0, y: height - band, width: width, height: band),
                      PageBox(x: 0, y: band, width: band, height: height - 2 * band),
                      PageBox(x: width - band, y: band, width: band, height: height - 2 * band)]
        var edge = [Int](repeating: 0, count: 256)
        for strip in strips {
            guard let histogram = image.cropped(to: strip)?.greyHistogram(sampling: 2), histogram.count == 256 else { return nil }
            for level in 0..<256 { edge[level] += Int(histogram[level]) }
        }
        let middle = PageBox(x: width / 4, y: height / 4, width: width / 2, height: height / 2)
        guard let frame = Histogram(counts: edge)?.levels(reaching: [0.5])?.first,
              let paper = image.cropped(to: middle)?.greyHistogram(sampling: 2)?.levels(reaching: [0.9])?.first
        else { return nil }
        return (frame, paper)
    }

    /// How much lighter (grey levels) the frame's edge must be than the paper for a darker sheet to be
    /// looked for.
    static let lighterAround = 10
    /// How much darker the frame's edge must be than the paper for a sheet that fills the frame's bright
    /// region to be looked for by its outline. It spares clean scans the look (20–40 ms); what keeps a
    /// scan's page whole is `fullOutline`.
    static let darkerAround = 15
    /// The least score of an outline that overrules a bright region filling the frame, with all four of
    /// its sides seen (none along the frame's edge). A magazine page on pale speckled stone, its region
    /// the whole frame, had an outline of 0.94 (CER 0.126 → 0.075, accurate), the 1871 scan's page
    /// within the scanner's dark border one of 1.0 (0.027 → 0.011 fast, 0.020 → 0.016 accurate). Weaker
    /// outlines were wrong: with the frame's top edge for a side, where pale stone lay beyond a letter's
    /// faint top (0.80, read 0.001 → 0.022), and a seam between pale planks for a curled page's side
    /// (0.86, 0.030 → 0.067).
    static let fullOutline = 0.9

    /// `steps` thresholds below `split`, `thresholdStep` apart, from the nearest down (none under 1).
    private static func thresholds(below split: Int, steps: Int) -> StrideThrough<Int> {
        stride(from: split - thresholdStep, through: max(1, split - steps * thresholdStep), by: -thresholdStep)
    }

    /// A sheet found by its outline, in the photo's pixels.
    private static func found(_ outline: EdgePageFinder.Found) -> Outcome {
        .found(outline.quad, method: "edges", score: outline.score)
    }

    /// A sheet found by brightness, in the photo's pixels; its score is how well its region fits.
    private static func found(_ region: BrightRegion, scaledBy scale: Double) -> Outcome {
        .found(region.quad.scaled(by: scale), method: "brightness",
               score: ((1 - region.misfit / BrightRegion.maximumMisfit) * 100).rounded() / 100, sides: region.sides?.scaled(by: scale))
    }

    /// How many of `quad`'s corners lie within 2% of `image`'s size of its border (or beyond it).
    private static func cornersAtBorder(of quad: PageQuad, in image: PixImage) -> Int {
        let (width, height) = (Double(image.width), Double(image.height))
        let margin = 0.02 * max(width, height)
        return quad.corners.filter { $0.x <= margin || $0.y <= margin || $0.x >= width - margin || $0.y >= height - margin }.count
    }

    /// A region this close to its quadrilateral (holes filled) is the sheet itself; no higher threshold
    /// can improve on it.
    static let closeFit = 0.01

    /// A bright region that differs from its quadrilateral by more than this share of its area (half
    /// the most allowed) gives way to a clear outline (`clearOutline` or more) that holds its corners
    /// (within `outlineSlack` of the photo's diagonal). Light wood joined a sheet at a desk's plank
    /// highlights and one corner came out 160 px inside it (misfit 4.6%, a Chinese page read at CER
    /// 0.40; by its outline 0.008); a phone on a corner hides it likewise. Curled book pages fit as
    /// badly (4–5%), but the straight outlines found there do not hold the region: they cut off part of
    /// the curled page (eval/real's Boston cookbook: 290 px, CER 0.018 → 0.078 when taken). A clear
    /// outline within the region is taken too when the region reaches the photo's border at more
    /// corners (a book page on light wood lit brightest at the frame's far end: the region took the wood
    /// there in, misfit 5.1%, three corners at the border, CER 0.29; by its outline 0.06).
    static let poorFit = 0.5 * BrightRegion.maximumMisfit
    static let clearOutline = 0.75
    static let outlineSlack = 0.02

    /// The most a bright region's corner may be off square, in degrees, before the region is checked
    /// against the sheet's outline: a sheet is a rectangle, and seen in a photo its corners stay near
    /// square. Over the 184 sheets found on the photos of eval/real, eval/public, Fixtures, the photo
    /// stress set and their variants, the corner farthest from square was 0–16° off (16°: a letter on
    /// planks, 14°: the stress set's steep keystone, its top 62–72% of its foot); the shaded lab report
    /// of Fixtures saved again without its resolution had its region end at the diagonal edge of a
    /// shadow across it, a corner 31° off square, and its table was warped into bends (CER 0.50; by its
    /// outline, score 1.0 and 1.45 times the region, 0.03).
    static let misshapenCorner = 24.0

    /// How much larger the outline found must be than a soft-sided bright region to replace it.
    static let shadowedSheetGrowth = 1.1
    /// How much larger a bright region must be able to grow beyond its faint side, were that side moved
    /// out to the frame's border (`BrightRegion.growthBeyondFaintSide`), for its outline to be looked for:
    /// the sheet's shaded part clearly larger (`shadowedSheetGrowth`) and the desk around it. A hard
    /// shadow across Fixtures' shadowed invoice turned 6–30° (30 runs, both modes) left 1.31–3.5; the
    /// lit part was taken for the sheet in 10 of them and the shaded rows lost (CER 0.56–0.61), and all
    /// now read whole. eval/real's timetable, a dark strip between its foot and the frame's border,
    /// 1.13 (it is spared the outline's 30–50 ms).
    static let roomBeyondFaintSide = 1.25
    /// How many threshold steps below the split a soft-sided region is looked for again, and how much
    /// larger it must come out there to be taken.
    static let shadedSteps = 3
    static let shadedSheetGrowth = 1.05
    /// How many threshold steps below the split a sheet is looked for when none was found at or above
    /// it, nor by its outline.
    static let paleDeskSteps = 3

    /// The sheet inside `quad` (and `sides`) warped flat from `image` enlarged by `factor`. Only the part
    /// of the photo around the sheet is enlarged: a receipt may fill a tenth of a 12-megapixel frame.
    static func flatten(_ image: PixImage, quad: PageQuad, sides: CurvedSides?, enlargedBy factor: Double) -> PixImage? {
        let outline = sides?.outline(of: quad) ?? quad.corners
        let xs = outline.map(\.x), ys = outline.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        // A margin so that the warp's interpolation at the sides finds the photo's pixels.
        let margin = 4.0
        let left = max(0, Int((minX - margin).rounded(.down))), top = max(0, Int((minY - margin).rounded(.down)))
        let right = min(image.width, Int((maxX + margin).rounded(.up))), bottom = min(image.height, Int((maxY + margin).rounded(.up)))
        guard right - left > 10, bottom - top > 10,
              let part = image.cropped(to: PageBox(x: left, y: top, width: right - left, height: bottom - top)),
              let larger = part.scaled(by: factor)
        else { return nil }
        return flatten(larger, quad: quad.moved(x: -Double(left), y: -Double(top)).scaled(by: factor), sides: sides?.scaled(by: factor))
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
        return image.warped(from: source, to: target, width: Int(width), height: Int(height), fill: 255)
    }
}
