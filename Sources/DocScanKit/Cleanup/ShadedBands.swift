import DocScanCore
import DocScanNative

/// Turns light print on a shaded band (a table's header, a section's bar, a letterhead's banner) into
/// dark print on paper.
///
/// Tesseract's layout analysis takes a band darker than its threshold for a picture and reads nothing
/// in it: a photographed lab report lost its table's header and its three section titles, and the
/// tesseract CLI loses them from the cleaned page too. Its inverted pass re-reads only words it found.
/// A band is a region of the page's dark pixels around a solid dark area (`solidDarkRegions`) that
/// fills most of its box, is one even tone, and holds several light marks; its levels are mapped so
/// that the band becomes the paper and its lightest print the ink.
enum ShadedBands {
    /// Solid dark areas are looked for as squares of this many 4×4 cells: 24 px, thicker than the
    /// strokes of body text and bold headings (`TextRecognizer.darkAreaBrick`).
    static let brick = 6
    /// A band is at least this many times as wide as tall: a picture printed dark (a photograph in a
    /// magazine, its box 0.7 times as wide as tall) is even and holds light marks too, and turned, its
    /// specks were read as text (CER 0.126 → 0.463).
    static let minimumAspect = 3
    /// A band fills at least this share of its box, with the print in it: a table's rules joined to its
    /// header fill a tenth.
    static let minimumFill = 0.6
    /// Light print takes at least this share of a band's area and at most this share.
    static let lightShare = 0.03...0.45
    /// A band holds at least this many light marks (letters, or words whose letters touch).
    static let minimumMarks = 3
    /// The band's own pixels span at most this many levels between their 10th and 90th percentiles: a
    /// printed tone is even, a photograph's dark areas are not.
    static let evenTone = 60
    /// The print must be at least this many levels lighter than its band to be turned.
    static let minimumContrast = 50
    /// Bands this close to the page's edge, as a share of its size, are left alone: a desk's dark strip
    /// left by the sheet's warp, a scanner's black border.
    static let edgeShare = 0.01
    /// How far either side of a band's outline its blurred edge is painted with the paper, in pixels.
    static let edge = 3

    /// `page` (8-bit) with its shaded bands turned to dark print on paper, and how many there were; nil
    /// when it has none or cannot be measured.
    static func reversed(_ page: PixImage) -> (image: PixImage, bands: Int)? {
        guard page.depth == 8, let regions = page.solidDarkRegions(brick: brick),
              let parts = ConnectedComponents(of: regions, connectivity: 8)
        else { return nil }
        let margin = (x: Int(edgeShare * Double(page.width)), y: Int(edgeShare * Double(page.height)))
        var image = page, bands = 0
        // The page's ink and paper, measured once a band is found: most pages have none.
        lazy var tones = ToneCorrection.levels(of: page)
        for index in 0..<parts.count {
            let box = parts.frame(at: index)
            guard box.width >= minimumAspect * box.height, box.x >= margin.x, box.y >= margin.y,
                  box.x + box.width <= page.width - margin.x, box.y + box.height <= page.height - margin.y,
                  let band = parts.image(at: index), let dark = band.setPixelCount,
                  let print = band.holesByFilling(connectivity: 4), let light = print.setPixelCount
            else { continue }
            let area = dark + light
            guard Double(area) >= minimumFill * Double(box.width * box.height),
                  lightShare.contains(Double(light) / Double(area)),
                  let marks = ComponentBoxes(of: print, connectivity: 4), marks.count >= minimumMarks,
                  let tone = page.greyHistogram(under: band, x: box.x, y: box.y).flatMap(Self.percentiles),
                  tone.high - tone.low <= evenTone,
                  let printTone = page.greyHistogram(under: print, x: box.x, y: box.y).flatMap(Self.percentiles),
                  printTone.high - tone.median >= minimumContrast,
                  let tones,
                  // Its print with it, also a letter that runs out of it (a descender at its edge).
                  let whole = band.rowSpansFilled()?.union(with: print)
            else { continue }
            // The band's blurred edge, between its tone and the paper's, would be left as a grey frame.
            let left = max(0, box.x - edge), top = max(0, box.y - edge)
            let frame = PageBox(x: left, y: top, width: min(page.width, box.x + box.width + edge) - left,
                                height: min(page.height, box.y + box.height + edge) - top)
            guard let inFrame = whole.placed(width: frame.width, height: frame.height, x: box.x - frame.x, y: box.y - frame.y),
                  let inner = inFrame.eroded(width: 2 * edge + 1, height: 2 * edge + 1),
                  let ring = inFrame.dilated(width: 2 * edge + 1, height: 2 * edge + 1)?.subtracting(inner),
                  let piece = image.cropped(to: frame),
                  let mapped = piece.mapping(
                      levels(band: tone.median, print: printTone.high, paper: tones.paper, ink: tones.ink), under: inFrame),
                  let cleared = mapped.painting(ring, with: UInt8(clamping: tones.paper))
            else { continue }
            // One band at a time: a box may overlap another band's.
            guard let next = image.overlaid(with: [(cleared, frame.x, frame.y)]) else { continue }
            image = next
            bands += 1
        }
        return bands > 0 ? (image, bands) : nil
    }

    /// The 10th, 50th and 90th percentile levels of a histogram.
    static func percentiles(_ histogram: Histogram) -> (low: Int, median: Int, high: Int)? {
        histogram.levels(reaching: [0.1, 0.5, 0.9]).map { ($0[0], $0[1], $0[2]) }
    }

    /// The straight map taking the band's level to the paper's and the print's to the ink's, clamped.
    static func levels(band: Int, print: Int, paper: Int, ink: Int) -> [UInt8] {
        let slope = Double(ink - paper) / Double(max(1, print - band))
        return (0..<256).map { UInt8(clamping: Int((Double(paper) + Double($0 - band) * slope).rounded())) }
    }
}
