internal import CLeptonica
import DocScanCore

extension TextLineDewarp {
    /// The centres of `page`'s text lines (1-bit): one point array a line, a point for each column it
    /// covers, at the mean height of its solidified pixels there. The caller owns the result.
    ///
    /// The same steps and sizes as Leptonica's `dewarpGetTextlineCenters`, and the same points: each line
    /// is solidified by smearing it along its length (a vertical opening of 3 against specks, closings of
    /// 1/80 of the width across the letters' gaps and 1/30 across the words'), what has vertical runs
    /// of 50 pixels (pictures, rules) is taken out, and pieces at most 100 pixels wide or 4 high are
    /// dropped. Only the smearing is done differently (`lineClosedSafely`): Leptonica's brick
    /// operations, one shifted copy per pixel of the brick, were a third of a flat letter's clean-up.
    static func textLineCenters(of page: PixImage) -> UnsafeMutablePointer<PTAA>? {
        guard let pieces = linePieces(of: page, minimumWidth: 101), !pieces.isEmpty,
              let centres = ptaaCreate(Int32(pieces.count))
        else { return nil }
        for (frame, heights) in pieces {
            guard let points = ptaCreate(Int32(frame.width)) else { continue }
            for (column, row) in heights.enumerated() {
                if let row { ptaAddPt(points, Float(frame.x + column), Float(frame.y + row)) }
            }
            ptaaAddPta(centres, points, Int32(L_INSERT))
        }
        return centres
    }

    /// The centres of `page`'s (1-bit) text-line pieces at least `minimumWidth` pixels wide, solidified
    /// as `textLineCenters(of:)` solidifies them: each one's box and its points (column, mean row).
    static func textLinePieces(of page: PixImage, minimumWidth: Int) -> [(frame: PageBox, points: [(x: Double, y: Double)])] {
        (linePieces(of: page, minimumWidth: minimumWidth) ?? []).map { frame, heights in
            (frame, heights.enumerated().compactMap { column, row in
                row.map { (Double(frame.x + column), Double(frame.y + $0)) }
            })
        }
    }

    /// The solidified line pieces of `page` at least `minimumWidth` wide and 5 high: each one's box
    /// and its mean set row per column of the box (nil where a column has none).
    private static func linePieces(of page: PixImage, minimumWidth: Int) -> [(frame: PageBox, heights: [Int?])]? {
        let letterGap = max(15, page.width / 80), wordGap = max(40, page.width / 30)
        guard let lines = page.lineOpened(3, along: .vertical)?
            .lineClosedSafely(letterGap, along: .horizontal)?
            .lineOpened(letterGap, along: .horizontal)?
            .lineClosedSafely(wordGap, along: .horizontal),
            let shorter = lines.lineEroded(50, along: .vertical)
        else { return nil }
        // Whatever is left of a mark after the erosion grows back into that whole mark, which goes.
        let separated = shorter.withUnsafePix { tall in
            lines.withUnsafePix { mask in
                pixSeedfillBinary(tall, tall, mask, 8) != nil && pixXor(tall, tall, mask) != nil
            }
        }
        guard separated, let pieces = ConnectedComponents(of: shorter, connectivity: 8) else { return nil }
        return (0..<pieces.count).compactMap { index in
            let frame = pieces.frame(at: index)
            guard frame.width >= minimumWidth, frame.height > 4,
                  let heights = pieces.image(at: index)?.meanSetRowPerColumn()
            else { return nil }
            return (frame, heights)
        }
    }
}
