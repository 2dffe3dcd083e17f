internal import CImageKernels
internal import CLeptonica

extension PixImage {
    /// An 8-bit image scaled by a factor from 0.7 to 1.4 as Leptonica's `pixScale` scales it, linear
    /// interpolation and then an unsharp mask (a 5×5 box, 0.4 of the high-pass added back), with two
    /// differences. The interpolation keeps the pixel centres in place (`scaledCentred`), so that scaling
    /// and a quarter turn can be done in either order: fast mode scales a 300-dpi scan by 0.713 before
    /// its orientation is known, and with `pixScaleGrayLI`, whose samples start at the top-left corner,
    /// a page OSD turned upright came out a fraction of a pixel apart from the same page scanned upright
    /// and read differently (eval/public's Chinese page turned a quarter: CER 0.033 against 0.006). Over
    /// the eval sets, Fixtures and the photo stress sets (414 page-runs) the change moved 136 page-runs
    /// both ways, by 0.0004 on average, as any shift of the pixels does. And the mask is computed in place
    /// over a ring of five rows: Leptonica's holds a float copy of the whole scaled page and a second
    /// 8-bit one, 22 MB for fast mode's 2,500-pixel working copy of a 300-dpi A4 scan, the largest
    /// allocation of a worker reading it. Nil when Leptonica fails.
    func scaledAndSharpenedInPlace(by factor: Double) -> PixImage? {
        guard let scaled = scaledCentred(by: Float(factor)) else { return nil }
        scaled.sharpenInPlace(fraction: 0.4)
        return scaled
    }

    /// This 8-bit image scaled by linear interpolation with its pixel centres kept in place
    /// (`docscan_scale_grey_centred`), to Leptonica's size for the factor.
    func scaledCentred(by factor: Float) -> PixImage? {
        let width = Int(docscan_area_map_length(Int32(self.width), factor))
        let height = Int(docscan_area_map_length(Int32(self.height), factor))
        var columns = [Int32](repeating: 0, count: 2 * width)
        let sourceBytes = 4 * ((self.width + 3) / 4), targetBytes = 4 * ((width + 3) / 4)
        var rows = [UInt8](repeating: 0, count: 2 * sourceBytes + targetBytes)
        let output = kernelImage(width: width, height: height, depth: 8) { input, inputWidth, inputHeight, inputWords, target, targetWords in
            rows.withUnsafeMutableBufferPointer { rows in
                guard let base = rows.baseAddress else { return }
                docscan_scale_grey_centred(
                    input, inputWidth, inputHeight, inputWords, target, Int32(width), Int32(height), targetWords,
                    &columns, base, base + sourceBytes, base + 2 * sourceBytes)
            }
        }
        _ = output?.withUnsafePix { pixScaleResolution($0, factor, factor) }
        return output
    }

    /// Adds `fraction` of the high-pass (the pixel less the mean of its 5×5 box) to every pixel at least
    /// two from the border, with `pixUnsharpMaskingGray2D`'s float arithmetic so the levels come out the
    /// same (`docscan_sharpen_grey_in_place`); the border keeps its levels, as Leptonica's does.
    private func sharpenInPlace(fraction: Float) {
        guard depth == 8 else { return }
        let width = self.width
        var sums = [Float](repeating: 0, count: 5 * width)
        var lines = [UInt8](repeating: 0, count: 2 * ((width + 3) / 4 * 4))
        withUnsafePix { pix in
            guard let data = pixGetData(pix) else { return }
            sums.withUnsafeMutableBufferPointer { sums in
                lines.withUnsafeMutableBufferPointer { lines in
                    docscan_sharpen_grey_in_place(
                        data, Int32(width), pixGetHeight(pix), pixGetWpl(pix), fraction, sums.baseAddress, lines.baseAddress)
                }
            }
        }
    }
}
