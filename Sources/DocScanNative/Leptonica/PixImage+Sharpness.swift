internal import CLeptonica

/// How sharp an image's print is, and sharpening it.
extension PixImage {
    /// How steeply an 8-bit image's marks meet their ground: the 99.7th percentile of the steps between
    /// neighbouring pixels, across and down (the larger), over the image's contrast (its 90th percentile
    /// level less its 1st), on every `rowStep`th row; nil for another depth or an image without contrast.
    ///
    /// Print in focus steps most of its contrast within a pixel or two; blurred by a Gaussian of σ
    /// pixels, a step's steepest slope is about its contrast over 2.5σ, and the measure falls with it
    /// whatever the size of the print (eval/real's photos 0.42–0.73; blurred by σ = 1/1500 of their
    /// size, 1.3–3.5 px, 0.08–0.24).
    package func edgeSteepness(rowStep: Int = 2) -> Double? {
        guard depth == 8, width > 1, height > 1, rowStep >= 1 else { return nil }
        var levels = [Int](repeating: 0, count: 256)
        var across = [Int](repeating: 0, count: 256)
        var down = [Int](repeating: 0, count: 256)
        let counted: Bool = withUnsafePix { pix in
            guard let data = pixGetData(pix) else { return false }
            let wordsPerLine = Int(pixGetWpl(pix))
            func level(_ row: UnsafeMutablePointer<UInt32>, _ x: Int) -> Int {
                Int(truncatingIfNeeded: (row[x >> 2] >> (24 - 8 * UInt32(x & 3))) & 0xFF)
            }
            for y in stride(from: 0, to: height - 1, by: rowStep) {
                let row = data + y * wordsPerLine, next = row + wordsPerLine
                var left = level(row, 0)
                for x in 0..<width {
                    let value = level(row, x)
                    levels[value] += 1
                    across[abs(value - left)] += 1
                    down[abs(value - level(next, x))] += 1
                    left = value
                }
            }
            return true
        }
        guard counted,
              let range = Histogram(counts: levels)?.levels(reaching: [0.01, 0.90]),
              let steepest = Histogram(counts: across)?.levels(reaching: [0.997]).flatMap(\.first),
              let steepestDown = Histogram(counts: down)?.levels(reaching: [0.997]).flatMap(\.first)
        else { return nil }
        let contrast = range[1] - range[0]
        guard contrast > 0 else { return nil }
        return Double(max(steepest, steepestDown)) / Double(contrast)
    }

    /// An 8-bit image sharpened by unsharp masking: each pixel moved away from the mean of the
    /// (2·`halfWidth` + 1)-pixel square around it by `fraction` of the difference (Leptonica's
    /// `pixUnsharpMaskingGray`). Nil for another depth or when Leptonica cannot.
    package func unsharpMasked(halfWidth: Int, fraction: Double) -> PixImage? {
        guard depth == 8, halfWidth >= 1 else { return nil }
        return PixImage(taking: withUnsafePix { pixUnsharpMaskingGray($0, Int32(halfWidth), Float(fraction)) })
    }
}
