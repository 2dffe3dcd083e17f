import Foundation

/// One page to scan: a file, and which page of it (multi-page TIFFs hold several).
public struct PageReference: Codable, Equatable, Hashable, Sendable {
    /// Absolute location of the file.
    public let url: URL
    /// Path relative to the scan root, with `/` separators; what records show.
    public let relativePath: String
    /// 1-based page number within the file.
    public let page: Int
    /// Number of pages in the file.
    public let pageCount: Int
    /// Format judged from the content; nil when the content matches none (the load stage reports why).
    public let format: ImageFormat?
    /// Size of the file in bytes.
    public let fileSize: Int64
    /// The file's SHA-256 when it was already computed (by an archive deciding what to re-scan), so
    /// the pipeline does not read the file twice; nil otherwise.
    public var sha256: String?

    public init(url: URL, relativePath: String, page: Int = 1, pageCount: Int = 1, format: ImageFormat?, fileSize: Int64) {
        self.url = url
        self.relativePath = relativePath
        self.page = page
        self.pageCount = pageCount
        self.format = format
        self.fileSize = fileSize
    }

    /// `letter.tif` or `letter.tif#2` for the later pages of a multi-page file; for messages.
    public var displayName: String { pageCount > 1 ? "\(relativePath)#\(page)" : relativePath }
}
