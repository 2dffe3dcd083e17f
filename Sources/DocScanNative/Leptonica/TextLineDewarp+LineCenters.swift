internal import CLeptonica

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
        let kept = (0..<pieces.count).map { (index: $0, frame: pieces.frame(at: $0)) }
            .filter { $0.frame.width > 100 && $0.frame.height > 4 }
        guard !kept.isEmpty, let centres = ptaaCreate(Int32(kept.count)) else { return nil }
        for (index, frame) in kept {
            guard let piece = pieces.image(at: index), let heights = piece.meanSetRowPerColumn(),
                  let points = ptaCreate(Int32(frame.width))
            else { continue }
            for (column, row) in heights.enumerated() {
                if let row { ptaAddPt(points, Float(frame.x + column), Float(frame.y + row)) }
            }
            ptaaAddPta(centres, points, Int32(L_INSERT))
        }
        return centres
    }
}
