internal import CImageKernels
internal import CLeptonica
import DocScanCore
import Foundation

/// New images derived from this one by geometry; each returns a fresh owner and leaves `self` untouched.
extension PixImage {
    /// Turned clockwise by `quarterTurns` × 90°.
    package func rotated(quarterTurns: Int) -> PixImage? {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        return PixImage(taking: withUnsafePix { pixRotateOrth($0, Int32(turns)) })
    }

    /// Turned by `degrees` (positive: clockwise) with area mapping, bringing in white at the corners
    /// (or the grey level `fill`, for an 8-bit image); the output keeps the input's size.
    package func rotated(degrees: Double, fill: UInt8 = 255) -> PixImage? {
        let radians = Float(degrees * .pi / 180)
        if depth == 8, withUnsafePix({ pixGetColormap($0) == nil }) {
            return PixImage(taking: withUnsafePix { pixRotateAMGray($0, radians, fill) })
        }
        return PixImage(taking: withUnsafePix { pixRotate($0, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0) })
    }

    /// A copy grown by the given numbers of pixels on each side, the new pixels set to `fill` (a grey
    /// level for an 8-bit image; 0 or 1 for a mask).
    package func padded(left: Int, top: Int, right: Int, bottom: Int, fill: UInt32) -> PixImage? {
        guard left >= 0, top >= 0, right >= 0, bottom >= 0 else { return nil }
        return PixImage(taking: withUnsafePix { pixAddBorderGeneral($0, Int32(left), Int32(right), Int32(top), Int32(bottom), fill) })
    }

    /// A 1-bit mask turned by `degrees` (positive: clockwise) about its centre, on a canvas grown to
    /// hold it whole: each set pixel moved to where the turn takes it, as the 2×2 pixels nearest
    /// (`docscan_turn_set_pixels`), its marks a pixel thicker. For measuring its lines, not for showing:
    /// Leptonica turns a 1-bit image by sampling every pixel of the canvas, 8 ms for a 1,377×1,511
    /// mask, where a page's marks are a tenth of it. Nil for another depth.
    package func turnedMarks(degrees: Double) -> PixImage? {
        guard depth == 1 else { return nil }
        let radians = degrees * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        let grownWidth = Int((Double(width) * abs(cosine) + Double(height) * abs(sine)).rounded(.up))
        let grownHeight = Int((Double(width) * abs(sine) + Double(height) * abs(cosine)).rounded(.up))
        guard let turned = PixImage(taking: pixCreate(Int32(max(1, grownWidth)), Int32(max(1, grownHeight)), 1)) else { return nil }
        let done = withUnsafePix { pix in
            turned.withUnsafePix { out -> Bool in
                guard let data = pixGetData(pix), let turnedData = pixGetData(out) else { return false }
                docscan_turn_set_pixels(
                    data, Int32(width), Int32(height), pixGetWpl(pix), turnedData, pixGetWidth(out), pixGetHeight(out),
                    pixGetWpl(out), cosine, sine)
                return true
            }
        }
        return done ? turned : nil
    }

    /// The part inside `box`, clipped to the image.
    package func cropped(to box: PageBox) -> PixImage? {
        guard let region = ClipRectangle(box) else { return nil }
        return region.withUnsafeBox { region in PixImage(taking: withUnsafePix { pixClipRectangle($0, region, nil) }) }
    }

    /// `parts` (images of this one's depth) copied onto a copy of this image, each with its top-left
    /// corner at its x offset and the top; what a part does not cover stays as it was. Parts are
    /// clipped to the image.
    package func overlaid(with parts: [(image: PixImage, x: Int)]) -> PixImage? {
        overlaid(with: parts.map { ($0.image, $0.x, 0) })
    }

