import CLeptonica
import Foundation

/// The load stage: decodes one page into an image, refusing oversized ones before decoding.
///
/// Leptonica reads the header first (`pixReadHeader`), so a decompression bomb costs a few bytes of
/// reading, not gigabytes of memory.
public struct PageLoader: PageStage, Sendable {
    /// Pages with more pixels than this are refused; OCRmyPDF uses the same default.
    public var maxPixels: Int

    public init(maxPixels: Int = 250_000_000) {
        self.maxPixels = maxPixels
        Self.silenceLeptonica
    }

    /// Leptonica prints its errors to stderr; docscan reports them itself, once, with the file name.
    private static let silenceLeptonica: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()

    /// Decodes `page`.
    /// - Throws: `PageError` with kind `unreadable`, `notAnImage`, `tooLarge` or `decodeFailed`.
    public func run(_ page: PageReference, context: inout PageContext) throws -> LoadedPage {
        guard FileManager.default.isReadableFile(atPath: page.url.path) else {
            throw PageError(.unreadable, "cannot open the file for reading")
        }
        guard let format = page.format else {
            throw PageError(.notAnImage, "the content is not an image in any supported format")
        }
        var fileFormat: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
        guard pixReadHeader(page.url.path, &fileFormat, &width, &height, &bps, &spp, &colormap) == 0 else {
            throw PageError(.decodeFailed, "the \(format.rawValue.uppercased()) header cannot be read (damaged or truncated file)")
        }
        let pixels = Int(width) * Int(height)
        guard pixels <= maxPixels else {
            throw PageError(.tooLarge, "\(width)×\(height) is \(pixels / 1_000_000) megapixels, over the limit of \(maxPixels / 1_000_000)")
        }
        let decoded = format == .tiff
            ? pixReadTiff(page.url.path, Int32(page.page - 1))
            : pixRead(page.url.path)
        guard let image = PixImage(taking: decoded), image.width > 0, image.height > 0 else {
            throw PageError(.decodeFailed, "the \(format.rawValue.uppercased()) data cannot be decoded (damaged or truncated file)")
        }
        return LoadedPage(image: image, format: format, originalWidth: image.width, originalHeight: image.height)
    }
}
