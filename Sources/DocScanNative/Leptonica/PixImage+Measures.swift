internal import CImageKernels
internal import CLeptonica

/// Measurements of an image; none changes it.
extension PixImage {
    /// The grey level that best splits an 8-bit image into a darker and a lighter population (Otsu's
    /// criterion, taking the lowest level whose score is within `scoreFraction` of the best), sampling
    /// every `sampling`th pixel; nil when Leptonica finds no split.
    ///
    /// Leptonica's `pixSplitDistributionFgBg` with the histogram counted here: it takes the same pixels
    /// (`pixScaleBySampling`) but adds them up in floats, one dependent add after another, which took
    /// 2.5 ms of the split's 3.4 on an A4 page at 200 dpi; the split is the same (tested). The counts here
    /// are exact; Leptonica's float tally stops growing at 2²⁴ pixels of one level, far more than a page
    /// at the working size holds.
    package func foregroundBackgroundSplit(scoreFraction: Float, sampling: Int) -> Int? {
        guard let counts = sampledLevelCounts(factor: sampling) else {
            var split: Int32 = 0
            let status = withUnsafePix { pixSplitDistributionFgBg($0, scoreFraction, Int32(sampling), &split, nil, nil, nil) }
            return status == 0 ? Int(split) : nil
        }
        guard let histogram = Histogram(counts: counts) else { return nil }
        return histogram.split(scoreFraction: scoreFraction)
    }

    /// The split of `foregroundBackgroundSplit(scoreFraction: 0.1, sampling: 2)`, the one `darkPixels()`
    /// thresholds at, measured once per image: the rule eraser asks for it again on the same page.
    package func printSplit() -> Int? {
        if let known = printSplitMemo { return known }
        let split = foregroundBackgroundSplit(scoreFraction: 0.1, sampling: 2)
        printSplitMemo = .some(split)
        return split
    }

    /// How many pixels of an 8-bit image have each grey level, sampling every `sampling`th pixel in
    /// both directions (the pixels `pixGetGrayHistogram` takes).
    package func greyHistogram(sampling: Int) -> Histogram? {
        if let counts = levelCounts(sampling: sampling) { return Histogram(counts: counts) }
        return Histogram(taking: withUnsafePix { pixGetGrayHistogram($0, Int32(sampling)) })
    }

    /// Pixels per grey level of an 8-bit image without a colour map, taking every `sampling`th pixel of
    /// every `sampling`th row from the first; nil for other images.
    func levelCounts(sampling: Int) -> [Int]? {
        guard sampling >= 1 else { return nil }
        if let known = sampledCountsMemo, known.sampling == sampling { return known.counts }
        let counts = levelCounts(rows: Array(stride(from: 0, to: height, by: sampling)), columns: .every(sampling))
        if let counts { sampledCountsMemo = (sampling, counts) }
        return counts
    }

    /// Pixels per grey level of the copy `pixScaleBySampling` makes of an 8-bit image without a colour
    /// map at 1 / `factor` (what `pixSplitDistributionFgBg` counts), counted in place: the same rows and
    /// columns, by Leptonica's float arithmetic, without making the copy. Nil for other images.
    func sampledLevelCounts(factor: Int) -> [Int]? {
        guard factor > 1 else { return levelCounts(sampling: 1) }
        let scale = Float(1 / Double(factor))
        func taken(_ length: Int) -> [Int] {
            let sampled = Int(Double(scale * Float(length)) + 0.5)
            guard sampled > 0 else { return [] }
            let ratio = Float(length) / Float(sampled)
            return (0..<sampled).map { min(Int(Double(ratio * Float($0)) + 0.5), length - 1) }
        }
        let rows = taken(height), columns = taken(width)
        let regular = columns.elementsEqual(stride(from: 0, to: width, by: factor))
        // Every `factor`th row and column (a page of even sides, halved): the pixels `levelCounts(sampling:)`
        // takes, which the tone measures count on the same page.
        if regular, rows.elementsEqual(stride(from: 0, to: height, by: factor)) { return levelCounts(sampling: factor) }
        return levelCounts(rows: rows, columns: regular ? .every(factor) : .listed(columns))
    }

    /// Which pixels of each row a count takes.
    enum CountedColumns {
        /// Every `n`th from the first.
        case every(Int)
        /// These.
        case listed([Int])
    }