    /// `parts` copied onto a copy of this image, each with its top-left corner at its x and y.
    package func overlaid(with parts: [(image: PixImage, x: Int, y: Int)]) -> PixImage? {
        guard let copy = copied() else { return nil }
        for part in parts {
            guard part.image.depth == depth else { return nil }
            let status = copy.withUnsafePix { target in
                part.image.withUnsafePix { source in
                    pixRasterop(target, Int32(part.x), Int32(part.y), pixGetWidth(source), pixGetHeight(source), PIX_SRC, source, 0, 0)
                }
            }
            guard status == 0 else { return nil }
        }
        return copy
    }

    /// `images` (all of one depth) side by side, left to right, tops aligned, on white; nil for none.
    package static func sideBySide(_ images: [PixImage]) -> PixImage? {
        guard let first = images.first, images.allSatisfy({ $0.depth == first.depth }) else { return nil }
        let width = images.reduce(0) { $0 + $1.width }, height = images.map(\.height).max() ?? 0
        guard let canvas = PixImage(taking: pixCreate(Int32(width), Int32(height), Int32(first.depth))) else { return nil }
        _ = canvas.withUnsafePix { pixSetAll($0) }
        var x = 0
        var parts: [(image: PixImage, x: Int)] = []
        for image in images {
            parts.append((image, x))
            x += image.width
        }
        return canvas.overlaid(with: parts)
    }

    /// Mirrored left to right.
    package func mirrored() -> PixImage? {
        PixImage(taking: withUnsafePix { pixFlipLR(nil, $0) })
    }

    /// Scaled by `factor`: area averaging for strong reductions (under 0.7) so text stays legible,
    /// Leptonica's interpolating scale with sharpening otherwise (for a grey page computed in less memory,
    /// `scaledAndSharpenedInPlace`).
    ///
    /// Scaling without the sharpening (linear interpolation or area averaging alone) was measured and not
    /// taken: fast mode's mean CER on ../shared/eval/real went 0.033 → 0.042 (a table photo 0.064 → 0.111)
    /// and a low-contrast Chinese page 0.035 → 0.045, though the other Chinese pages read better.
    package func scaled(by factor: Double) -> PixImage? {
        // Leptonica compares the factor as a float: 0.7 is just under 0.7 and scaled by area.
        let depth = self.depth, leptonicaFactor = Double(Float(factor))
        if depth == 8, leptonicaFactor >= 0.7, leptonicaFactor < 1.4, leptonicaFactor != 1,
           withUnsafePix({ pixGetColormap($0) }) == nil {
            return scaledAndSharpenedInPlace(by: factor)
        }
        if depth == 8, factor < 0.7, leptonicaFactor >= 0.02, ![0.5, 0.25, 0.125, 0.0625].contains(leptonicaFactor),
           withUnsafePix({ pixGetColormap($0) }) == nil {
            return areaMapped(by: Float(factor))
        }
        return PixImage(taking: withUnsafePix { pix in
            factor < 0.7 && depth > 1
                ? pixScaleAreaMap(pix, Float(factor), Float(factor))
                : pixScale(pix, Float(factor), Float(factor))
        })
    }

    /// Leptonica's `pixScaleAreaMap` of a grey image without a colour map, for a factor from 0.02 to
    /// under 0.7 other than its powers of two, level for level (`docscan_area_map_grey`), in 55–70% of
    /// the time (an 8-megapixel photo reduced to 1,600, 800 and 640 px): the page finders reduce each
    /// photo three times.
    private func areaMapped(by factor: Float) -> PixImage? {
        let width = Int(docscan_area_map_length(Int32(self.width), factor))
        let height = Int(docscan_area_map_length(Int32(self.height), factor))
        var prefix = [Int64](repeating: 0, count: self.width + 1), columns = [Int32](repeating: 0, count: 5 * width)
        let output = kernelImage(width: width, height: height, depth: 8) { input, inputWidth, inputHeight, inputWords, target, targetWords in
            var middle = [Int32](repeating: 0, count: 4 * Int(inputWords))
            docscan_area_map_grey(
                input, inputWidth, inputHeight, inputWords, target, Int32(width), Int32(height), targetWords, &middle, &prefix, &columns)
        }
        _ = output?.withUnsafePix { pixScaleResolution($0, factor, factor) }
        return output
    }

