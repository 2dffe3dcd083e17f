import DocScanCore
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
        /// How far the lines' slopes turn down the page (`TextLineDewarp.fan`); nil without a model.
        var fan: Double?
        /// The line model drawn on the page, when asked for.
        var drawing: PixImage?
        /// Which model measured the bend (`CleanupReport.curlModel`); nil without one.
        var model: Model?
    }

    /// The models of a page's lines, tried in this order.
    enum Model: String {
        case lines, columns, textBand = "text_band", ruledTable = "ruled_table", linePieces = "line_pieces"
    }

    /// A bend from which a page is straightened: between the flattest curled page (0.034) and the most
    /// bent flat one (0.008).
    static let minimumBend = 0.015

    /// A fan from which a sheet cut out of a photo is straightened though its lines do not bend: its
    /// straight lines' slopes turn by this much (radians, about 1.7°) from its top to its foot.
    ///
    /// A sheet whose outline was taken partly along the photo's frame (a close-up, its top and side off
    /// the frame) is warped by sides that do not show its perspective, and its lines then fan out: a
    /// close-up of the 1871 Senate page from the photo stress set's `close` scenes fanned by 0.06 and read
    /// its upper lines in pieces (CER 0.042 / 0.082, fast / accurate); straightened by its lines' model,
    /// 0.022 / 0.029. Flat sheets found by their own four sides fanned by 0.015 or less over the eval sets,
    /// Fixtures and the photo stress sets; from 0.015 to 0.022 straightening was as often worse as better.
    static let minimumFan = 0.03

    /// `page` measured and, where bent, straightened: as a whole, or column by column when Leptonica
    /// cannot model it whole and it has a gutter (`flattenColumns`).
    /// - Parameter cutOut: the page is a sheet cut out of a photo: one with a ruled table is modelled
    ///   again without its vertical rules (`flattenRuledPage`), and one still without a model, or with a
    ///   model that leaves it alone, on its lines' pieces (`flattenPieces`, `secondOpinion`). Scans lie flat.
    static func flatten(_ page: PixImage, drawing: Bool, cutOut: Bool = false) -> Outcome {
        guard page.depth == 8 else { return Outcome() }
        var whole = measure(page, drawing: drawing)
        if whole.lines != nil {
            whole.model = .lines
            // A sheet cut out of a photo is straightened for a fan too (`minimumFan`); a scan lies as printed.
            if let bend = whole.bend, bend >= minimumBend || (cutOut && (whole.fan ?? 0) >= minimumFan) { whole.image = straightened(page) }
            return cutOut && whole.image == nil ? secondOpinion(on: whole, page: page, mask: page.darkPixels(), drawing: drawing) : whole
        }
        // The page's dark-pixel mask, which each of the models below reads; found once.
        guard let mask = page.darkPixels() else { return whole }
        if let gutter = ColumnGutter.find(inMask: mask), let columns = flattenColumns(page, splitAt: gutter, drawing: drawing) {
            return cutOut && columns.image == nil ? secondOpinion(on: columns, page: page, mask: mask, drawing: drawing) : columns
        }
        let text = flattenTextBand(page, mask: mask, drawing: drawing)
        guard cutOut else { return text ?? whole }
        if let model = text ?? flattenRuledPage(page, mask: mask, drawing: drawing) {
            return model.image == nil ? secondOpinion(on: model, page: page, mask: mask, drawing: drawing) : model
        }
        return flattenPieces(page, mask: mask, drawing: drawing) ?? whole
    }

    /// `outcome`, a model that left a sheet cut out of a photo alone, or the sheet straightened on its
    /// lines' pieces when they measure bent (`LinePieceModel`). Leptonica's models keep only lines at
    /// least 0.8 as long as the longest, and on a sheet curled at one end those bend least: a letter's
    /// text band measured 0.012 (under `minimumBend`) and was read bent, its curled line ends as a
    /// column of their own (CER 0.29); its pieces measured it bent, and straightened on them it read at
    /// 0.001. On every flat photo of the eval sets and Fixtures the pieces agreed with the model.
    private static func secondOpinion(on outcome: Outcome, page: PixImage, mask: PixImage?, drawing: Bool) -> Outcome {
        guard let mask, let pieces = flattenPieces(page, mask: mask, drawing: drawing), pieces.image != nil else { return outcome }
        return pieces
    }

    /// A page with a ruled table, modelled again with the table's vertical rules taken out.
    ///
    /// A table's rules join its cells into one piece that Leptonica takes for no line, and its cells are
    /// short lines, which it drops (under 0.8 of the longest). A curled Chinese manual page, a few
    /// paragraphs above a table of 18 rows, had no model and was read bent (the photo stress set's
    /// `zh_edu_p9__curl`, CER 0.225 in accurate mode; straightened, 0.193). Without its vertical rules
    /// (upright runs of a 40th of the page's height), the table's horizontal rules, and its rows with
    /// their pieces joined, are long lines. How far the pieces must be joined depends on the table's
    /// gaps: that page modelled with a 16th of its width and not with an 8th, a bowed book page with a
    /// table below its text only with an 8th; the 16th is tried first. Pages with less than their
    /// height of vertical rules (away from their sides) are not modelled again, and scans not at all: on eval/public's flat
    /// scans with tables this cost 25–115 ms a page and straightened none.
    private static func flattenRuledPage(_ page: PixImage, mask: PixImage, drawing: Bool) -> Outcome? {
        guard let rules = mask.opened(width: 1, height: max(3, page.height / 40)),
              // Upright runs along the sheet's sides are slivers of desk left by the warp, not rules.
              let inner = rules.cropped(to: PageBox(x: page.width / 25, y: 0, width: page.width - 2 * (page.width / 25), height: page.height)),
              let ruled = inner.setPixelCount, ruled >= page.height,
              let cells = mask.subtracting(rules)
        else { return nil }
        for share in ruledRowJoins {
            guard let rows = cells.closed(width: max(3, page.width / share), height: 1),
                  let model = TextLineDewarp(page: rows), model.isBuilt
            else { continue }
            var outcome = describe(model, drawing: drawing)
            outcome.model = .ruledTable
            if let bend = outcome.bend, bend >= minimumBend { outcome.image = model.apply(to: page) }
            return outcome
        }
        return nil
    }

    /// A page whose lines are pieces with wide gaps between them (a table without rules, a form, a
    /// receipt), modelled on the pieces (`LinePieceModel`) when Leptonica found no long lines to model.
    private static func flattenPieces(_ page: PixImage, mask: PixImage, drawing: Bool) -> Outcome? {
        guard let model = LinePieceModel(mask: mask) else { return nil }
        var outcome = Outcome(model: .linePieces)
        outcome.lines = model.pieceCount
        outcome.bend = (model.bend * 10000).rounded() / 10000
        outcome.drawing = drawing ? model.drawing(on: page) : nil
        if model.isBent { outcome.image = model.apply(to: page) }
        return outcome
    }

    /// The widths a ruled page's row pieces are joined across, as shares of its width (`flattenRuledPage`).
    static let ruledRowJoins = [16, 8]

    /// The most of a page's height its text may span for it to be modelled on its own band
    /// (`flattenTextBand`); a page whose text spans more was modelled whole already.
    static let largestBand = 0.8

    /// A page whose text fills only part of its height (a letter, a short note), modelled on the band of
    /// rows its text spans.
    ///
    /// Leptonica refuses a model whose lines do not span half the page's height with four in each half:
    /// a curled letter, its text in the top 60% of the sheet, was read bent (Fixtures' pale_desk_curl,
    /// 11 long lines from 14% to 60% of the height; CER 0.42 in accurate mode). The band is cut from a
    /// little above the text's first row to a little below its last, measured on the page's own
    /// dark-pixel mask (the band split afresh took a darker threshold, lost the top lines and was
    /// refused again in fast mode), and, when bent, straightened and put back in its place.
    private static func flattenTextBand(_ page: PixImage, mask: PixImage, drawing: Bool) -> Outcome? {
        guard let band = TextBand.find(inMask: mask), Double(band.height) <= largestBand * Double(page.height),
              let text = page.cropped(to: band),
              let bandMask = mask.cropped(to: band),
              let model = TextLineDewarp(page: bandMask, minimumLines: columnMinimumLines),
              model.isBuilt
        else { return nil }
        var outcome = describe(model, drawing: drawing)
        outcome.model = .textBand
        if let bend = outcome.bend, bend >= minimumBend,
           let straight = TextLineDewarp(page: text, minimumLines: columnMinimumLines)?.apply(to: text) ?? model.apply(to: text) {
            outcome.image = page.overlaid(with: [(straight, band.x, band.y)])
        }
        return outcome
    }

    /// The bend of `page`'s lines, measured on its dark-pixel mask (at half size from `halfSizeFrom`).
    private static func measure(
        _ page: PixImage, drawing: Bool, halfSize: Bool? = nil, minimumLines: Int = TextLineDewarp.minimumLines
    ) -> Outcome {
        let halfSize = halfSize ?? (max(page.width, page.height) >= TextLineDewarp.halfSizeFrom)
        guard let model = TextLineDewarp(page: page, halfSize: halfSize, binarization: .darkPixels, minimumLines: minimumLines) else {
            return Outcome()
        }
        return describe(model, drawing: drawing)
    }

    /// What `model` measured: its lines and bend when it was built, and its lines drawn when asked for.
    private static func describe(_ model: TextLineDewarp, drawing: Bool) -> Outcome {
        var outcome = Outcome()
        outcome.drawing = drawing ? model.drawingLines() : nil
        guard model.isBuilt else { return outcome }
        outcome.lines = model.lineCount
        outcome.bend = (model.bend * 1000).rounded() / 1000
        outcome.fan = (model.fan * 1000).rounded() / 1000
        return outcome
    }

    /// `page` straightened by a full-size model built on Leptonica's adaptive threshold, or, where that
    /// finds too few lines, on the dark-pixel mask the bend was measured on; nil when neither builds.
    ///
    /// The adaptive threshold's fixed tile and closing sizes suit pages of 1,500 px and more: on the
    /// cookbook photo halved (940 px wide after the warp) its strokes ran together and it kept 1 long
    /// line of a column where the mask kept 19 (bend 0.07), so the column was read bent.
    private static func straightened(_ page: PixImage, minimumLines: Int = TextLineDewarp.minimumLines) -> PixImage? {
        if let straight = TextLineDewarp(page: page, minimumLines: minimumLines)?.apply(to: page) { return straight }
        return TextLineDewarp(page: page, binarization: .darkPixels, minimumLines: minimumLines)?.apply(to: page)
    }

    /// The fewest long lines a column's model needs: a column holds half a page's lines.
    static let columnMinimumLines = 10

    /// A page of two columns whose lines Leptonica could not model as a whole, modelled column by column.
    ///
    /// Leptonica keeps only the lines at least 0.8 of the longest, so on a page of two columns a few lines
    /// joined across the gutter leave too few for a model, and the page stayed bent: the real photo of an
    /// open cookbook (lmmx_finnish_cooking_a) lost its column beside the spine (CER 0.15 → 0.05 once that
    /// column was straightened alone). Each side of the gutter is measured as a page of its own and
    /// straightened when it is bent; the record gives the most bent side and the two sides' lines together.
    /// A column is measured at full size: at half size the lines of small print merge (the cookbook's
    /// first column showed 2 lines at half size, 14 at full). On flat pages with a gutter this costs
    /// about 20 ms (Fixtures/photos/two_column.png); a page without one pays for the search alone, under 1 ms.
    private static func flattenColumns(_ page: PixImage, splitAt gutter: Int, drawing: Bool) -> Outcome? {
        let sides = [PageBox(x: 0, y: 0, width: gutter, height: page.height),
                     PageBox(x: gutter, y: 0, width: page.width - gutter, height: page.height)]
        var outcome = Outcome()
        var straightColumns: [(image: PixImage, x: Int)] = []
        var drawings: [PixImage] = []
        for side in sides {
            guard let column = page.cropped(to: side) else { return nil }
            let measured = measure(column, drawing: drawing, halfSize: false, minimumLines: columnMinimumLines)
            if let lines = measured.lines, let bend = measured.bend {
                outcome.lines = (outcome.lines ?? 0) + lines
                outcome.bend = max(outcome.bend ?? 0, bend)
                if bend >= minimumBend, let straight = straightened(column, minimumLines: columnMinimumLines) {
                    straightColumns.append((straight, side.x))
                }
            }
            if let lines = measured.drawing { drawings.append(lines) }
        }
        guard outcome.lines != nil else { return nil }
        outcome.model = .columns
        outcome.drawing = drawings.count == sides.count ? PixImage.sideBySide(drawings) : nil
        if !straightColumns.isEmpty { outcome.image = page.overlaid(with: straightColumns) }
        return outcome
    }
}
