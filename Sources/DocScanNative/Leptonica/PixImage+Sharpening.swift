internal import CImageKernels
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