    /// Pixels per grey level of an 8-bit image without a colour map over `rows` (each counted as often
    /// as listed) and `columns`; nil for other images.
    func levelCounts(rows: [Int], columns: CountedColumns) -> [Int]? {
        guard depth == 8 else { return nil }
        var counts = [UInt32](repeating: 0, count: 256)
        let counted = withUnsafePix { pix -> Bool in
            guard pixGetColormap(pix) == nil, let data = pixGetData(pix) else { return false }
            let rowList = rows.map { Int32(truncatingIfNeeded: $0) }
            return counts.withUnsafeMutableBufferPointer { counts in
                switch columns {
                case .every(let step):
                    docscan_level_counts(data, pixGetWidth(pix), pixGetWpl(pix), rowList, Int32(rowList.count),
                                         Int32(max(1, step)), nil, 0, counts.baseAddress)
                case .listed(let xs):
                    let columnList = xs.map { Int32(truncatingIfNeeded: $0) }
                    docscan_level_counts(data, pixGetWidth(pix), pixGetWpl(pix), rowList, Int32(rowList.count),
                                         1, columnList, Int32(columnList.count), counts.baseAddress)
                }
                return true
            }
        }
        return counted ? counts.map(Int.init) : nil
    }

    /// The value of the pixel at (`x`, `y`); nil when Leptonica cannot read it.
    package func pixel(x: Int, y: Int) -> UInt32? {
        var value: UInt32 = 0
        guard withUnsafePix({ pixGetPixel($0, Int32(x), Int32(y), &value) }) == 0 else { return nil }
        return value
    }

    /// The skew of the text lines of a 1-bit image, in degrees (positive: clockwise), and Leptonica's
    /// confidence in it: a sweep over ±`sweepRange`° in steps of `sweepDelta`° on a copy reduced by
    /// `sweepReduction`, then a binary search down to `minimumSearchDelta`° on one reduced by
    /// `searchReduction`. Nil when Leptonica cannot measure it (an empty image, a reduction it does not
    /// make).
    ///
    /// `gain` is how much better the lines line up at that angle than as the image is: Leptonica's
    /// score (the differential square sum of the row sums) at the angle over its score unturned, on the
    /// same reduced copy. Leptonica's confidence compares the peak with angles 1° either side of it
    /// only, which a sparse page of tall glyphs (Chinese) does not pass even when far skewed.
    ///
    /// `unturned` is that score of the image as it is, to compare the lines' alignment across images of
    /// the same print (a copy turned first: `PrintSkew.steep`).
    ///
    /// Angle, confidence and score are `pixFindSkewSweepAndSearchScore`'s to the last bit; the reduced
    /// copies are Leptonica's, the scores CImageKernels' (`docscan_skew_sweep_search`). Leptonica shears
    /// and counts the whole copy at each of its 46 angles, which was a sixth of a flat page's clean-up.
    package func skew(
        sweepReduction: Int, searchReduction: Int, sweepRange: Float, sweepDelta: Float, minimumSearchDelta: Float
    ) -> (angle: Float, confidence: Float, gain: Float, unturned: Float)? {
        // Leptonica's reductions by rank (a reduced pixel is set when any of its 4 is, at rank 1; 2 of them,
        // at rank 2): the search copy from this image, the sweep copy from the search copy.
        func reduced(_ image: PixImage, by factor: Int, levels: [Int: (Int32, Int32, Int32)]) -> PixImage? {
            guard factor != 1 else { return image }
            guard let level = levels[factor] else { return nil }
            return PixImage(taking: image.withUnsafePix { pixReduceRankBinaryCascade($0, level.0, level.1, level.2, 0) })
        }
        guard depth == 1, searchReduction >= 1, sweepReduction % searchReduction == 0,
              let search = reduced(self, by: searchReduction, levels: [2: (1, 0, 0), 4: (1, 1, 0), 8: (1, 1, 2)]),
              let sweep = reduced(search, by: sweepReduction / searchReduction, levels: [2: (1, 0, 0), 4: (1, 2, 0), 8: (1, 2, 2)]),
              search.width > 0, search.height > 0, sweep.height <= search.height
        else { return nil }
        var angle: Float = 0, confidence: Float = 0, score: Float = 0, unturned: Float = 0
        let status: Int32
        if search.width <= 65_535 {
            // Filled by the kernel before it is read: column 0 zeroed, each next column from the last.
            let words = search.width / 32 + 1
            let prefixCount = max((sweep.width + 1) * sweep.height, (words + 1) * search.height)
            var prefix = [UInt16](unsafeUninitializedCapacity: prefixCount) { _, count in count = prefixCount }
            var columnWords = [UInt32](repeating: 0, count: max(sweep.height, words * search.height))
            var rows = [Int32](repeating: 0, count: search.height)
            status = search.withUnsafePix { searchPix in
                sweep.withUnsafePix { sweepPix -> Int32 in
                    guard let searchData = pixGetData(searchPix), let sweepData = pixGetData(sweepPix) else { return -1 }
                    return docscan_skew_sweep_search(
                        searchData, Int32(search.width), Int32(search.height), pixGetWpl(searchPix),
                        sweepData, Int32(sweep.width), Int32(sweep.height), pixGetWpl(sweepPix),
                        sweepRange, sweepDelta, minimumSearchDelta, &prefix, &columnWords, &rows,
                        &angle, &confidence, &score, &unturned)
                }
            }
        } else {
            // Wider than the kernel's 16-bit counts: Leptonica's own sweep, shearing the copy per angle.
            let (swept, measured) = search.withUnsafePix { pix in
                (pixFindSkewSweepAndSearchScore(
                    pix, &angle, &confidence, &score, Int32(sweepReduction / searchReduction), 1, 0, sweepRange,
                    sweepDelta, minimumSearchDelta),
                 pixFindDifferentialSquareSum(pix, &unturned))
            }
            status = measured == 0 ? swept : 1
        }
        guard status == 0 else { return nil }
        let gain: Float = unturned > 0 ? score / unturned : 0
        return (angle, confidence, gain, unturned)
    }

