internal import CImageKernels
internal import CLeptonica
import DocScanCore

/// Leptonica's text-line model of a curled page (an `L_DEWARPA` holding the page's one `L_DEWARP`),
/// owned and freed once.
///
/// Leptonica finds the page's long text lines on a binarized copy, fits a parabola to each, and builds a
/// vertical disparity map from them: the shift that makes every line straight again. The parabolas give
/// the bend (the decision to straighten); the map a page is straightened by follows each line's own
/// course instead (`LineCourse`). The model is built first and applied only when asked, so a caller
/// can look at the lines' curvature and leave a flat page alone.
package final class TextLineDewarp {
    private var dewarpa: UnsafeMutablePointer<L_DEWARPA>?
    /// The binarized page the model was built on.
    private let binary: PixImage
    /// The centres of every text line found, and of the long ones the model was fitted to; kept for
    /// `apply(to:)` and the debug drawing, which found them again before (150 ms of a cookbook photo's
    /// 690 ms of straightening).
    private var allLines: UnsafeMutablePointer<PTAA>?
    private var longLines: UnsafeMutablePointer<PTAA>?

    /// Long text lines Leptonica fitted; 0 when it found too few to build a model.
    package private(set) var lineCount = 0
    /// The most curved lines' curvature either way, in Leptonica's micro-units (10⁻⁶ per pixel: a line
    /// y = a·x² has curvature a·10⁶).
    package private(set) var curvature: ClosedRange<Int> = 0...0
    /// How bent the lines are, independent of the resolution: the most curved line's sag across the
    /// page as a share of the page's width (curvature × width ÷ 4); 0 without a model.
    package var bend: Double {
        Double(max(abs(curvature.lowerBound), abs(curvature.upperBound))) * 1e-6 * Double(binary.width) / 4
    }
    /// How far the long lines' slopes turn from the page's top to its foot (radians): a straight line fitted
    /// to each, and their slopes fitted against their heights across the page's height. Straight lines
    /// that fan out (a sheet warped by an outline partly along the photo's frame, whose perspective that
    /// side did not give) have no bend and a fan; a flat, level page has neither. 0 without a model.
    package private(set) var fan = 0.0
    /// Whether a vertical disparity model could be built (enough long lines, a consistent fit).
    package private(set) var isBuilt = false
    /// Whether the model was built on a half-size copy, for measuring only.
    package let halfSize: Bool

    /// How the page is made bilevel for finding its lines.
    package enum Binarization {
        /// Leptonica's adaptive threshold (background normalized in tiles), which follows shading
        /// across a photo: what a model that straightens a page is built on. A 1-bit page is taken as
        /// it is.
        case adaptive
        /// The page's dark-pixel mask (`PixImage.darkPixels()`, one global split), which the clean-up
        /// and recognize stages measure anyway: enough to measure the bend. The adaptive threshold took
        /// 3.5 ms of a flat A4 page's 7 ms of measuring at half size; straightening curled photos from a
        /// model built on the mask read differently (two of three real photos worse, by 0.003–0.004).
        case darkPixels
    }

    /// The fewest long lines Leptonica accepts for a model: its own default.
    package static let minimumLines = 15
    /// The page width (full-size pixels) up to which the curvature limits hold as they are: the photos
    /// they were measured on were 1,900–2,400 px wide.
    static let limitWidth = 2000.0

    /// Builds the model for `page` (8-bit grey, dark text on light paper), on a copy reduced 2× when
    /// `halfSize`; nil when Leptonica could not start (unusual depth, no memory).
    ///
    /// A half-size model has a quarter of the pixels to binarize and search for lines, and finds the same
    /// lines on a large page (a text line is still tens of pixels long), so it measures the bend for less
    /// (photos and scans of 2,000–3,500 px: 50–95 ms → 12–18 ms; on the dark-pixel mask, 2–4 ms). It is for measuring only: Leptonica sizes the
    /// full-size disparity arrays of a reduced model to twice the page (Leptonica 1.82), which made
    /// straightening a curled page cost 530 ms instead of 190, so a page to straighten gets a full-size
    /// model (`apply(to:)` refuses a half-size one).
    ///
    /// Leptonica's validity limits are set wider than its defaults (line curvature 150, difference
    /// between lines 170): a phone photo of an open book bends its top and bottom lines opposite ways
    /// (−104 and +137 on one page, a difference of 241), and Leptonica's defaults refuse exactly those
    /// pages. The column of a cookbook photo beside its spine bent its top line at 314, so a line may bend
    /// up to 400. Curvatures on the half-size copy are twice those at full size, and so are the limits;
    /// the same curl photographed smaller bends its lines as much more as the page is smaller, so the
    /// limits are also raised for a page under `limitWidth` (the cookbook photo halved, 1,172 px wide,
    /// bent its lines from −209 to 277; refused, the page was read bent, CER 0.36). Only
    /// the vertical disparity is used: the horizontal one, fitted to the text block's left and right
    /// edges, made a curled page read worse (CER 0.012 → 0.028).
    package init?(page: PixImage, halfSize: Bool = false, binarization: Binarization = .adaptive, minimumLines: Int = minimumLines) {
        let source: PixImage? = switch (binarization, halfSize) {
        case (.adaptive, false): page.depth == 8 ? page.adaptivelyThresholded() : page
        case (.adaptive, true): page.scaled(by: 0.5).flatMap { $0.depth == 8 ? $0.adaptivelyThresholded() : $0 }
        case (.darkPixels, false): page.darkPixels()
        case (.darkPixels, true): page.darkPixels()?.halved(rank: 2)
        }
        guard let source else { return nil }
        self.halfSize = halfSize
        var binaryPix: UnsafeMutablePointer<PIX>?
        var scratch: UnsafeMutablePointer<L_DEWARPA>?
        // Leptonica's single-page set-up takes a 1-bit page as it is (a grey one it would threshold
        // adaptively, as `adaptivelyThresholded()` does for less); its array (made for full-size
        // input) is replaced by one that knows the input's reduction.
        let started = source.withUnsafePix { pix in
            dewarpSinglePageInit(pix, 0, 1, 0, 0, &binaryPix, &scratch) == 0
        }
        if scratch != nil { dewarpaDestroy(&scratch) }
        guard let binary = PixImage(taking: binaryPix) else { return nil }
        self.binary = binary
        let factor: Int32 = halfSize ? 2 : 1
        dewarpa = started ? dewarpaCreate(1, 30 / factor, factor, Int32(minimumLines), 0) : nil
        guard let dewarpa else { return nil }
        dewarpaUseBothArrays(dewarpa, 0)
        dewarpaSetCheckColumns(dewarpa, 0)
        let limit = Int32((400 * Double(factor) * max(1, Self.limitWidth / Double(page.width))).rounded())
        dewarpaSetCurvatures(dewarpa, limit, -1, limit, limit / 2, limit / 2, -1)
        // The page model takes its own reference to the binarized image; the array owns the model.
        guard let model = binary.withUnsafePix({ dewarpCreate($0, 0) }) else { return nil }
        dewarpaInsertDewarp(dewarpa, model)
        guard buildVerticalModel(model) else { return }
        var vertical: Int32 = 0
        dewarpaModelStatus(dewarpa, 0, &vertical, nil)
        isBuilt = vertical != 0
        lineCount = Int(model.pointee.nlines)
        if isBuilt {
            curvature = Int(min(model.pointee.mincurv, model.pointee.maxcurv))...Int(max(model.pointee.mincurv, model.pointee.maxcurv))
            if let longLines { fan = Self.fan(of: Self.points(of: longLines), height: Double(binary.height)) }
        }
    }

    deinit {
        if dewarpa != nil { dewarpaDestroy(&dewarpa) }
        if allLines != nil { ptaaDestroy(&allLines) }
        if longLines != nil { ptaaDestroy(&longLines) }
    }

    /// What `dewarpBuildPageModel` does for the vertical disparity, the only one applied, keeping the
    /// lines: their centres (found as Leptonica finds them, for less: `textLineCenters(of:)`), the long
    /// ones (0.8 of the longest), enough of them (the array's minimum) spread over the page, and the
    /// disparity fitted to them. The horizontal disparity it also fitted was never used
    /// (`dewarpaUseBothArrays(0)`).
    private func buildVerticalModel(_ model: UnsafeMutablePointer<L_DEWARP>) -> Bool {
        guard let pixs = model.pointee.pixs else { return false }
        allLines = Self.textLineCenters(of: binary)
        guard let allLines else { return false }
        longLines = dewarpRemoveShortLines(pixs, allLines, 0.8, 0)
        guard let longLines, ptaaGetCount(longLines) >= model.pointee.minlines else { return false }
        var starts: [Double] = []
        for index in 0..<ptaaGetCount(longLines) {
            var x: Float = 0, y: Float = 0
            guard ptaaGetPt(longLines, index, 0, &x, &y) == 0 else { return false }
            starts.append(Double(y))
        }
        guard Self.linesCoverThePage(starts: starts, height: Int(pixGetHeight(pixs))),
              Self.linesSpanThePage(longLines, width: Int(pixGetWidth(pixs)))
        else { return false }
        return dewarpFindVertDisparity(model, longLines, 0) == 0
    }

    /// Leptonica's test of a model's lines (`dewarpIsLineCoverageValid`, not exported), on the heights
    /// where the lines start: at least four in each half of the page, together spanning more than half
    /// its height.
    static func linesCoverThePage(starts: [Double], height: Int) -> Bool {
        let rows = starts.map { Int($0.rounded()) }.sorted()
        guard let top = rows.first, let bottom = rows.last, height > 0 else { return false }
        let upper = rows.count(where: { Double($0) < 0.5 * Double(height) })
        return upper >= 4 && rows.count - upper >= 4 && Double(bottom - top) / Double(height) > 0.5
    }

    /// The least share of the page's width its long lines span (their median) for a model.
    ///
    /// A parabola fitted to a short line is mostly the line's own unevenness (italics, descenders, a
    /// rule touching it), and the bend takes that curvature across the page's width: a flat table of
    /// short cells (each line a ninth of the page wide, the longest kept) measured 0.17–0.57, ten times a
    /// curled book's, and was straightened into waves its rows were read across. The long lines of every
    /// page the eval sets, Fixtures and the photo stress set modelled span 0.60–1.0 of it (a column's
    /// width for the column model).
    static let minimumSpan = 1.0 / 3

    /// Whether the median of `lines`' spans across the page is at least `minimumSpan` of its `width`.
    private static func linesSpanThePage(_ lines: UnsafeMutablePointer<PTAA>, width: Int) -> Bool {
        let spans = points(of: lines).compactMap { line -> Double? in
            guard let low = line.map(\.x).min(), let high = line.map(\.x).max() else { return nil }
            return high - low
        }
        guard width > 0, !spans.isEmpty else { return false }
        return spans.sorted()[spans.count / 2] >= minimumSpan * Double(width)
    }

    /// `fan`: each line's slope (`fitted(_:)`) against its mean height, fitted by least squares, times
    /// the page's `height`; 0 with fewer than three lines.
    static func fan(of lines: [[(x: Double, y: Double)]], height: Double) -> Double {
        let slopes = lines.compactMap(fitted)
        guard slopes.count >= 3, let turn = StraightLineFit(slopes.map { (x: $0.meanY, y: $0.slope) })?.slope else { return 0 }
        return abs(turn) * height
    }

    /// The least-squares straight line through `line`'s points: its slope (rise over run, y down), the
    /// points' mean height, and how far across they span; nil for fewer than two columns.
    private static func fitted(_ line: [(x: Double, y: Double)]) -> (slope: Double, meanY: Double, span: Double)? {
        guard let low = line.map(\.x).min(), let high = line.map(\.x).max(), high > low,
              let fit = StraightLineFit(line), let slope = fit.slope
        else { return nil }
        return (slope, fit.meanY, high - low)
    }

    /// Pages at least this long (pixels, longer side) have their lines found on a half-size copy, as
    /// the curl step measures them (`halfSize`) and `lineSlopes(of:)` finds them: a 150-dpi A4 page
    /// (1,754 px) still has lines tens of pixels long there. From 2,000 px down to 1,200, no page of the
    /// eval sets or Fixtures changed its curl decision, and its measuring took 2 ms instead of 7.
    package static let halfSizeFrom = 1200

    /// The text lines of `mask` (a 1-bit page) as Leptonica's line finder finds them (on the mask halved
    /// from `halfSizeFrom`, as the curl step's dark-pixel model), each as the slope of a straight line
    /// fitted to its centres (rise over run, y down) and its span across the page, as a share of its width.
    package static func lineSlopes(of mask: PixImage) -> [(slope: Double, span: Double)] {
        guard mask.depth == 1 else { return [] }
        let halved = max(mask.width, mask.height) >= halfSizeFrom ? mask.halved(rank: 2) : nil
        let searched = halved ?? mask
        var found = textLineCenters(of: searched)
        defer { if found != nil { ptaaDestroy(&found) } }
        guard let lines = found, searched.width > 0 else { return [] }
        return points(of: lines).compactMap { fitted($0).map { ($0.slope, $0.span / Double(searched.width)) } }
    }

    /// The points of each line in `lines` (a line Leptonica cannot hand over is left out).
    private static func points(of lines: UnsafeMutablePointer<PTAA>) -> [[(x: Double, y: Double)]] {
        (0..<ptaaGetCount(lines)).compactMap { index in
            var line = ptaaGetPta(lines, index, Int32(L_CLONE))
            defer { ptaDestroy(&line) }
            guard let line else { return nil }
            return (0..<ptaGetCount(line)).map { point in
                var x: Float = 0, y: Float = 0
                ptaGetPt(line, point, &x, &y)
                return (Double(x), Double(y))
            }
        }
    }

    /// `page` (the image the model was built from, or one of its size) with its lines straightened;
    /// nil when there is no valid model, the model is a half-size one, or Leptonica failed.
    package func apply(to page: PixImage) -> PixImage? {
        guard isBuilt, !halfSize, let dewarpa else { return nil }
        if let model = dewarpaGetDewarp(dewarpa, 0), let longLines { _ = Self.followLines(longLines, in: model) }
        if page.depth == 8, page.withUnsafePix({ pixGetColormap($0) == nil }) { return applyToGrey(page) }
        return appliedByLeptonica(page)
    }

    /// `page` straightened by Leptonica's `dewarpaApplyDisparity` on the model as it stands: pages of
    /// other depths, and what the grey path is tested against.
    func appliedByLeptonica(_ page: PixImage) -> PixImage? {
        guard isBuilt, !halfSize, let dewarpa else { return nil }
        var straightened: UnsafeMutablePointer<PIX>?
        let status = page.withUnsafePix { pix in
            dewarpaApplyDisparity(dewarpa, 0, pix, 255, 0, 0, &straightened, nil)
        }
        let result = PixImage(taking: straightened)
        return status == 0 ? result : nil
    }

    /// `apply(to:)` for an 8-bit page, level for level what `dewarpaApplyDisparity` gives
    /// (`docscan_apply_vertical_disparity`): the model validated as Leptonica validates it first, the
    /// disparity of each row found as the row is made instead of in two full-size float arrays (4 bytes a
    /// pixel each). A curled 2,300 × 3,250 cookbook page: 67–81 ms in Leptonica, about 30 here.
    private func applyToGrey(_ page: PixImage) -> PixImage? {
        guard let dewarpa else { return nil }
        if dewarpa.pointee.modelsready == 0 { dewarpaInsertRefModels(dewarpa, 0, 0) }
        guard let model = dewarpaGetDewarp(dewarpa, 0), model.pointee.hasref == 0, model.pointee.vvalid != 0,
              let sampled = model.pointee.sampvdispar, let samples = fpixGetData(sampled)
        else { return nil }
        var sampledWidth: Int32 = 0, sampledHeight: Int32 = 0
        guard fpixGetDimensions(sampled, &sampledWidth, &sampledHeight) == 0 else { return nil }
        var scratch = [Float](repeating: 0, count: 3 * page.width)
        return page.withUnsafePix { pix -> PixImage? in
            guard let source = pixGetData(pix),
                  let output = PixImage(taking: pixCreateTemplate(pix)),
                  output.withUnsafePix({ target -> Bool in
                      guard let targetData = pixGetData(target) else { return false }
                      return docscan_apply_vertical_disparity(
                          source, pixGetWidth(pix), pixGetHeight(pix), pixGetWpl(pix),
                          samples, sampledWidth, sampledHeight, fpixGetWpl(sampled),
                          model.pointee.sampling, model.pointee.nx, model.pointee.ny, 255,
                          targetData, pixGetWpl(target), &scratch) == 0
                  })
            else { return nil }
            return output
        }
    }

    /// Replaces the model's sampled vertical disparity by one built from each long line's own course
    /// (`LineCourse`) instead of Leptonica's parabola per line; across the lines, each sample column is
    /// still fitted with a parabola in y, as Leptonica does. False (the model left as it was) when too
    /// few lines remain.
    private static func followLines(_ long: UnsafeMutablePointer<PTAA>, in model: UnsafeMutablePointer<L_DEWARP>) -> Bool {
        guard let pixs = model.pointee.pixs, let sampled = model.pointee.sampvdispar else { return false }
        var nx: Int32 = 0, ny: Int32 = 0
        guard fpixGetDimensions(sampled, &nx, &ny) == 0, nx > 1, ny > 1 else { return false }
        let sampling = Double(model.pointee.sampling)
        let columns = (0..<Int(nx)).map { Double($0) * sampling }
        let reach = max(sampling, Double(pixGetWidth(pixs)) / 30)
        var lines = points(of: long).compactMap { LineCourse(points: $0, columns: columns, reach: reach) }
        // Lines that bend unlike the rest are left out, as Leptonica leaves them out (7 deviations).
        let curvatures = lines.map(\.curvature).sorted()
        guard curvatures.count >= 3 else { return false }
        let median = curvatures[curvatures.count / 2]
        let deviations = curvatures.map { abs($0 - median) }.sorted()
        let deviation = deviations[deviations.count / 2]
        if deviation > 0 { lines.removeAll { abs($0.curvature - median) > 7 * deviation } }
        guard lines.count >= 3 else { return false }
        let middle = Int(nx) / 2
        var fits: [(c2: Double, c1: Double, c0: Double)] = []
        for column in 0..<Int(nx) {
            let disparities = lines.map { (x: $0.heights[middle], y: $0.heights[middle] - $0.heights[column]) }
            guard let fit = LineCourse.parabola(disparities) else { return false }
            fits.append(fit)
        }
        for (column, fit) in fits.enumerated() {
            for row in 0..<Int(ny) {
                let y = Double(row) * sampling
                fpixSetPixel(sampled, Int32(column), Int32(row), Float(fit.c2 * y * y + fit.c1 * y + fit.c0))
            }
        }
        fpixDestroy(&model.pointee.fullvdispar)
        return true
    }

    /// A colour copy of the binarized page with the centres of the text lines Leptonica found drawn on it,
    /// for debug images.
    package func drawingLines() -> PixImage? {
        guard let lines = allLines else { return nil }
        return binary.withUnsafePix { pix -> PixImage? in
            guard let colour = pixConvertTo32(pix) else { return nil }
            let drawn = pixDisplayPtaa(colour, lines)
            var owned: UnsafeMutablePointer<PIX>? = colour
            pixDestroy(&owned)
            return PixImage(taking: drawn)
        }
    }
}

/// Leptonica's objects are reference counted without locks.
@available(*, unavailable)
extension TextLineDewarp: Sendable {}
