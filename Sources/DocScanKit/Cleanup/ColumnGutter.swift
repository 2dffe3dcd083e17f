import DocScanNative

/// The gutter between two columns of text: the widest band of empty columns of pixels in the middle of
/// the page, for modelling a curled two-column page one column at a time (`CurlFlattener`).
enum ColumnGutter {
    /// Where the gutter may lie, as shares of the page's width: two columns split the page near its middle.
    static let middle = 0.3...0.7
    /// A column of pixels is empty below this share of the rows counted in dark pixels (specks, a stray
    /// descender, a rule); a column through text lines holds several times more.
    static let emptyShare = 0.01
    /// The rows counted, as shares of the page's height: a photographed page's top and bottom edges,
    /// bent by the curl, are cut as dark bands across every column of pixels.
    static let rows = 0.05...0.95
    /// The narrowest gutter, as a share of the page's width: columns of books and articles stand apart by
    /// 2–5% of the page (0.9% in a photo of a cookbook after its margins were cut); a word space is narrower.
    static let minimumWidth = 0.006

    /// The x of the gutter's middle in `page` (8-bit grey), or nil when there is none.
    static func find(in page: PixImage) -> Int? {
        page.darkPixels().flatMap { find(inMask: $0) }
    }

    /// The gutter of the page whose dark-pixel mask (`PixImage.darkPixels()`) is `mask`.
    static func find(inMask mask: PixImage) -> Int? {
        // Every other row is enough to see a column of pixels through text, and takes half the time.
        let rowStep = 2
        let counted = Int(Double(mask.height) * rows.lowerBound)..<Int(Double(mask.height) * rows.upperBound)
        guard let ink = mask.setPixelsPerColumn(rows: counted, rowStep: rowStep) else { return nil }
        return find(inkPerColumn: ink, height: (counted.count + rowStep - 1) / rowStep)
    }

    /// The middle of the widest run of empty columns within `middle` (`height`: the rows counted), when it is at least `minimumWidth`
    /// wide; a run reaching the band's edge is cut there.
    static func find(inkPerColumn ink: [Int], height: Int) -> Int? {
        let width = ink.count
        let band = Int(Double(width) * middle.lowerBound)..<Int(Double(width) * middle.upperBound)
        let limit = Double(height) * emptyShare
        var best: Range<Int>?
        var start: Int?
        for x in band.lowerBound...band.upperBound {
            let empty = x < band.upperBound && Double(ink[x]) < limit
            if empty, start == nil { start = x }
            if !empty, let first = start {
                if (x - first) > (best?.count ?? 0) { best = first..<x }
                start = nil
            }
        }
        guard let best, Double(best.count) >= Double(width) * minimumWidth else { return nil }
        return (best.lowerBound + best.upperBound) / 2
    }
}
