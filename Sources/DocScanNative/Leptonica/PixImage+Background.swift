internal import CImageKernels
internal import CLeptonica

/// A grey page's paper, mapped and divided out: Leptonica's background normalization, level for level,
/// with its two pixel loops in CImageKernels.
///
/// Every page of a photo is normalized two to four times (its background step, the check for print cut
/// off by the sheet's sides, the curl step's adaptive threshold, orientation's look at a shaded page),
/// and on photos these loops were a sixth of the clean-up's CPU: `pixGetBackgroundGrayMap` branches on
/// every bit of its mask, and `pixApplyInvBackgroundGrayMap` reads each tile's factor with
/// `pixGetPixel`. The steps between (the threshold, the mask's dilation, filling the map's holes,
/// inverting and smoothing it) are still Leptonica's own calls.
extension PixImage {
    /// Leptonica's map of an 8-bit page's background: one pixel per tile of `tileWidth`×`tileHeight`,
    /// the mean of the tile's pixels not darker than `foregroundThreshold` nor within 3 px of one, for
    /// tiles with at least `minimumCount` of them (the others filled from their neighbours); what
    /// `pixGetBackgroundGrayMap` gives without an image mask. Nil when Leptonica would make none (no
    /// tile with enough background, tiles under 4 px, a colour map).
    package func backgroundGreyMap(tileWidth: Int, tileHeight: Int, foregroundThreshold: Int, minimumCount: Int) -> PixImage? {
        guard depth == 8, tileWidth >= 4, tileHeight >= 4, withUnsafePix({ pixGetColormap($0) }) == nil else { return nil }
        // Leptonica lowers a count its tiles cannot reach.
        let minimumCount = minimumCount > tileWidth * tileHeight ? tileWidth * tileHeight / 3 : minimumCount
        guard let print = thresholdedToBinary(foregroundThreshold),
              let mask = PixImage(taking: print.withUnsafePix { pixMorphSequence($0, "d7.1 + d1.7", 0) })
        else { return nil }
        let columns = width / tileWidth, rows = height / tileHeight
        let scratch = 32 * ((columns * tileWidth + 31) / 32)
        var sums = [Int32](repeating: 0, count: scratch), counts = sums
        let filled = kernelImage(
            width: (width + tileWidth - 1) / tileWidth, height: (height + tileHeight - 1) / tileHeight, depth: 8
        ) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            mask.withUnsafePix { bits in
                guard let bitData = pixGetData(bits) else { return }
                docscan_background_tiles(
                    source, sourceWidth, sourceHeight, sourceWords, bitData, pixGetWpl(bits),
                    Int32(tileWidth), Int32(tileHeight), Int32(minimumCount), target, targetWords, &sums, &counts)
            }
        }
        guard let map = filled, map.withUnsafePix({ pixFillMapHoles($0, Int32(columns), Int32(rows), Int32(L_FILL_BLACK)) }) == 0
        else { return nil }
        return map
    }

    /// This 8-bit page multiplied by `inverse`, Leptonica's inverse background map (16-bit, a factor per
    /// tile of `tileWidth`×`tileHeight`, 256 for 1), each level at most 255; what
    /// `pixApplyInvBackgroundGrayMap` gives. Nil for another depth or map.
    private func dividedOut(by inverse: PixImage, tileWidth: Int, tileHeight: Int) -> PixImage? {
        guard inverse.depth == 16, tileWidth > 0, tileHeight > 0 else { return nil }
        var factors = [UInt32](repeating: 0, count: 4 * ((width + 3) / 4))
        var applied = false
        let output = kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            inverse.withUnsafePix { map in
                guard let mapData = pixGetData(map), 4 * Int(sourceWords) == factors.count else { return }
                docscan_apply_inverse_map(
                    source, sourceWidth, sourceHeight, sourceWords, mapData, pixGetWidth(map), pixGetHeight(map), pixGetWpl(map),
                    Int32(tileWidth), Int32(tileHeight), target, targetWords, &factors)
                applied = true
            }
        }
        return applied ? output : nil
    }

    /// The page divided by a smooth map of its paper, which is brought to 200: Leptonica's
    /// `pixBackgroundNormSimple` settings (tiles of 10×15, at least 40 background pixels a tile,
    /// smoothing 2×1), with the foreground threshold given. Like Leptonica's `pixBackgroundNorm`, a
    /// page it cannot map is returned as it is (a copy); one of another depth goes to Leptonica whole.
    package func backgroundNormalized(foregroundThreshold: Int) -> PixImage? {
        guard depth == 8, withUnsafePix({ pixGetColormap($0) }) == nil else {
            return PixImage(taking: withUnsafePix { pixBackgroundNorm($0, nil, nil, 10, 15, Int32(foregroundThreshold), 40, 200, 2, 1) })
        }
        guard let map = backgroundGreyMap(tileWidth: 10, tileHeight: 15, foregroundThreshold: foregroundThreshold, minimumCount: 40),
              let inverse = PixImage(taking: map.withUnsafePix { pixGetInvBackgroundMap($0, 200, 2, 1) })
        else { return copied() }
        return dividedOut(by: inverse, tileWidth: 10, tileHeight: 15)
    }

    /// `backgroundNormalized(foregroundThreshold:)` that keeps printed bands dark: areas of the paper
    /// map (tiles of 10×15 px) at least `bandAspect` times as wide as tall and at most `bandHeight` px
    /// tall, darker than `bandDepth` times the paper around them and not touching the page's edge, are
    /// filled from that paper. Leptonica's map follows a shaded band (a table's header, a section's
    /// bar, grey 100–130 in a photo, above its foreground level of 60) and brightens it tile by tile to
    /// the paper's level, so the white print in it is lost. Nil for a page it cannot map.
    package func backgroundNormalized(
        foregroundThreshold: Int, bandHeight: Int, bandAspect: Int, bandDepth: Float
    ) -> PixImage? {
        guard let map = backgroundGreyMap(tileWidth: 10, tileHeight: 15, foregroundThreshold: foregroundThreshold, minimumCount: 40)
        else { return nil }
        // The paper around: the map closed over more than a band's height, in tiles (odd sizes).
        let down = Int32(max(3, bandHeight / 15) | 1), across = Int32(max(3, bandHeight / 10) | 1)
        guard let paper = PixImage(taking: map.withUnsafePix { pixCloseGray($0, across, down) }),
              let deep = paper.copied()
        else { return nil }
        _ = deep.withUnsafePix { pixMultConstantGray($0, bandDepth) }
        guard let below = PixImage(taking: deep.withUnsafePix { d in map.withUnsafePix { pixSubtractGray(nil, d, $0) } }),
              let notBelow = below.thresholdedToBinary(1),
              let dark = PixImage(taking: notBelow.withUnsafePix { pixInvert(nil, $0) }),
              let enclosed = PixImage(taking: dark.withUnsafePix { pixRemoveBorderConnComps($0, 8) }),
              let regions = ConnectedComponents(of: enclosed, connectivity: 8),
              let bands = PixImage(taking: enclosed.withUnsafePix { pixCreateTemplate($0) })
        else { return nil }
        var found = false
        for index in 0..<regions.count {
            let frame = regions.frame(at: index)
            let width = frame.width * 10, height = frame.height * 15
            guard width >= bandAspect * height, height <= bandHeight + 30,
                  let region = regions.image(at: index), (region.setPixelCount ?? 0) * 2 >= frame.width * frame.height
            else { continue }
            _ = bands.withUnsafePix { b in
                region.withUnsafePix {
                    pixRasterop(b, Int32(frame.x), Int32(frame.y), Int32(frame.width), Int32(frame.height), PIX_PAINT, $0, 0, 0)
                }
            }
            found = true
        }
        if found {
            _ = map.withUnsafePix { m in paper.withUnsafePix { p in bands.withUnsafePix { pixCombineMasked(m, p, $0) } } }
        }
        guard let inverse = PixImage(taking: map.withUnsafePix { pixGetInvBackgroundMap($0, 200, 2, 1) }) else { return nil }
        return dividedOut(by: inverse, tileWidth: 10, tileHeight: 15)
    }

    /// Leptonica's adaptive threshold of an 8-bit page, what `pixAdaptThresholdToBinary` (gamma 1) gives:
    /// the background normalized (`backgroundNormalized(foregroundThreshold: 60)`), its levels stretched
    /// from 50–170 to 0–255, then pixels darker than 200 set. Nil for another depth.
    package func adaptivelyThresholded() -> PixImage? {
        guard depth == 8, let normalized = backgroundNormalized(foregroundThreshold: 60) else { return nil }
        _ = normalized.withUnsafePix { pixGammaTRC($0, $0, 1.0, 50, 170) }
        return normalized.thresholdedToBinary(200)
    }
}
