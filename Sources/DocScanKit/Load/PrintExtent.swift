import DocScanCore
import DocScanNative

/// Where the print lies on a big scan whose print fills a small part of it (a receipt on a flatbed's
/// glass, scanned as a whole A4 page), so the loader keeps that part at the resolution the working size
/// allows instead of reducing the whole glass to it.
///
/// Scanned at 600 dpi (4,961×7,016 px), a receipt was reduced with the glass to 2,500 px in fast mode
/// and its letters to 18 px: case-insensitive CER 0.30 against 0.13 in accurate mode (3,508 px). Cut
/// out first, it reads at 0.13 in fast mode; the 12 such receipts at 0.070 / 0.075 against 0.097 /
/// 0.094 (fast / accurate; docs/pipeline.md, *print on the glass*).
///
/// Measured on a copy reduced to `probeSize`: the page's ink (Tesseract's split) joined into blobs by a
/// closing, blobs of at least `leastBlob` of the long side kept (a scanner's specks are not), and their
/// bounding box widened by `margin`. Taken only when that box is at most `largestShare` of the page and
/// shortens its longer side to `mostOfLongSide` or less, and when what lies outside it is plain paper
/// (ink under `mostInkOutside` of it, grey levels within `mostSpreadOutside`): a desk, a dark counter or
/// a sheet's shadow around a photographed page is not plain, and the page finder needs it. Of 108
/// receipts (SROIE), the 12 scanned as A4 pages at 600 dpi have at most 0.03% ink and a spread of 2
/// levels outside their print, and 11 are cut (the 12th's print spans the page); no page of the eval
/// sets, Fixtures or the photo stress sets is (their print or their desk fills the frame).
enum PrintExtent {
    /// The longer side, in pixels, of the copy the print is looked for on.
    static let probeSize = 1000
    /// The size of the closing that joins letters into blobs, in pixels of the probe.
    static let joining = 9
    /// The least width or height of a blob of print, as a share of the probe's longer side.
    static let leastBlob = 0.025
    /// How far the box reaches beyond the print, as a share of the probe's longer side.
    static let margin = 0.03
    /// The most of the page the box may cover.
    static let largestShare = 0.5
    /// The most of the page's longer side the box's longer side may be: cut shorter, its print gains at
    /// least a quarter in size.
    static let mostOfLongSide = 0.8
    /// The most ink outside the box, as a share of the pixels there.
    static let mostInkOutside = 0.001
    /// The most spread (standard deviation, grey levels) of the paper outside the box.
    static let mostSpreadOutside = 8.0

    /// The box, in `image`'s pixels, holding its print; nil when the print is not a small part of plain
    /// paper (see the type's comment).
    static func box(in image: PixImage) -> PageBox? {
        found(in: image)?.box
    }

    /// `box(in:)`, with the copy it was found on and the box in that copy's pixels (for debug images).
    static func found(in image: PixImage) -> (box: PageBox, probe: PixImage, probeBox: PageBox)? {
        let longSide = max(image.width, image.height)
        guard image.depth == 8, longSide > probeSize else { return nil }
        let factor = Double(probeSize) / Double(longSide)
        guard let probe = image.scaled(by: factor), let split = probe.tesseractSplit(), split.darkShare < 0.5,
              let ink = probe.thresholdedToBinary(split.level + 1),
              let blobs = ink.closed(width: joining, height: joining).flatMap({ ComponentBoxes(of: $0, connectivity: 8) })
        else { return nil }
        let least = Int((leastBlob * Double(probeSize)).rounded(.up))
        var print: PageBox?
        for index in 0..<blobs.count {
            let blob = blobs.frame(at: index)
            guard blob.width >= least || blob.height >= least else { continue }
            print = print.map { $0.union(blob) } ?? blob
        }
        guard let print else { return nil }
        let reach = Int((margin * Double(probeSize)).rounded())
        let left = max(0, print.x - reach), top = max(0, print.y - reach)
        let right = min(probe.width, print.x + print.width + reach), bottom = min(probe.height, print.y + print.height + reach)
        let box = PageBox(x: left, y: top, width: right - left, height: bottom - top)
        guard Double(box.width * box.height) <= largestShare * Double(probe.width * probe.height),
              Double(max(box.width, box.height)) <= mostOfLongSide * Double(max(probe.width, probe.height)),
              plainOutside(box, of: probe, inkBelow: split.level + 1)
        else { return nil }
        // Back to the image's pixels, rounded outwards.
        let x0 = Int((Double(box.x) / factor).rounded(.down)), y0 = Int((Double(box.y) / factor).rounded(.down))
        let x1 = min(image.width, Int((Double(box.x + box.width) / factor).rounded(.up)))
        let y1 = min(image.height, Int((Double(box.y + box.height) / factor).rounded(.up)))
        return (PageBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0), probe, box)
    }

    /// Whether the probe outside `box` is plain paper: few pixels darker than `inkBelow`, and a small
    /// spread of grey levels.
    private static func plainOutside(_ box: PageBox, of probe: PixImage, inkBelow: Int) -> Bool {
        guard let samples = probe.greySamples() else { return false }
        let width = probe.width
        var count = 0, ink = 0, sum = 0.0, squares = 0.0
        for y in 0..<probe.height {
            let inside = y >= box.y && y < box.y + box.height
            for x in 0..<width where !(inside && x >= box.x && x < box.x + box.width) {
                let level = Int(samples[y * width + x])
                count += 1
                if level < inkBelow { ink += 1 }
                let value = Double(level)
                sum += value
                squares += value * value
            }
        }
        guard count > 0 else { return false }
        let mean = sum / Double(count)
        let spread = (max(0, squares / Double(count) - mean * mean)).squareRoot()
        return Double(ink) <= mostInkOutside * Double(count) && spread <= mostSpreadOutside
    }
}
