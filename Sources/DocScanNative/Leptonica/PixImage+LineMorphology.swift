internal import CImageKernels
internal import CLeptonica
import DocScanCore

/// Binary morphology of a 1-bit image with a brick one pixel thick (a row or a column of hits), pixel
/// for pixel what Leptonica's `pixDilateBrick`, `pixErodeBrick`, `pixOpenBrick` and `pixCloseSafeBrick`
/// make of it, without Leptonica's one shifted copy of the image per pixel of the brick.
///
/// The text-line finder's closing with a brick of 82 pixels (a 2,480-pixel-wide page) was 164 shifted
/// copies of the page, and finding a flat letter's lines took a third of its clean-up. Along rows (the
/// finder's closings and openings), each run of set pixels is widened or narrowed by the brick
/// (`docscan_line_window_rows`); along columns (short bricks), the window is built by doubling: the OR
/// (or AND) of `n` shifted copies is that of two overlapping windows of a power of two each, and a
/// window of 2k is two of k. Pixels outside the image count as unset, as in Leptonica's default
/// (asymmetric) boundary condition, for dilation and erosion alike.
extension PixImage {
    /// The direction a line brick runs in.
    package enum LineAxis: Sendable {
        case horizontal, vertical
    }

    /// Dilated by a brick `size` pixels long along `axis`, centred as Leptonica centres it (`size / 2`).
    package func lineDilated(_ size: Int, along axis: LineAxis) -> PixImage? {
        window(along: axis, firstOffset: -(size / 2), size: size, combining: PIX_SRC | PIX_DST)
    }

    /// Eroded by a brick `size` pixels long along `axis`; pixels whose brick reaches past the image are
    /// cleared.
    package func lineEroded(_ size: Int, along axis: LineAxis) -> PixImage? {
        window(along: axis, firstOffset: size / 2 - size + 1, size: size, combining: PIX_SRC & PIX_DST)
    }

    /// Opened (eroded, then dilated) by a line brick.
    package func lineOpened(_ size: Int, along axis: LineAxis) -> PixImage? {
        lineEroded(size, along: axis)?.lineDilated(size, along: axis)
    }

    /// Closed (dilated, then eroded) by a line brick as Leptonica's safe closing does it: on a copy with
    /// an unset border wide enough that a mark near the edge is not eroded away for lack of neighbours.
    package func lineClosedSafely(_ size: Int, along axis: LineAxis) -> PixImage? {
        guard size > 1 else { return copied() }
        let border = Int32(32 * ((size / 2 + 31) / 32))
        guard let bordered = PixImage(taking: withUnsafePix { pixAddBorder($0, border, 0) }),
              let closed = bordered.lineDilated(size, along: axis)?.lineEroded(size, along: axis)
        else { return nil }
        return PixImage(taking: closed.withUnsafePix { pixRemoveBorder($0, border) })
    }

    /// `window(along: .horizontal, …)` computed run by run (`docscan_line_window_rows`): each row's runs
    /// of set pixels widened (any set) or narrowed (all set) by the window. The text-line finder's
    /// closings and openings run along rows with bricks of up to 1/30 of the page's width; by doubling,
    /// each was 2·log₂ n shifted copies of the whole page, half of a flat page's curl step.
    private func rowWindow(firstOffset: Int, size: Int, all: Bool) -> PixImage? {
        kernelImage(width: width, height: height, depth: 1) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_line_window_rows(
                source, sourceWidth, sourceHeight, sourceWords, target, targetWords, Int32(firstOffset), Int32(size), all ? 1 : 0)
        }
    }

    /// Each pixel combined (`PIX_SRC | PIX_DST`: any set; `PIX_SRC & PIX_DST`: all set) over the `size`
    /// pixels from `firstOffset` before it along `axis`: pixel p becomes the combination of the pixels
    /// p − firstOffset − (size − 1) … p − firstOffset. Nil for a brick under one pixel or an image that
    /// is not 1-bit.
    private func window(along axis: LineAxis, firstOffset: Int, size: Int, combining operation: Int32) -> PixImage? {
        guard size >= 1, depth == 1 else { return nil }
        guard size > 1 else { return copied() }
        if axis == .horizontal { return rowWindow(firstOffset: firstOffset, size: size, all: operation == PIX_SRC & PIX_DST) }
        // Wide enough that every window read for the image lies inside the padding, which is unset.
        let pad = Int32(32 * ((size + abs(firstOffset) + 31) / 32))
        guard let padded = PixImage(taking: withUnsafePix { pixAddBorderGeneral($0, 0, 0, pad, pad, 0) }) else { return nil }
        let (width, height) = (Int32(padded.width), Int32(padded.height))
        /// `padded` becomes the combination of itself and itself shifted `shift` pixels on.
        func combineShifted(by shift: Int) -> Bool {
            guard let before = padded.copied() else { return false }
            let step = Int32(shift)
            return padded.withUnsafePix { target in
                before.withUnsafePix { source in
                    pixRasterop(target, 0, step, width, height - step, operation, source, 0, 0) == 0
                }
            }
        }
        // Each pixel of `padded` holds the combination of the `span` pixels ending at it.
        var span = 1
        while span * 2 <= size {
            guard combineShifted(by: span) else { return nil }
            span *= 2
        }
        if span < size {
            guard combineShifted(by: size - span) else { return nil }
        }
        // Pixel p of the result is the window ending at p − firstOffset.
        let start = Int(pad) - firstOffset
        return padded.cropped(to: PageBox(x: 0, y: start, width: self.width, height: self.height))
    }
}