    /// A `width` × `height` image from this grey one (8-bit, no colour map) through the projective
    /// transform that takes the points of `source` to those of `target`, filling what comes from outside
    /// with `fill`; nil for another depth.
    ///
    /// Level for level Leptonica's `pixProjectivePtaGray` (`docscan_projective_grey`), whose output has
    /// the input's size: warping a sheet out of a photo computed the whole frame and cropped the sheet
    /// from it, 130 ms of a 12-megapixel photo's clean-up.
    package func warped(from source: PointArray, to target: PointArray, width: Int, height: Int, fill: UInt8) -> PixImage? {
        // Leptonica's coefficients take each output point back to the input: target to source.
        var coefficients: UnsafeMutablePointer<Float>?
        let fitted = source.withUnsafePoints { source in
            target.withUnsafePoints { target in getProjectiveXformCoeffs(target, source, &coefficients) == 0 }
        }
        defer { lept_free(coefficients) }
        guard fitted, let coefficients else { return nil }
        return kernelImage(width: width, height: height, depth: 8) { input, inputWidth, inputHeight, inputWords, target, targetWords in
            docscan_projective_grey(input, inputWidth, inputHeight, inputWords, target, Int32(width), Int32(height), targetWords, coefficients, fill)
        }
    }

    /// A `width` × `height` 8-bit image sampled from this one (8-bit, no colour map) along a smooth map:
    /// `map` holds, for every `step`-th pixel both ways (`(width − 1) / step + 2` columns by
    /// `(height − 1) / step + 2` rows of nodes, row by row), the point of this image it comes from;
    /// between nodes the map is interpolated. Leptonica warps only by a formula (projective, bilinear),
    /// not by a map, which a curved sheet needs. Pixels mapped outside take `fill`; nil for another
    /// depth or a map of the wrong size.
    package func remapped(width: Int, height: Int, step: Int, map: [(x: Float, y: Float)], fill: UInt8) -> PixImage? {
        guard step > 0 else { return nil }
        let columns = (width - 1) / step + 2, rows = (height - 1) / step + 2
        guard map.count == columns * rows else { return nil }
        let gridX = map.map(\.x), gridY = map.map(\.y)
        return kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_remap_grey(
                source, sourceWidth, sourceHeight, sourceWords, target, Int32(width), Int32(height), targetWords,
                gridX, gridY, Int32(columns), Int32(rows), Int32(step), fill)
        }
    }

    /// A new `width` × `height` image of `depth` bits (8 or 1) and this one's resolution, its pixels
    /// written by `kernel` (a CImageKernels loop) from this image's: it is handed this image's data,
    /// width, height and words per line, then the new image's data and words per line, both in
    /// Leptonica's layout, the new image zeroed. Nil unless this image has `sourceDepth` bits (by
    /// default `depth`), no colour map, and the size is positive.
    func kernelImage(
        width: Int, height: Int, depth: Int, from sourceDepth: Int? = nil,
        filledBy kernel: (
            _ source: UnsafeMutablePointer<UInt32>, _ sourceWidth: Int32, _ sourceHeight: Int32, _ sourceWords: Int32,
            _ target: UnsafeMutablePointer<UInt32>, _ targetWords: Int32
        ) -> Void
    ) -> PixImage? {
        guard self.depth == sourceDepth ?? depth, width > 0, height > 0,
              let output = PixImage(taking: pixCreate(Int32(width), Int32(height), Int32(depth)))
        else { return nil }
        let done = withUnsafePix { source -> Bool in
            guard pixGetColormap(source) == nil, let sourceData = pixGetData(source) else { return false }
            return output.withUnsafePix { target -> Bool in
                guard let targetData = pixGetData(target) else { return false }
                pixCopyResolution(target, source)
                kernel(sourceData, pixGetWidth(source), pixGetHeight(source), pixGetWpl(source), targetData, pixGetWpl(target))
                return true
            }
        }
        return done ? output : nil
    }
}
