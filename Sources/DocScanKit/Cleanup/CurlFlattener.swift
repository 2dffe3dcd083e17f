import DocScanNative

/// Straightens the bent text lines of a curled page (an open book, a sheet that does not lie flat) with
/// Leptonica's text-line model, and only where the lines are measurably bent.
///
/// The bend (`TextLineDewarp.bend`) is the most curved line's sag across the page as a share of the
/// page's width, which does not depend on the resolution. Flat scans and photos of flat
/// sheets measure 0.001–0.008 on the eval set (an 1871 scan, the most, at 0.008); curled book photos
/// 0.034 and 0.080. Straightening a flat page only costs: the 1871 scan read worse straightened
/// (CER 0.038 → 0.049), so a page is flattened only from `minimumBend` on.
///
/// The bend is measured on the page's dark-pixel mask, which the other stages use too; a page to
/// straighten gets a full-size model of its own on Leptonica's adaptive threshold
/// (`TextLineDewarp.Binarization`).
enum CurlFlattener {
    /// What the flattener measured and did.
    struct Outcome {
        /// The straightened page, or nil when it was left alone.
        var image: PixImage?
        /// Text lines the model was fitted to; nil when Leptonica found too few for a model.
        var lines: Int?
        /// The bend measured (see `CurlFlattener`); nil without a model.
        var bend: Double?
        /// The line model drawn on the page, when asked for.
        var drawing: PixImage?
    }

    /// A bend from which a page is straightened: between the flattest curled page (0.034) and the most
    /// bent flat one (0.008).
    static let minimumBend = 0.015

    /// Pages at least this long (pixels, longer side) are measured on a half-size copy (`TextLineDewarp`):
    /// a 150-dpi A4 page (1,754 px) still has lines tens of pixels long there. From 2,000 px down to
    /// 1,200, no page of the eval sets or Fixtures changed its decision, and its measuring took 2 ms
    /// instead of 7.
    static let halfSizeFrom = 1200

    static func flatten(_ page: PixImage, drawing: Bool) -> Outcome {
        let halfSize = max(page.width, page.height) >= halfSizeFrom
        guard page.depth == 8, let model = TextLineDewarp(page: page, halfSize: halfSize, binarization: .darkPixels) else {
            return Outcome()
        }
        var outcome = Outcome()
        outcome.drawing = drawing ? model.drawingLines() : nil
        guard model.isBuilt else { return outcome }
        let bend = model.bend
        outcome.lines = model.lineCount
        outcome.bend = (bend * 1000).rounded() / 1000
        if bend >= minimumBend {
            outcome.image = TextLineDewarp(page: page)?.apply(to: page)
        }
        return outcome
    }
}
