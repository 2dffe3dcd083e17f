import DocScanCore
import DocScanNative

/// What the load stage hands on: the decoded, EXIF-upright image and what was learned reading it.
public struct LoadedPage {
    public let image: PixImage
    /// The decoder used, judged from the content.
    public let format: ImageFormat
    /// Size as stored in the file, before any turn.
    public let originalWidth: Int
    public let originalHeight: Int
    /// The factor the page was scaled by to the working size (1 when it was not).
    public let scale: Double
    /// The part of the stored image (turned upright by its EXIF orientation, in its pixels) kept when its
    /// print fills a small part of plain paper (`PrintExtent`); nil when the whole image was.
    public var cropped: PageBox? = nil
    /// The copy the print was found on and its box there, when the image was cut (for debug images).
    var printProbe: (image: PixImage, box: PageBox)? = nil
    /// The EXIF Orientation value found in a JPEG (1–8, or the invalid value that was ignored); nil if none.
    public let exifOrientation: Int?
    /// Whether the EXIF orientation turned or mirrored the image.
    public let exifApplied: Bool
    /// The image before it was scaled to the working size, and the factor it was scaled by; nil when it
    /// was not scaled. A page found turned is turned at this size and then scaled (`PageOrienter.turned`):
    /// scaling samples from the top-left corner, so scaled and then turned it is a fraction of a pixel
    /// off the same page scanned upright, and reads differently (eval/public's Chinese page, 3,508 px in
    /// fast mode, turned a quarter: CER 0.0334 against 0.0061 upright). Nil too for a page reduced by
    /// more than half (`PageLoader.smallestFactorKeptForTurning`).
    var unscaled: (image: PixImage, factor: Double)? = nil
}
