internal import CLeptonica
import Foundation

/// Decoding and writing image files.
extension PixImage {
    /// Decodes `path` in whatever format Leptonica recognizes; for a TIFF, its first page.
    package convenience init?(reading path: String) {
        self.init(taking: pixRead(path))
    }

    /// Decodes page `pageIndex` (from 0) of the TIFF at `path`.
    package convenience init?(readingTiff path: String, pageIndex: Int) {
        self.init(taking: pixReadTiff(path, Int32(pageIndex)))
    }

    /// Decodes the JPEG at `path` as 8-bit luminance, reduced by `reduction` (1, 2, 4 or 8) in the DCT,
    /// which is far cheaper than decoding at full size and scaling.
    package convenience init?(readingJpegLuminance path: String, reduction: Int) {
        var warnings: Int32 = 0
        self.init(taking: pixReadJpeg(path, 0, Int32(reduction), &warnings, Int32(L_JPEG_READ_LUMINANCE)))
    }

    /// Writes the image as a PNG file at `path`; false when Leptonica could not.
    package func writePNG(to path: String) -> Bool {
        withUnsafePix { pixWrite(path, $0, Int32(IFF_PNG)) } == 0
    }

    /// Writes the image as a one-page TIFF file (ZIP compressed) at `path`; false when Leptonica could not.
    package func writeTIFF(to path: String) -> Bool {
        withUnsafePix { pixWrite(path, $0, Int32(IFF_TIFF_ZIP)) } == 0
    }

    /// The image as the bytes of a JPEG file (baseline, `quality` 1-100), for showing it in a browser;
    /// a bilevel image goes as grey, any other depth as 32-bit colour. Nil when Leptonica could not.
    package func jpegData(quality: Int) -> Data? {
        guard let source = depth == 1 ? greyFromBilevel() : (depth == 8 || depth == 32 ? self : convertedTo32()) else { return nil }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = source.withUnsafePix { pixWriteMemJpeg(&bytes, &size, $0, Int32(quality), 0) }
        guard status == 0, let bytes else { return nil }
        defer { lept_free(bytes) }
        return Data(bytes: bytes, count: size)
    }
}
