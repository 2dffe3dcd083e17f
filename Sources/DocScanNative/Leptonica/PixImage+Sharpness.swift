internal import CImageKernels
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
        directionalSteepness(rowStep: rowStep).map { max($0.across, $0.down) }
    }

    /// `edgeSteepness` of the steps across (from each pixel's left neighbour) and down (to the pixel
    /// below) apart. Camera shake smears print one way and leaves the steps along the smear steep, so a
    /// shaken photo measures in focus by the larger (a 7-px horizontal smear: across 0.11–0.22, down
    /// 0.20–0.52).
    package func directionalSteepness(rowStep: Int = 2) -> (across: Double, down: Double)? {
        // Steps under `steepStep` counted as steps of 0 leave a percentile at or above it as it is, so
        // only a page whose steepest steps are shallower (out of focus) is counted again step by step.
        // The percentiles add up counts as floats, exact while the counts stay under 2^24.
        let counted = width * ((height + rowStep - 2) / max(1, rowStep))
        if counted < 1 << 24, let steep = steepness(rowStep: rowStep, steepFrom: Self.steepStep),
           steep.steepest >= Self.steepStep {
            return steep.value
        }
        return steepness(rowStep: rowStep, steepFrom: 0)?.value
    }

    /// The step from which `edgeSteepness` counts steps one by one: in focus, a page's steepest steps
    /// are a third of its contrast and more (eval/real's photos 0.42–0.73 of it), 50–200 levels.
    static let steepStep = 32

    /// `directionalSteepness` from counts whose steps under `steepFrom` count as 0, and the smaller of
    /// the two steepest steps found (both exact when it is at least `steepFrom`).
    private func steepness(rowStep: Int, steepFrom: Int) -> (value: (across: Double, down: Double)?, steepest: Int)? {
        guard let counts = edgeHistograms(rowStep: rowStep, steepFrom: steepFrom),
              let range = Histogram(counts: counts.levels)?.levels(reaching: [0.01, 0.90]),
              let steepest = Histogram(counts: counts.across)?.levels(reaching: [0.997]).flatMap(\.first),
              let steepestDown = Histogram(counts: counts.down)?.levels(reaching: [0.997]).flatMap(\.first)
        else { return nil }
        let contrast = Double(range[1] - range[0])
        return (contrast > 0 ? (Double(steepest) / contrast, Double(steepestDown) / contrast) : nil, min(steepest, steepestDown))
    }

    /// What `edgeSteepness` counts, over every `rowStep`th row but the last: pixels per level, and steps
    /// per size from each pixel's left neighbour (0 for a row's first) and to the pixel below, those
    /// under `steepFrom` counted as steps of 0. Nil for another depth, an image narrower or shorter than
    /// 2 pixels, or a `rowStep` under 1.
    package func edgeHistograms(rowStep: Int, steepFrom: Int = 0) -> (levels: [Int], across: [Int], down: [Int])? {
        guard depth == 8, width > 1, height > 1, rowStep >= 1 else { return nil }
        var levels = [UInt32](repeating: 0, count: 256)
        var across = [UInt32](repeating: 0, count: 256)
        var down = [UInt32](repeating: 0, count: 256)
        var rows = [UInt8](repeating: 0, count: 2 * ((width + 3) / 4 * 4))
        let counted: Bool = withUnsafePix { pix in
            guard let data = pixGetData(pix) else { return false }
            levels.withUnsafeMutableBufferPointer { levels in
                across.withUnsafeMutableBufferPointer { across in
                    down.withUnsafeMutableBufferPointer { down in
                        rows.withUnsafeMutableBufferPointer { rows in
                            docscan_edge_histograms(
                                data, Int32(width), Int32(height), pixGetWpl(pix), Int32(rowStep), Int32(steepFrom),
                                rows.baseAddress, levels.baseAddress, across.baseAddress, down.baseAddress)
                        }
                    }
                }
            }
            return true
        }
        guard counted else { return nil }
        return (levels.map(Int.init), across.map(Int.init), down.map(Int.init))
    }

    /// An 8-bit image sharpened by unsharp masking: each pixel moved away from the mean of the
    /// (2·`halfWidth` + 1)-pixel square around it by `fraction` of the difference (Leptonica's
    /// `pixUnsharpMaskingGray`). Nil for another depth or when Leptonica cannot.
    package func unsharpMasked(halfWidth: Int, fraction: Double) -> PixImage? {
        guard depth == 8, halfWidth >= 1 else { return nil }
        return PixImage(taking: withUnsafePix { pixUnsharpMaskingGray($0, Int32(halfWidth), Float(fraction)) })
    }

    /// An 8-bit image sharpened one way only: each pixel moved away from the mean of the
    /// (2·`halfWidth` + 1) pixels beside it (`across`) or above and below it (not `across`), the window
    /// cut at the image's edges, by `fraction` of the difference (`docscan_unsharp_one_way`; Leptonica's
    /// `pixUnsharpMaskingGray1D` takes half widths of 1 and 2 only). Nil for another depth.
    package func unsharpMasked(halfWidth: Int, fraction: Double, across: Bool) -> PixImage? {
        guard halfWidth >= 1 else { return nil }
        var line = [UInt8](repeating: 0, count: 2 * ((width + 3) / 4 * 4))
        var sums = [Int32](repeating: 0, count: width + 1)
        return kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_unsharp_one_way(
                source, sourceWidth, sourceHeight, sourceWords, Int32(halfWidth), Float(fraction), across ? 1 : 0,
                target, targetWords, &line, &sums)
        }
    }

    /// How long a smear along rows (`across`) or columns is, in pixels, looked for within `lengths`: the
    /// lag at which the autocorrelation of the steps between neighbouring pixels that way dips lowest
    /// (`docscan_step_autocorrelation`, every fourth line), and how low (negative). The print's lines
    /// make wide dips of their own (a magazine page smeared 7 px down dipped lowest at 14); a smear's
    /// ends are sharp, so the autocorrelation of the changes between neighbouring steps must dip there
    /// too, or a pixel either side, at least half as low as it dips anywhere within `lengths` (that
    /// page's changes: −0.02 at 14, −0.08 at 7). A smear between two lengths dips between them: Fixtures'
    /// shaken lab report, turned and saved again, dipped lowest at 7 and its changes at 6 (−0.08; at 7
    /// −0.040, just over half): sharpened across instead, it read at CER 0.26, deconvolved 0.069. Nil
    /// when there is no such dip (nor a low point that is a dip: the autocorrelation still falls beyond
    /// `lengths`), for another depth, or an image too small to measure.
    package func smearLength(across: Bool, within lengths: ClosedRange<Int>) -> (length: Int, dip: Double)? {
        guard depth == 8, lengths.lowerBound >= 2,
              let (steps, changes) = stepAutocorrelations(across: across, longest: lengths.upperBound + 1),
              let length = lengths.min(by: { steps[$0] < steps[$1] }),
              let deepest = lengths.map({ changes[$0] }).min(),
              steps[length] < 0, steps[length] <= steps[length - 1], steps[length] <= steps[length + 1],
              deepest < 0, changes[(length - 1)...(length + 1)].min() ?? 0 <= deepest / 2
        else { return nil }
        return (length, steps[length])
    }

    /// The autocorrelations of the steps between neighbouring pixels along rows (`across`) or columns,
    /// and of the changes between neighbouring steps, at lags 0...`longest`, every fourth line
    /// (`docscan_step_autocorrelation`: both from one read of each line); nil when not measured.
    func stepAutocorrelations(across: Bool, longest: Int) -> (steps: [Double], changes: [Double])? {
        var steps = [Double](repeating: 0, count: longest + 1)
        var changes = [Double](repeating: 0, count: longest + 1)
        var bytes = [UInt8](repeating: 0, count: (width + 3) / 4 * 4)
        var levels = [Float](repeating: 0, count: max(width, height))
        var stepBuffer = [Double](repeating: 0, count: max(width, height))
        var changeBuffer = [Double](repeating: 0, count: max(width, height))
        let measured = withUnsafePix { pix -> Bool in
            guard pixGetColormap(pix) == nil, let data = pixGetData(pix) else { return false }
            docscan_step_autocorrelation(
                data, Int32(width), Int32(height), pixGetWpl(pix), across ? 1 : 0, Int32(longest), 4,
                &steps, &changes, &bytes, &levels, &stepBuffer, &changeBuffer)
            return steps[0] > 0 && changes[0] > 0
        }
        return measured ? (steps, changes) : nil
    }

    /// An 8-bit image with a smear of `length` pixels along its rows (`across`) or columns taken out:
    /// `iterations` of Richardson–Lucy deconvolution against a box that long, line by line
    /// (`docscan_deconvolve_smear`). Nil for another depth.
    package func deconvolved(smear length: Int, across: Bool, iterations: Int) -> PixImage? {
        guard length >= 2, iterations >= 1 else { return nil }
        var scratch = [Float](repeating: 0, count: docscan_deconvolve_smear_scratch(Int32(width), Int32(height), Int32(length)))
        return kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_deconvolve_smear(
                source, sourceWidth, sourceHeight, sourceWords, Int32(length), Int32(iterations), across ? 1 : 0,
                target, targetWords, &scratch)
        }
    }

    /// An 8-bit image out of focus by a Gaussian of `sigma` pixels deblurred: `iterations` of
    /// Richardson–Lucy along its rows against the Gaussian's profile (three boxes, `gaussianBoxes`), then
    /// as many along its columns (`docscan_deconvolve_boxes`). A Gaussian is the product of its profiles
    /// across and down, so each way undoes its own; deconvolved both ways at once (a 2-D Richardson–Lucy,
    /// numpy trial) Fixtures' three blurred photos read no better (CER 0.030 / 0.024 against 0.023 /
    /// 0.021 one way at a time, fast / accurate) at twice the cost. The image between the two ways is
    /// 8-bit: floats there (a W × H buffer) moved single pages both ways in the trial, not the whole.
    /// Nil for another depth or a sigma under 0.5.
    package func deconvolved(blur sigma: Double, iterations: Int) -> PixImage? {
        guard sigma >= 0.5, iterations >= 1 else { return nil }
        var lengths = Self.gaussianBoxes(sigma: sigma).map(Int32.init)
        let longest = Int32(lengths.max() ?? 1)
        var scratch = [Float](repeating: 0, count: docscan_deconvolve_boxes_scratch(Int32(width), Int32(height), longest))
        let across = kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_deconvolve_boxes(
                source, sourceWidth, sourceHeight, sourceWords, &lengths, Int32(lengths.count), Int32(iterations), 1,
                target, targetWords, &scratch)
        }
        return across?.kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_deconvolve_boxes(
                source, sourceWidth, sourceHeight, sourceWords, &lengths, Int32(lengths.count), Int32(iterations), 0,
                target, targetWords, &scratch)
        }
    }

    /// The lengths of three odd boxes that, one after another, blur about as a Gaussian of `sigma` pixels
    /// does: a box n long has variance (n² − 1) / 12, and the three add up to the Gaussian's σ².
    package static func gaussianBoxes(sigma: Double) -> [Int] {
        let variance = 12 * sigma * sigma
        // The odd length just under the ideal one of three equal boxes, and how many of the three take it
        // rather than the next odd length so that their variances sum closest to σ².
        var shorter = Int((variance / 3 + 1).squareRoot())
        if shorter % 2 == 0 { shorter -= 1 }
        shorter = max(1, shorter)
        let longer = shorter + 2
        let asShort = ((variance - 3 * Double(longer * longer) + 3) / Double(shorter * shorter - longer * longer)).rounded()
        let count = min(3, max(0, Int(asShort)))
        return Array(repeating: shorter, count: count) + Array(repeating: longer, count: 3 - count)
    }
}

extension PixImage {
    /// An 8-bit image with each column x moved down by `shifts[x]` pixels (up, when negative), `height`
    /// rows tall: rows beyond the image repeat its first or last (`docscan_shear_columns`). Nothing is
    /// resampled: moved back by the opposite shifts to the image's own height, it is the image again.
    /// Nil for another depth, or shifts not one a column.
    package func shearedColumns(by shifts: [Int32], height newHeight: Int) -> PixImage? {
        guard depth == 8, shifts.count == width, newHeight >= 1 else { return nil }
        var line = [UInt8](repeating: 0, count: (width + 3) / 4 * 4)
        return kernelImage(width: width, height: newHeight, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_shear_columns(source, sourceWidth, sourceHeight, sourceWords, shifts, target, Int32(newHeight), targetWords, &line)
        }
    }
}
