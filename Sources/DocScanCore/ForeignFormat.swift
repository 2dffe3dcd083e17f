import Foundation

/// Files kept beside page images that docscan cannot read, told apart by their first bytes, so that
/// they are named with what to do instead of being passed over with the "non-image files".
///
/// An iPhone saves its photos as HEIC unless told otherwise, and Leptonica has no HEIF decoder: a
/// folder of such photos used to end "no page images found", each photo counted as a non-image file.
public enum ForeignFormat: String, Sendable, CaseIterable {
    /// HEIC or HEIF (HEVC in an ISO media file), and AVIF, its AV1 sibling.
    case heif
    case pdf

    /// The major brands of an ISO media file's `ftyp` box that mark a HEIF or AVIF image.
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis"]

    /// The format of a file's first bytes (at least 12), or nil when they are none of these.
    public init?(magic bytes: [UInt8]) {
        // An ISO media file begins with a box: its size (4 bytes), then `ftyp` and the major brand.
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8),
           Self.heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self)) {
            self = .heif
        } else if bytes.starts(with: "%PDF-".utf8) {
            self = .pdf
        } else {
            return nil
        }
    }

    /// The format of the file at `url` judged by content, or nil if it is none of these or cannot be read.
    public init?(contentsOf url: URL) {
        guard let head = FileHead.bytes(of: url) else { return nil }
        self.init(magic: head)
    }

    /// What such a file is, and how to make page images of it: for the listing's warning, or the error of
    /// one named as an image.
    public var advice: String {
        switch self {
        case .heif:
            "a HEIC/HEIF photo, which docscan cannot decode (Leptonica reads no HEIF); convert it to JPEG first, "
                + "for example with heif-convert (Debian package libheif-examples)"
        case .pdf:
            "a PDF: docscan reads page images; make them first, for example with pdftoppm -r 300 -png "
                + "(Debian package poppler-utils)"
        }
    }
}
