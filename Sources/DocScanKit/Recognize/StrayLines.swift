import DocScanCore

/// Takes out lines Tesseract read where there is no print, at almost no confidence: down a stripe, or
/// along the page's top or bottom edge.
///
/// - A stripe: the stacked edges of a book's pages beside the page, a desk's or a sheet's edge along
///   the frame, a ruled margin. The layout analysis takes it for a line of text turned on its side and
///   reads a string of capitals (`LULA adAIA/ hdc ALDLULA LEAR DAAEALDLDRALDEAL…`, 571 px tall and
///   17 px wide, confidence 0). Such a line's box is over `stripeAspect` times as tall as it is wide,
///   taller than `stripeHeight` of the page's typical line.
/// - The page's edge: a book page's curled top edge, the shadow along a warped sheet's border, the
///   facing page's margin (`GL em —— =`, confidence 23). Such a line lies within `edgeBand` of the
///   page's top or bottom.
///
/// Either goes when read at under `maximumConfidence`. On the eval sets, Fixtures and the photo stress
/// set (both modes), 27 lines of 20 pages went: page edges and stripes read as garbage, and a
/// magazine's running footer and date misread at 3–26 (`TravecG&Leisune`, `SEerTemnEn`); none had
/// been read right. Stripes read at 0–36, a `j` read alone (as tall and narrow) at 83. Mean CER:
/// Fixtures' photos 0.0034 → 0.0009 fast, 0.0042 → 0.0028 accurate (its curled book 0.011 → 0.002),
/// eval/real 0.0298 → 0.0293 accurate but 0.0320 → 0.0323 fast, eval/public and Fixtures' pages
/// unchanged.
enum StrayLines {
    static let stripeAspect = 3.0
    static let stripeHeight = 1.5
    static let edgeBand = 0.03
    static let maximumConfidence = 30.0

    /// Takes the stray lines out of the lines, words and text of a page `height` pixels tall.
    /// - Returns: how many lines went.
    static func strip(_ page: inout RecognizedText, height: Int) -> Int {
        guard let typical = page.typicalLineHeight.map(Double.init) else { return 0 }
        let band = edgeBand * Double(height)
        let stray = page.lines.indices.filter { index in
            let line = page.lines[index], box = line.box
            guard line.confidence < maximumConfidence else { return false }
            let isStripe = Double(box.height) > stripeAspect * Double(box.width) && Double(box.height) > stripeHeight * typical
            let isAtEdge = Double(box.y) <= band || Double(box.y + box.height) >= Double(height) - band
            return isStripe || isAtEdge
        }
        // From the last back, so the earlier indices stay valid.
        for index in stray.reversed() { _ = page.removeLine(at: index) }
        return stray.count
    }
}
