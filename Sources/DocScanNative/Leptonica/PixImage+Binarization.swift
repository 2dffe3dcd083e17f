internal import CImageKernels
internal import CLeptonica

extension PixImage {
    /// The 1-bit image Tesseract would make of this 8-bit one before looking at it: one Otsu split of the
    /// whole page's histogram (the first level of greatest between-class variance), the smaller side of
    /// the split taken as ink (the darker side when it is under half the pixels, else the lighter); a
    /// page of one level is blank. That is what Tesseract 5.3's default thresholding (`OtsuThreshold`,
    /// `ThresholdRectToPix`) makes of one grey channel.
    ///
    /// Handed a grey page, Tesseract keeps a copy of it and a full-size 8-bit image of the one threshold
    /// beside its own 1-bit image; orientation detection looks at the 1-bit image only, so handing it
    /// that image saves two grey copies (8 MB for a Chinese page at OSD's 2,400-pixel working size).
    /// Nil for an image that is not plain 8-bit grey (a colormap, another depth) or when Leptonica fails.
    package func binarizedAsTesseractWould() -> PixImage? {
        guard let counts = plainGreyCounts() else { return nil }
        guard let split = Self.otsuSplit(counts) else {
            // One level: Tesseract finds no ink.
            let blank = PixImage(taking: pixCreate(Int32(width), Int32(height), 1))
            blank?.withUnsafePix { blank in withUnsafePix { _ = pixCopyResolution(blank, $0) } }
            return blank
        }
        // The smaller side of the split is the ink: dark print on paper, or light print on a dark ground.
        guard let dark = thresholdedToBinary(split.level + 1) else {
            return nil
        }
        guard split.darkPixels * 2 >= split.total else { return dark }
        return dark.withUnsafePix { pixInvert($0, $0) } != nil ? dark : nil
    }

    /// Tesseract's split of this 8-bit page (`binarizedAsTesseractWould`): the grey level at and under
    /// which its pixels are dark, the share of the pixels that are (Tesseract takes the smaller side for
    /// ink), and the median level of those over it (the paper, on a page of dark print); counting only
    /// the pixels outside the set pixels of `mask` (1-bit, the same size) when one is given. Nil for
    /// another depth, a colormap, or a page of one level.
    package func tesseractSplit(outside mask: PixImage? = nil) -> (level: Int, darkShare: Double, paper: Int)? {
        let counts: [Int]
        if let mask {
            guard depth == 8, withUnsafePix({ pixGetColormap($0) }) == nil,
                  mask.depth == 1, mask.width == width, mask.height == height, let outside = mask.inverted(),
                  let histogram = greyHistogram(under: outside, x: 0, y: 0), histogram.count == 256
            else { return nil }
            counts = (0..<256).map { Int(histogram[$0]) }
        } else {
            guard let all = plainGreyCounts() else { return nil }
            counts = all
        }
        guard let split = Self.otsuSplit(counts) else { return nil }
        let over = counts[(split.level + 1)...]
        var half = over.reduce(0, +) / 2
        let paper = over.indices.first { half -= over[$0]; return half < 0 } ?? 255
        return (split.level, Double(split.darkPixels) / Double(max(1, split.total)), paper)
    }

    /// How many pixels of this plain 8-bit grey image (no colormap) have each of the 256 levels; nil for
    /// another image or when Leptonica gives no pixels.
    private func plainGreyCounts() -> [Int]? {
        guard depth == 8, withUnsafePix({ pixGetColormap($0) }) == nil else { return nil }
        var counts = [UInt32](repeating: 0, count: 256)
        let counted = withUnsafePix { pix in
            guard let data = pixGetData(pix) else { return false }
            counts.withUnsafeMutableBufferPointer {
                docscan_grey_histogram(data, pixGetWidth(pix), pixGetHeight(pix), pixGetWpl(pix), $0.baseAddress)
            }
            return true
        }
        return counted ? counts.map(Int.init) : nil
    }

    /// Otsu's split of `counts` (256 levels) as Tesseract computes it: the level `t` that first reaches the
    /// greatest between-class variance of levels ≤ t against levels > t, with how many pixels are at or
    /// under it; nil when every pixel has one level.
    static func otsuSplit(_ counts: [Int]) -> (level: Int, darkPixels: Int, total: Int)? {
        var total = 0
        var sumAll = 0.0
        for (level, count) in counts.enumerated() {
            total += count
            sumAll += Double(level) * Double(count)
        }
        var best: (level: Int, darkPixels: Int, variance: Double)?
        var darkPixels = 0
        var darkSum = 0.0
        for level in 0..<(counts.count - 1) {
            darkPixels += counts[level]
            darkSum += Double(level) * Double(counts[level])
            if darkPixels == 0 { continue }
            let lightPixels = total - darkPixels
            if lightPixels == 0 { break }
            let gap = (sumAll - darkSum) / Double(lightPixels) - darkSum / Double(darkPixels)
            let variance = gap * (gap * Double(darkPixels) * Double(lightPixels))
            if variance > best?.variance ?? -1 { best = (level, darkPixels, variance) }
        }
        guard let best, best.darkPixels != 0, best.darkPixels != total else { return nil }
        return (best.level, best.darkPixels, total)
    }
}
