internal import CExif
import Foundation

/// Owns one libexif `ExifData` and releases it.
package final class ExifMetadata {
    private let data: UnsafeMutablePointer<ExifData>

    /// The EXIF data of the file at `url`; nil when it has none or cannot be read.
    package init?(url: URL) {
        guard let data = exif_data_new_from_file(url.path) else { return nil }
        self.data = data
    }

    deinit {
        exif_data_unref(data)
    }

    /// The raw Orientation value, if IFD 0 has one.
    package var orientation: Int? {
        guard let ifd0 = docscan_exif_ifd0(data), let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, let bytes = entry.pointee.data
        else { return nil }
        return Int(exif_get_short(bytes, exif_data_get_byte_order(data)))
    }
}

/// An `ExifData` is reference counted without locks, so it stays on the thread that read it.
@available(*, unavailable)
extension ExifMetadata: Sendable {}
