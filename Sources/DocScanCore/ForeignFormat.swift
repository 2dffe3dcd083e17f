import Foundation

/// Files kept beside page images that docscan cannot read, told apart by their first bytes, so that
/// they are named with what to do instead of being passed over with the "non-image files".
public enum ForeignFormat: String, Sendable, CaseIterable {
    case pdf

    /// The format of a file's first bytes, or nil when they are none of these.
    public init?(magic bytes: [UInt8]) {
        guard bytes.starts(with: "%PDF-".utf8) else { return nil }
        self = .pdf
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
        case .pdf:
            "a PDF: docscan reads page images; make them first, for example with pdftoppm -r 300 -png "
                + "(Debian package poppler-utils)"
        }
    }
}
