import DocScanNative
import Foundation

/// The EXIF Orientation tag (1–8) of a JPEG: how the camera held the sheet.
///
/// Leptonica's JPEG reader ignores it (its TIFF reader applies TIFF's own tag), so docscan applies it
/// right after decoding JPEGs, before anything looks at the page.
public enum ExifOrientation: Int, Codable, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Reads the Orientation tag from IFD 0.
    /// - Returns: nil when the file has no EXIF data or no Orientation tag; `.invalid(value)` for a
    ///   value outside 1–8.
    static func read(from url: URL) -> Reading? {
        guard let metadata = ExifMetadata(url: url), let value = metadata.orientation else { return nil }
        guard let orientation = ExifOrientation(rawValue: value) else { return .invalid(value) }
        return .valid(orientation)
    }

    enum Reading: Equatable {
        case valid(ExifOrientation)
        case invalid(Int)
    }

    /// Whether the stored image is mirrored.
    public var isMirrored: Bool { [.upMirrored, .downMirrored, .leftMirrored, .rightMirrored].contains(self) }

    /// Clockwise quarter turns that bring the (un-mirrored) stored image upright.
    public var quarterTurns: Int {
        switch self {
        case .up, .upMirrored: 0
        case .right, .rightMirrored: 1
        case .down, .downMirrored: 2
        case .left, .leftMirrored: 3
        }
    }
}
