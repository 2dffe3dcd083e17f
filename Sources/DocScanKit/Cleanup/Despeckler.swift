import DocScanCore
import DocScanNative

/// Removes impulse noise (single dark and light pixels strewn over the page) where there is measurably
/// much of it, and leaves every other page alone.
///
/// Measured with the tesseract CLI on `../shared/eval/public`'s noisy Huckleberry Finn page (150 dpi):
/// a 3×3 median took its CER from 0.158 to 0.036, but took the clean page from 0.013 to 0.044, because
/// it also thins strokes one or two pixels wide. So it runs only on a page whose print has many
/// isolated pixels: single pixels darker than the page's Otsu split, per thousand dark pixels, are 24
/// on that page and at most 2.6 on every other page of the eval sets and Fixtures (a fine engraving's
/// hatching reaches 2.6; JPEG photos stay under 1.5).
enum Despeckler {
    /// Isolated dark pixels per thousand dark pixels from which a page is filtered.
    static let noisyPage = 8.0

    /// Isolated dark pixels per thousand dark pixels of an 8-bit page; nil when it has no print or
    /// Leptonica cannot measure it.
    static func specks(in image: PixImage) -> Double? {
        guard image.depth == 8, let dark = image.darkPixels(), let all = dark.setPixelCount, all > 0,
              let pattern = StructuringElement.isolatedPixel(), let single = dark.matches(of: pattern)?.setPixelCount
        else { return nil }
        return Double(single) / Double(all) * 1000
    }

    /// The page median-filtered (3×3) when `specks` says it is noisy; nil otherwise.
    static func despeckled(_ image: PixImage, specks: Double?) -> PixImage? {
        guard let specks, specks >= noisyPage else { return nil }
        return image.medianFiltered(size: 3)
    }
}
