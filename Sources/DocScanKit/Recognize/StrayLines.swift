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
/// - The facing page's sliver in a photo of an open book: the ends of its lines, cut by the page's
///   side (`uttermilk`, `shed barley goats`, read at 67–92), or its margin's specks (`¥`, `WH`). Such
///   lines form a strip along the page's left or right side, at least one of them within `sliverBand`
///   of the side, the strip narrower than `sliverWidth` of the page, and a gutter at least
///   `sliverGutter` typical lines wide parts it from every other line. Lines of the strip that do not
///   reach the side go with it: straightened along its lines' courses, eval/real's open cookbook had
///   its strip read as lines starting up to 162 px in (`he`, `beg ony`), and when only the lines at
///   the side could go, those kept the whole strip (fast CER 0.037 → 0.060).
///   They go whatever their confidence: the words are real, but of another page.
///
/// A stripe or an edge line goes when read at under `maximumConfidence`. On the eval sets, Fixtures and the photo stress
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
    static let sliverBand = 0.01
    static let sliverWidth = 0.15
    static let sliverGutter = 2.0

    /// Takes the stray lines out of the lines, words and text of a page `width` × `height` pixels.
    /// - Returns: how many lines went.
    static func strip(_ page: inout RecognizedText, width: Int, height: Int) -> Int {
        guard let typical = page.typicalLineHeight.map(Double.init) else { return 0 }
        let band = edgeBand * Double(height)
        var stray = Set(page.lines.indices.filter { index in
            let line = page.lines[index], box = line.box
            guard line.confidence < maximumConfidence else { return false }
            let isStripe = Double(box.height) > stripeAspect * Double(box.width) && Double(box.height) > stripeHeight * typical
            let isAtEdge = Double(box.y) <= band || Double(box.y + box.height) >= Double(height) - band
            return isStripe || isAtEdge
        })
        stray.formUnion(sliver(of: page, width: width, typical: typical, onTheLeft: true))
        stray.formUnion(sliver(of: page, width: width, typical: typical, onTheLeft: false))
        // From the last back, so the earlier indices stay valid.
        for index in stray.sorted().reversed() { _ = page.removeLine(at: index) }
        return stray.count
    }

    /// The lines of a facing page's sliver along the page's left or right side; empty when there is
    /// none, or nothing else on the page.
    private static func sliver(of page: RecognizedText, width: Int, typical: Double, onTheLeft: Bool) -> [Int] {
        let pageWidth = Double(width)
        // Distances in from the side: where a line starts and where it ends.
        func reach(_ box: PageBox) -> (near: Double, far: Double) {
            onTheLeft ? (Double(box.x), Double(box.x + box.width)) : (pageWidth - Double(box.x + box.width), pageWidth - Double(box.x))
        }
        // Swept in from the side: the strip is what the lines cover up to the first gap at least
        // `sliverGutter` typical lines wide, as long as it stays within `sliverWidth` of the page.
        let order = page.lines.indices.sorted { reach(page.lines[$0].box).near < reach(page.lines[$1].box).near }
        guard let first = order.first, reach(page.lines[first].box).near <= sliverBand * pageWidth else { return [] }
        var covered = 0.0
        var sliver: [Int] = []
        for index in order {
            let span = reach(page.lines[index].box)
            if !sliver.isEmpty, span.near - covered >= sliverGutter * typical { return sliver }
            covered = max(covered, span.far)
            guard covered < sliverWidth * pageWidth else { return [] }
            sliver.append(index)
        }
        // Nothing else on the page.
        return []
    }
}
