import DocScanCore
import DocScanNative

/// Removes impulse noise (single dark and light pixels strewn over the page) where there is measurably
/// much of it, and leaves every other page alone.
///
/// Measured with the tesseract CLI on `../shared/eval/public`'s noisy Huckleberry Finn page (150 dpi):
/// a 3×3 median took its CER from 0.158 to 0.036, but took the clean page from 0.013 to 0.044, because
/// it also thins strokes one or two pixels wide. So it runs only on a page strewn with stray specks
/// (`specks(in:)`): 41 per thousand dark pixels on that page, at most 1.2 on every other page of the
/// eval sets and Fixtures, and at most 3.3 on their scans reduced to half and a third of their size.
enum Despeckler {
    /// Stray specks per thousand dark pixels from which a page is filtered: about midway, on a log
    /// scale, between the most a legible page measured (3.3) and the noisy page (41).
    static let noisyPage = 10.0

    /// How far (pixels, either way) a single dark pixel may lie from a larger mark and still count as
    /// part of the print rather than a speck: the 7×7 square around it.
    static let printReach = 3

    /// Stray specks per thousand dark pixels of an 8-bit page: single dark pixels with no larger dark
    /// mark within `printReach`. Nil when it has no print or Leptonica cannot measure it.
    ///
    /// Single pixels next to print are the print's own: a page of small type, or one scaled down, breaks
    /// its thin strokes into them. Counted too, a 500×760 book page (a 1,000-px scan halved) measured 21
    /// and was median-filtered into nothing (CER 0.39 with the tesseract CLI, 0.99 filtered).
    static func specks(in image: PixImage) -> Double? {
        guard image.depth == 8, let dark = image.darkPixels(), let all = dark.setPixelCount, all > 0,
              let pattern = StructuringElement.isolatedPixel(), let single = dark.matches(of: pattern),
              let marks = dark.subtracting(single), let nearMarks = marks.dilated(brick: 2 * printReach + 1),
              let stray = single.subtracting(nearMarks)?.setPixelCount
        else { return nil }
        return Double(stray) / Double(all) * 1000
    }

    /// The page median-filtered (3×3) when `specks` says it is noisy; nil otherwise.
    static func despeckled(_ image: PixImage, specks: Double?) -> PixImage? {
        guard let specks, specks >= noisyPage else { return nil }
        return image.medianFiltered(size: 3)
    }
}
