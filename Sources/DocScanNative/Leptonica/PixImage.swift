internal import CLeptonica

/// Owns one Leptonica `PIX` and frees it exactly once.
///
/// Every image docscan holds is one of these; the raw pointer leaves only inside `withUnsafePix`.
public final class PixImage {
    private var pix: UnsafeMutablePointer<PIX>
    /// `darkPixels()`, once measured: the clean-up and recognize stages ask for it on the same page
    /// (despeckling, unread ink, dark areas), and each Otsu split and threshold took 4–5 ms a page.
    var darkPixelsMemo: PixImage??
    /// `printSplit()`, once measured.
    var printSplitMemo: Int??
    /// The last `levelCounts(sampling:)`: the print split and the tone levels count the same quarter
    /// of a page's pixels (the despeckle and rule steps, each 2 ms of a flat A4 page's clean-up).
    var sampledCountsMemo: (sampling: Int, counts: [Int])?

    /// Takes ownership of a `PIX` that the caller must not free; nil when Leptonica returned none.
    init?(taking pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        docscan_pix_destroy(pix)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    /// Bits per pixel: 1, 2, 4, 8, 16 or 32.
    public var depth: Int { Int(pixGetDepth(pix)) }
    /// Horizontal resolution from the file, 0 when it had none.
    public var resolution: Int { Int(pixGetXRes(pix)) }

    /// Lets this image's pixels be `copy`'s, a pixel-for-pixel copy of them that another owner made (and
    /// keeps: Leptonica counts the references), and frees its own. Tesseract copies every image it is
    /// given and keeps the copy while it reads it; sharing that copy, a worker holds a page once instead
    /// of twice through the reading (`TesseractEngine`). Nothing is shared unless `copy` is plain 8-bit
    /// grey of the same size as this plain 8-bit grey image.
    func share(_ copy: UnsafeMutablePointer<PIX>) {
        guard copy != pix, depth == 8, pixGetDepth(copy) == 8,
              pixGetColormap(pix) == nil, pixGetColormap(copy) == nil,
              pixGetWidth(copy) == pixGetWidth(pix), pixGetHeight(copy) == pixGetHeight(pix),
              let clone = pixClone(copy)
        else { return }
        docscan_pix_destroy(pix)
        pix = clone
    }

    /// A copy of this image's pixels, owned on its own; nil when Leptonica cannot make it.
    func copied() -> PixImage? {
        PixImage(taking: pixCopy(nil, pix))
    }

    /// Lends the handle for one C call; it must not be kept or freed.
    func withUnsafePix<Result>(_ body: (UnsafeMutablePointer<PIX>) throws -> Result) rethrows -> Result {
        try body(pix)
    }
}

/// A `PIX` is reference counted without locks, so an image stays on the worker that made it.
@available(*, unavailable)
extension PixImage: Sendable {}
