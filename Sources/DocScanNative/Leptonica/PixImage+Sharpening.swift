internal import CLeptonica

extension PixImage {
    /// Leptonica's `pixScale` of an 8-bit image by a factor from 0.7 to 1.4, pixel for pixel, in less
    /// memory: linear interpolation (`pixScaleGrayLI`), then the same unsharp mask (a 5×5 box, 0.4 of the
    /// high-pass added back) computed in place over a ring of five rows. Leptonica's mask holds a float
    /// copy of the whole scaled page and a second 8-bit one: 22 MB for fast mode's 2,500-pixel working copy
    /// of a 300-dpi A4 scan, the largest allocation of a worker reading it. Nil when Leptonica fails.
    func scaledAndSharpenedInPlace(by factor: Double) -> PixImage? {
        guard let scaled = PixImage(taking: withUnsafePix { pixScaleGrayLI($0, Float(factor), Float(factor)) }) else {
            return nil
        }
        scaled.sharpenInPlace(fraction: 0.4)
        return scaled
    }

    /// Adds `fraction` of the high-pass (the pixel less the mean of its 5×5 box) to every pixel at least
    /// two from the border, with `pixUnsharpMaskingGray2D`'s float arithmetic so the levels come out the
    /// same; the border keeps its levels, as Leptonica's does.
    private func sharpenInPlace(fraction: Float) {
        let halfWidth = 2, span = 2 * halfWidth + 1
        let width = self.width, height = self.height
        guard depth == 8, width > 2 * halfWidth, height > 2 * halfWidth else { return }
        withUnsafePix { pix in
            guard let data = pixGetData(pix) else { return }
            let wordsPerLine = Int(pixGetWpl(pix))
            let bytes = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
            // A pixel's byte within its row: Leptonica stores each 32-bit word's first pixel in its most
            // significant byte, the last byte of the word's little-endian memory.
            @inline(__always) func offset(_ x: Int) -> Int {
                #if _endian(little)
                x ^ 3
                #else
                x
                #endif
            }
            // Horizontal 5-pixel sums of the rows around the one being written, from their original levels:
            // a row is summed before it is changed, as it is written only after the rows above it.
            var sums = [Float](repeating: 0, count: span * width)
            sums.withUnsafeMutableBufferPointer { sums in
                func sumRow(_ y: Int) {
                    let row = bytes + y * wordsPerLine * 4
                    let slot = (y % span) * width
                    for x in halfWidth..<(width - halfWidth) {
                        var total = 0
                        for dx in -halfWidth...halfWidth { total += Int(row[offset(x + dx)]) }
                        sums[slot + x] = Float(total)
                    }
                }
                for y in 0..<(span - 1) { sumRow(y) }
                let norm: Float = 1 / 25
                for y in halfWidth..<(height - halfWidth) {
                    sumRow(y + halfWidth)
                    let row = bytes + y * wordsPerLine * 4
                    let s0 = ((y - 2) % span) * width, s1 = ((y - 1) % span) * width, s2 = (y % span) * width
                    let s3 = ((y + 1) % span) * width, s4 = ((y + 2) % span) * width
                    for x in halfWidth..<(width - halfWidth) {
                        // As Leptonica adds them: the five row sums top to bottom, then the scaling.
                        let box = norm * (sums[s0 + x] + sums[s1 + x] + sums[s2 + x] + sums[s3 + x] + sums[s4 + x])
                        let level = Float(row[offset(x)])
                        let sharpened = Double(level + fraction * (level - box)) + 0.5
                        row[offset(x)] = UInt8(clamping: Int(sharpened.rounded(.towardZero)))
                    }
                }
            }
        }
    }
}
