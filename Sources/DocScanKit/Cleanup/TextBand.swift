import DocScanCore
import DocScanNative

/// The band of rows a page's text spans, for modelling the curl of a page whose text fills only part of
/// its height (`CurlFlattener`).
enum TextBand {
    /// The rows looked at, as shares of the page's height: a photographed page's top and bottom edges,
    /// bent by the curl, are cut as dark bands across it.
    static let rows = 0.03...0.97
    /// A row holds text from this share of the page's width in dark pixels (a speck or a stray mark
    /// holds less).
    static let textShare = 0.005
    /// How far the band reaches past the text's first and last rows, as a share of the page's height.
    static let margin = 0.02

    /// The band of `page` (8-bit grey) from a little above its first row of text to a little below its
    /// last, across its whole width; nil when it has no text or no dark-pixel mask.
    static func find(in page: PixImage) -> PageBox? {
        page.darkPixels().flatMap { find(inMask: $0) }
    }

    /// The band of the page whose dark-pixel mask (`PixImage.darkPixels()`) is `mask`.
    static func find(inMask mask: PixImage) -> PageBox? {
        guard let ink = mask.setPixelsPerRow() else { return nil }
        let height = mask.height
        let looked = Int(Double(height) * rows.lowerBound)..<Int(Double(height) * rows.upperBound)
        let least = max(1, Int(Double(mask.width) * textShare))
        guard let first = looked.first(where: { ink[$0] >= least }),
              let last = looked.last(where: { ink[$0] >= least })
        else { return nil }
        let pad = Int(Double(height) * margin)
        let top = max(0, first - pad), bottom = min(height, last + 1 + pad)
        return PageBox(x: 0, y: top, width: mask.width, height: bottom - top)
    }
}