    /// The darkest and lightest values of an image, sampling every `sampling`th pixel; for colour, of
    /// the channels' average. Nil when Leptonica cannot measure them.
    package func valueRange(sampling: Int) -> (min: Int, max: Int)? {
        var darkest: Int32 = 0, lightest: Int32 = 0
        guard withUnsafePix({ pixGetRangeValues($0, Int32(sampling), Int32(L_SELECT_AVERAGE), &darkest, &lightest) }) == 0 else {
            return nil
        }
        return (Int(darkest), Int(lightest))
    }
}

extension PixImage {
    /// The grey levels of an 8-bit image, row by row (`width × height` samples); nil for another depth.
    ///
    /// Leptonica packs four 8-bit pixels into each 32-bit word, the first pixel in the word's most
    /// significant byte, whatever the machine's byte order.
    package func greySamples() -> [UInt8]? {
        guard depth == 8 else { return nil }
        return withUnsafePix { pix -> [UInt8]? in
            guard let data = pixGetData(pix) else { return nil }
            let width = self.width, height = self.height, wordsPerLine = Int(pixGetWpl(pix))
            var samples = [UInt8](repeating: 0, count: width * height)
            samples.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = data + y * wordsPerLine
                    for x in 0..<width {
                        out[y * width + x] = UInt8(truncatingIfNeeded: row[x >> 2] >> (24 - 8 * UInt32(x & 3)))
                    }
                }
            }
            return samples
        }
    }

    /// The share of an 8-bit page covered by solid dark areas: pixels darker than the page's Otsu split
    /// whose whole 4×4 cell is dark, left after an opening by a `brick`×`brick` square of cells (so text
    /// strokes and rules go, banners and dark boxes stay). Nil when Leptonica cannot measure it.
    package func solidDarkShare(brick: Int) -> Double? {
        guard let solid = solidDarkCells(brick: brick), let count = solid.setPixelCount, solid.width > 0, solid.height > 0
        else { return nil }
        return Double(count) / Double(solid.width * solid.height)
    }

    /// The solid dark areas of `darkPixels()` at a quarter of the size: cells of 4×4 pixels, each set
    /// when all its pixels are dark, kept where a `brick`×`brick` square of set cells fits.
    func solidDarkCells(brick: Int) -> PixImage? {
        guard let dark = darkPixels(),
              let cells = PixImage(taking: dark.withUnsafePix({ pixReduceRankBinaryCascade($0, 4, 4, 0, 0) }))
        else { return nil }
        return PixImage(taking: cells.withUnsafePix({ pixOpenBrick(nil, $0, Int32(brick), Int32(brick)) }))
    }

    /// The regions of `darkPixels()` (8-connected) that hold a solid dark area (`solidDarkCells`): a
    /// band or box of ink with whatever is joined to it, at full size; nil when it cannot be measured.
    package func solidDarkRegions(brick: Int) -> PixImage? {
        guard let dark = darkPixels(), let solid = solidDarkCells(brick: brick),
              let seed = solid.enlarged(by: 4),
              // The cells fall short of the page's size by up to 3 px; Leptonica's fill wants equal sizes.
              let sized = PixImage(taking: seed.withUnsafePix { s in dark.withUnsafePix { pixResizeToMatch(s, $0, 0, 0) } }),
              let inside = sized.intersection(with: dark)
        else { return nil }
        return PixImage(taking: inside.withUnsafePix { s in dark.withUnsafePix { pixSeedfillBinary(nil, s, $0, 8) } })
    }

    /// The grey levels of this 8-bit image under the set pixels of `mask`, whose top-left corner lies at
    /// `x`, `y`; nil when Leptonica cannot count them.
    package func greyHistogram(under mask: PixImage, x: Int, y: Int) -> Histogram? {
        Histogram(taking: withUnsafePix { pix in mask.withUnsafePix { pixGetGrayHistogramMasked(pix, $0, Int32(x), Int32(y), 1) } })
    }
}
