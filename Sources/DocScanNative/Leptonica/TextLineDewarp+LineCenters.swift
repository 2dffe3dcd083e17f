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
        let kept = (0..<pieces.count).filter {
            let frame = pieces.frame(at: $0)
            return frame.width > 100 && frame.height > 4
        }
        guard !kept.isEmpty, let centres = ptaaCreate(Int32(kept.count)) else { return nil }
        for index in kept {
            let frame = pieces.frame(at: index)
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

extension PixImage {
    /// For each column of a 1-bit image, the mean row of its set pixels, rounded down (nil for an empty
    /// column); nil when the image has no pixel data.
    func meanSetRowPerColumn() -> [Int?]? {
        precondition(depth == 1, "meanSetRowPerColumn reads 1-bit images only, not \(depth)-bit")
        return withUnsafePix { pix -> [Int?]? in
            guard let data = pixGetData(pix) else { return nil }
            let wordsPerLine = Int(pixGetWpl(pix))
            let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
            guard width > 0 else { return [] }
            // Leptonica leaves the bits past the width in a line's last word undefined.
            let lastWord = (width - 1) >> 5
            let lastMask: UInt32 = width & 31 == 0 ? ~0 : ~(UInt32.max >> UInt32(width & 31))
            var sums = [Int](repeating: 0, count: width), counts = [Int](repeating: 0, count: width)
            for y in 0..<height {
                let line = data + y * wordsPerLine
                for index in 0...lastWord {
                    var word = line[index]
                    if index == lastWord { word &= lastMask }
                    while word != 0 {
                        let bit = word.leadingZeroBitCount
                        sums[index << 5 + bit] += y
                        counts[index << 5 + bit] += 1
                        word &= ~(UInt32(0x8000_0000) >> UInt32(bit))
                    }
                }
            }
            return zip(sums, counts).map { sum, count in count > 0 ? sum / count : nil }
        }
    }
}
