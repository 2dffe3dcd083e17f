import DocScanNative

/// Deepens print made faint over part of a photographed page, as a lamp's glare makes it: the glare
/// lifts print and paper toward white alike, and the background step, which brings the paper back to one
/// level by dividing by it, leaves the print there a fifth of its contrast. Tesseract's one threshold for
/// the page (Otsu) then puts that print with the paper, and its lines are not found at all: eval/real's
/// photos under a glare over a third of the frame (`scripts/make_real_variants.py --variants glare`) read
/// at CER 0.11–0.26, their lines cut where the glare begins. Tesseract's adaptive thresholds do not
/// help (Sauvola 0.234 against 0.257 on the worst).
///
/// The print's contrast is measured as a black top-hat (how much darker each pixel is than its
/// neighbourhood's closing over a `tophatSize` square) in tiles of a twentieth of the page's shorter
/// side (`PixImage.tilePrintContrast`), and smoothed as the median of the print tiles around each
/// (`neighbourhood`), so that a tile's few strokes, a line's end or a thin font do not count. Where that
/// contrast falls under `faintShare` of the page's usual (`usualPercentile`) over enough of the page
/// (`faintTiles`, `faintPageShare`), the page's print is darkened by its own top-hat, by a gain that
/// brings each tile's contrast to `restoredShare` of the usual: a flat area wider than the square (paper,
/// a shaded cell, a band) has no top-hat and stays as it is; print that is not faint keeps a gain of 1.
/// Run after the background step only (a photo or a shadowed page): a scan evenly lit keeps its
/// levels.
enum FaintPrint {
    /// The side of the top-hat's square, in pixels: wider than a bold letter's stroke at the working
    /// sizes.
    static let tophatSize = 21
    /// The scale the print's contrast is measured at.
    static let measureScale = 0.5
    /// Tiles per shorter side, and the smallest tile, at that scale.
    static let tilesPerSide = 20
    static let smallestTile = 16
    /// A tile's strokes are the pixels whose top-hat is over `strokeLeast` and `strokeOverGrain` times the
    /// tile's median (the paper's grain, lowered with the print by a glare); a tile under `strokeShare`
    /// of strokes has no print.
    static let strokeLeast = 8
    static let strokeOverGrain = 4.0
    static let strokeShare = 0.02
    /// A tile whose strokes reach under this (grey levels, the paper at 200) is grain, a halftone's dots
    /// or a shaded cell's texture, not print: eval/public's shadowed Chinese page's table cells and
    /// eval/real's catalogue's bare margin measured 9–18, print under a glare that left it a fifth of its
    /// contrast 27–45 (a numpy trial at the pages' size).
    static let leastPrintContrast: Float = 25
    /// A tile's contrast is the median of the print tiles in the square of tiles this many either way
    /// around it, when at least `neighbours` of them are print.
    static let neighbourhood = 2
    static let neighbours = 9
    /// The page's usual print contrast: this percentile of its smoothed tiles.
    static let usualPercentile = 0.9
    /// Print whose smoothed contrast is under this share of the usual is faint.
    static let faintShare: Float = 0.4
    /// The page is deepened when at least `faintTiles` of its print tiles, and `faintPageShare` of them,
    /// are faint.
    static let faintTiles = 6
    static let faintPageShare = 0.04
    /// A glare lifts the paper too: faint print counts only where the paper as shot (`paperShare` of its
    /// tile's pixels are darker) is at least this much lighter than the print tiles' median. A book's
    /// stacked page edges and its gutter, whose grain measures as faint print, are darker than the page:
    /// eval/real's cookbook photo and its variants measured 0–4 faint tiles so (24–43 without the lift),
    /// the glare variants and Fixtures' glared letter 34–56. A lift of 12 missed the glared letter, its
    /// paper already at 239 (the glare took it to 250).
    static let paperShare = 0.9
    static let glareLift: Float = 4
    /// Faint print is brought to this share of the usual contrast (a gain of at most `largestGain`).
    static let restoredShare: Float = 0.6
    static let largestGain: Float = 5

