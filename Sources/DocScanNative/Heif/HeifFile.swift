internal import CHeif
internal import CLeptonica
import Foundation

/// A HEIF file (HEIC, an iPhone's photos, or AVIF) opened with libheif: its context and its primary
/// image's handle, both freed once, when the value goes (and by the initializer when it fails after
/// allocating). Leptonica reads no HEIF.
package final class HeifFile {
    private let context: OpaquePointer
    private let handle: OpaquePointer

    /// Why libheif cannot be used (it is opened when first asked for, not linked: `CHeif`), or nil when
    /// it can; dlopen's words.
    package static var libraryProblem: String? {
        docscan_heif_load().map { String(cString: $0) }
    }

    /// Opens the file at `path` and finds its primary image; nil when libheif cannot (not HEIF, damaged,
    /// or no libheif to open: `libraryProblem`).
    package init?(path: String) {
        guard Self.libraryProblem == nil, let context = docscan_heif_context_alloc() else { return nil }
        var handle: OpaquePointer?
        guard docscan_heif_context_read_from_file(context, path, nil).code == heif_error_Ok,
              docscan_heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle
        else {
            docscan_heif_context_free(context)
            return nil
        }
        self.context = context
        self.handle = handle
    }

    deinit {
        docscan_heif_image_handle_release(handle)
        docscan_heif_context_free(context)
    }

    /// The primary image's size as it will be decoded (libheif applies the file's rotation), read without
    /// decoding it, for the pixel cap.
    package var width: Int { Int(docscan_heif_image_handle_get_width(handle)) }
    package var height: Int { Int(docscan_heif_image_handle_get_height(handle)) }

    /// The primary image decoded to 8-bit grey, turned and mirrored as the file says (libheif applies
    /// its `irot` and `imir` transforms); its luma plane, taken as it is stored. Nil when it cannot be
    /// decoded.
    package func decodedGrey() -> PixImage? {
        var decoded: OpaquePointer?
        guard docscan_heif_decode_image(handle, &decoded, heif_colorspace_undefined, heif_chroma_undefined, nil).code == heif_error_Ok,
              let image = decoded
        else { return nil }
        defer { docscan_heif_image_release(image) }
        if docscan_heif_image_has_channel(image, heif_channel_Y) != 0 {
            return Self.grey(from: image, channel: heif_channel_Y)
        }
        // An RGB image (an AVIF stored as RGB): decoded again as interleaved RGB, and its luminance taken.
        var rgb: OpaquePointer?
        guard docscan_heif_decode_image(handle, &rgb, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil).code == heif_error_Ok,
              let colour = rgb
        else { return nil }
        defer { docscan_heif_image_release(colour) }
        return Self.luminance(from: colour)
    }

    /// One channel of `image`, 8 bits or more a sample, as an 8-bit PIX.
    private static func grey(from image: OpaquePointer, channel: heif_channel) -> PixImage? {
        let bits = Int(docscan_heif_image_get_bits_per_pixel_range(image, channel))
        guard (8...16).contains(bits) else { return nil }
        // Samples over 8 bits are stored in two bytes, little-endian.
        return page(of: image, channel: channel) { row, x in
            bits == 8 ? UInt32(row[x]) : (UInt32(row[2 * x]) | UInt32(row[2 * x + 1]) << 8) >> UInt32(bits - 8)
        }
    }

    /// The luminance of an interleaved 8-bit RGB image, as an 8-bit PIX.
    private static func luminance(from image: OpaquePointer) -> PixImage? {
        guard docscan_heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) == 8 else { return nil }
        return page(of: image, channel: heif_channel_interleaved) { row, x in
            (299 * UInt32(row[3 * x]) + 587 * UInt32(row[3 * x + 1]) + 114 * UInt32(row[3 * x + 2])) / 1000
        }
    }

    /// An 8-bit PIX the size of `channel` of `image`, each pixel the `level` of its row's `x`th sample.
    private static func page(
        of image: OpaquePointer, channel: heif_channel, level: (UnsafePointer<UInt8>, Int) -> UInt32
    ) -> PixImage? {
        let width = Int(docscan_heif_image_get_width(image, channel)), height = Int(docscan_heif_image_get_height(image, channel))
        var stride: Int32 = 0
        guard width > 0, height > 0,
              let plane = docscan_heif_image_get_plane_readonly(image, channel, &stride),
              let page = PixImage(taking: pixCreate(Int32(width), Int32(height), 8))
        else { return nil }
        let filled: Bool = page.withUnsafePix { pix in
            guard let data = pixGetData(pix) else { return false }
            let wordsPerLine = Int(pixGetWpl(pix))
            for y in 0..<height {
                let row = plane + y * Int(stride), out = data + y * wordsPerLine
                // Leptonica packs four 8-bit pixels a word, the first in its most significant byte.
                for x in 0..<width { out[x >> 2] |= level(row, x) << (24 - 8 * UInt32(x & 3)) }
            }
            return true
        }
        return filled ? page : nil
    }
}

@available(*, unavailable)
extension HeifFile: Sendable {}
