internal import CLeptonica
import Foundation

/// An image file's size and channels, read from its header without decoding the pixels, so an
/// oversized page can be refused for the price of a few bytes.
package struct ImageFileHeader: Equatable {
    package var width: Int
    package var height: Int
    /// Samples per pixel: 1 (grey or colormapped), 3 (RGB) or 4 (RGBA, or CMYK in a JPEG).
    package var samplesPerPixel: Int

    /// The header of the image at `path`; for a TIFF, its first page. Nil when it cannot be read.
    package init?(path: String) {
        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
        guard pixReadHeader(path, &format, &width, &height, &bps, &spp, &colormap) == 0 else { return nil }
        self.init(width: Int(width), height: Int(height), samplesPerPixel: Int(spp))
    }

    /// The header of page `pageIndex` (from 0) of the TIFF at `path`. Nil when it cannot be read.
    package init?(tiffPath path: String, pageIndex: Int) {
        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
        var resolution: Int32 = 0
        guard readHeaderTiff(path, Int32(pageIndex), &width, &height, &bps, &spp, &resolution, &colormap, &format) == 0 else {
            return nil
        }
        self.init(width: Int(width), height: Int(height), samplesPerPixel: Int(spp))
    }

    package init(width: Int, height: Int, samplesPerPixel: Int) {
        self.width = width
        self.height = height
        self.samplesPerPixel = samplesPerPixel
    }

    /// How many pages the TIFF at `path` holds, as its directory chain says; nil when the file cannot
    /// be opened or Leptonica cannot count them. Leptonica's messages are silenced first: folders are
    /// listed before any page is loaded (in the main process, which loads none), and a damaged TIFF
    /// printed "Error in tiffGetCount: tif not open for read" there, naming no file.
    package static func tiffPageCount(path: String) -> Int? {
        LeptonicaMessages.silence()
        guard let stream = fopen(path, "rb") else { return nil }
        defer { fclose(stream) }
        var count: Int32 = 0
        guard tiffGetCount(stream, &count) == 0 else { return nil }
        return Int(count)
    }
}