    /// `image` (its background evened out from `asShot`, of the same size) with its faint print deepened,
    /// and the share of its print tiles that were faint; nil when its print is not faint over enough of
    /// it, or cannot be measured (another depth, another size, too little print).
    ///
    /// Measured on both halved (`measureScale`): measured at their size with Leptonica's top-hat, the step
    /// took 50–980 ms a photo (two evals sharing the machine), halved with `PixImage.blackTophat` 17–60
    /// ms, and most pages are not deepened. The page is deepened at its size.
    static func deepened(_ image: PixImage, asShot: PixImage) -> (image: PixImage, faintShare: Double)? {
        guard image.depth == 8, asShot.depth == 8, asShot.width == image.width, asShot.height == image.height,
              let small = image.scaled(by: measureScale), let smallAsShot = asShot.scaled(by: measureScale),
              smallAsShot.width == small.width, smallAsShot.height == small.height,
              min(small.width, small.height) >= 4 * smallestTile,
              let smallTophat = small.blackTophat(size: tophatSize / 2)
        else { return nil }
        let tile = max(smallestTile, min(small.width, small.height) / tilesPerSide)
        guard let measured = smallTophat.tilePrintContrast(tile: tile, least: strokeLeast, overMedian: strokeOverGrain, share: strokeShare),
              let paper = smallAsShot.tileLevels(tile: tile, share: paperShare), paper.count == measured.contrast.count
        else { return nil }
        let columns = measured.columns, rows = measured.rows
        let print = measured.contrast.map { $0.flatMap { $0 >= leastPrintContrast ? $0 : nil } }
        let smoothed = smoothedContrast(print, columns: columns, rows: rows)
        let tiles = smoothed.indices.filter { smoothed[$0] != nil }
        guard tiles.count >= 10 else { return nil }
        let values = tiles.compactMap { smoothed[$0] }.sorted()
        let usual = values[min(values.count - 1, Int(usualPercentile * Double(values.count)))]
        let usualPaper = tiles.map { paper[$0] }.sorted()[tiles.count / 2]
        let faint = tiles.filter { (smoothed[$0] ?? usual) < faintShare * usual && paper[$0] >= usualPaper + glareLift }.count
        let share = Double(faint) / Double(tiles.count)
        guard faint >= faintTiles, share >= faintPageShare,
              let filled = filledIn(smoothed, columns: columns, rows: rows),
              let tophat = image.blackTophat(size: tophatSize)
        else { return nil }
        // Every tile's gain from its contrast, not only the lifted tiles': the table under a glare of
        // eval/real's variants read at 0.077 / 0.136 (fast / accurate) with the gain kept to tiles whose
        // paper was lifted, 0.047 / 0.031 so.
        let gains = averaged(filled, columns: columns, rows: rows).map { min(largestGain, max(1, restoredShare * usual / max($0, 1))) }
        let scale = Int((1 / measureScale).rounded())
        guard let deepened = image.deepened(by: tophat, gains: gains, columns: columns, rows: rows, tile: scale * tile) else { return nil }
        return (deepened, (share * 100).rounded() / 100)
    }

    /// Each print tile's contrast as the median of the print tiles around it (`neighbourhood`), nil where
    /// fewer than `neighbours` are print, where the tile itself is not, and along the page's edge (where a
    /// warped sheet's border and the desk beyond it lie).
    static func smoothedContrast(_ contrast: [Float?], columns: Int, rows: Int) -> [Float?] {
        var smoothed = [Float?](repeating: nil, count: contrast.count)
        for row in 1..<max(1, rows - 1) {
            for column in 1..<max(1, columns - 1) where contrast[row * columns + column] != nil {
                var around: [Float] = []
                for y in max(0, row - neighbourhood)...min(rows - 1, row + neighbourhood) {
                    for x in max(0, column - neighbourhood)...min(columns - 1, column + neighbourhood) {
                        if let value = contrast[y * columns + x] { around.append(value) }
                    }
                }
                guard around.count >= neighbours else { continue }
                around.sort()
                smoothed[row * columns + column] = around[around.count / 2]
            }
        }
        return smoothed
    }

    /// `contrast` with its missing tiles filled, ring by ring, with the mean of their filled neighbours
    /// (the eight around); nil when no tile has a value.
    static func filledIn(_ contrast: [Float?], columns: Int, rows: Int) -> [Float]? {
        guard contrast.contains(where: { $0 != nil }) else { return nil }
        var values = contrast
        while values.contains(where: { $0 == nil }) {
            let before = values
            for row in 0..<rows {
                for column in 0..<columns where before[row * columns + column] == nil {
                    var sum: Float = 0, count: Float = 0
                    for y in max(0, row - 1)...min(rows - 1, row + 1) {
                        for x in max(0, column - 1)...min(columns - 1, column + 1) {
                            if let value = before[y * columns + x] { sum += value; count += 1 }
                        }
                    }
                    if count > 0 { values[row * columns + column] = sum / count }
                }
            }
        }
        return values.map { $0 ?? 0 }
    }

    /// The mean of each tile's 3 × 3 square of tiles (fewer along the edges), so that the gain changes
    /// smoothly from tile to tile.
    static func averaged(_ values: [Float], columns: Int, rows: Int) -> [Float] {
        (0..<rows).flatMap { row in
            (0..<columns).map { column in
                var sum: Float = 0, count: Float = 0
                for y in max(0, row - 1)...min(rows - 1, row + 1) {
                    for x in max(0, column - 1)...min(columns - 1, column + 1) {
                        sum += values[y * columns + x]
                        count += 1
                    }
                }
                return sum / count
            }
        }
    }
}
