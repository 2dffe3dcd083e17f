import DocScanCore
import DocScanNative

/// Removes impulse noise (single dark and light pixels strewn over the page) where there is measurably
/// much of it, and leaves every other page alone.
///
/// Measured with the tesseract CLI on `../shared/eval/public`'s noisy Huckleberry Finn page (150 dpi):
/// a 3×3 median took its CER from 0.158 to 0.036, but took the clean page from 0.013 to 0.044, because
/// it also thins strokes one or two pixels wide. So it runs only on a page strewn with stray specks
/// (`specks(in:)`), measured after the background step: 42 per 10,000 pixels on that page and 26–59 on
/// scans of the eval sets and Fixtures with 1% of their pixels made impulses, at most 8.3 on every
/// legible page of the eval sets and Fixtures, also reduced to half their size, faded, shadowed,
/// blurred, skewed or turned (174 pages).
enum Despeckler {
    /// Stray specks per 10,000 pixels from which a page is filtered: about midway, on a log scale,
    /// between the most a legible page measured (8.3, a faded and shadowed 150-dpi book page) and the
    /// least of the noisy pages (26).
    static let noisyPage = 14.0

    /// How far (pixels, either way) a single dark pixel may lie from a larger mark and still count as
    /// part of the print rather than a speck: the 7×7 square around it.
    static let printReach = 3

    /// Stray specks per 10,000 pixels of an 8-bit page: single pixels darker than its Otsu split with
    /// no larger dark mark within `printReach`. Nil when it has no print or Leptonica cannot measure it.
    ///
    /// Single pixels next to print are the print's own: a page of small type, or one scaled down, breaks
    /// its thin strokes into them. Counted too, a 500×760 book page (a 1,000-px scan halved) was
    /// median-filtered into nothing (CER 0.99; the tesseract CLI 0.39). Counted per pixel of the page
    /// rather than per dark pixel, as noise is strewn over the paper: per dark pixel a dense 1-bit page
    /// with 1% noise measured only 3.3 times the most of a legible page, per pixel 8.7 times.
    static func specks(in image: PixImage) -> Double? {
        guard image.depth == 8, image.width > 0, image.height > 0, let dark = image.darkPixels(),
              let all = dark.setPixelCount, all > 0, let stray = dark.strayPixelCount(reach: printReach)
        else { return nil }
        return Double(stray) / Double(image.width * image.height) * 10_000
    }

    /// The page median-filtered (3×3) when `specks` says it is noisy; nil otherwise.
    static func despeckled(_ image: PixImage, specks: Double?) -> PixImage? {
        guard let specks, specks >= noisyPage else { return nil }
        return image.medianFiltered(size: 3)
    }
}
