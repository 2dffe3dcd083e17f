import Foundation

/// Image formats recognized by their first bytes, so a misnamed file is still read and a text file
/// named `.png` is caught before a decoder sees it.
public enum ImageFormat: String, Codable, Sendable, CaseIterable {
    case png, jpeg, tiff, bmp, pnm, gif, webp, jp2
    /// HEIC or HEIF (an iPhone's photos) and AVIF, read with libheif.
    case heif

    /// Extensions that mark a file as meant to be a page image even when its content says otherwise.
    public static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "tif", "tiff", "bmp", "dib", "pnm", "pbm", "pgm", "ppm",
        "gif", "webp", "jp2", "j2k", "jpx", "heic", "heif", "hif", "avif",
    ]

    /// The major brands of an ISO media file's `ftyp` box that mark a HEIF or AVIF image (an MP4 video's
    /// `isom`, `mp42` are not).
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis"]

    /// The format of a file's first bytes, or nil when they match no image format.
    public init?(magic bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff }
        else if starts([0x42, 0x4D]) && bytes.count >= 14 { self = .bmp }
        else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) {
            self = .jp2
        } else if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8),
                  Self.heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self)) {
            // An ISO media file: a box's size (4 bytes), then `ftyp` and the major brand.
            self = .heif
        } else if bytes.count >= 3, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(bytes[1]),
                  [0x0A, 0x0D, 0x20, 0x09].contains(bytes[2]) {
            self = .pnm
        } else {
            return nil
        }
    }

    /// The format of the file at `url` judged by content, or nil if it is not an image or cannot be read.
    public init?(contentsOf url: URL) {
        guard let head = FileHead.bytes(of: url) else { return nil }
        self.init(magic: head)
    }
}
