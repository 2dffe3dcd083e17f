import CLeptonica
import Foundation

/// The source stage: turns a folder (or one file) into the ordered list of pages to scan.
///
/// Order is the sorted relative path, then page number, so two runs over the same folder write records
/// in the same order. A file counts as a page image if its content says so, or if its extension says
/// so (then a broken or fake image gets an error record instead of silently vanishing).
public struct PageSource: Sendable {
    /// The folder or file that was asked for.
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// What a walk found.
    public struct Listing: Sendable {
        /// Pages in scan order.
        public var pages: [PageReference]
        /// Files seen that are not page images (by content and extension), relative paths.
        public var skipped: [String]
    }

    /// Walks the root recursively, skipping hidden files and folders.
    /// - Throws: `DocScanError.inputNotFound` when the root does not exist or cannot be listed.
    public func list() throws -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw DocScanError.inputNotFound(path: root.path)
        }
        guard isDirectory.boolValue else {
            return classify([(root, root.lastPathComponent)])
        }
        guard FileManager.default.isReadableFile(atPath: root.path),
              let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { throw DocScanError.inputNotFound(path: root.path) }
        var files: [(URL, String)] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in walker {
            // Follows symbolic links to files, so a folder of links to scans works like the scans.
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
            files.append((url, relative))
        }
        files.sort { $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) }
        return classify(files)
    }

    private func classify(_ files: [(URL, String)]) -> Listing {
        var listing = Listing(pages: [], skipped: [])
        for (url, relative) in files {
            let format = ImageFormat(contentsOf: url)
            let named = ImageFormat.imageExtensions.contains(url.pathExtension.lowercased())
            guard format != nil || named else {
                listing.skipped.append(relative)
                continue
            }
            let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
            let count = format == .tiff ? Self.tiffPageCount(url) : 1
            for page in 1...count {
                listing.pages.append(PageReference(
                    url: url, relativePath: relative, page: page, pageCount: count, format: format, fileSize: size))
            }
        }
        return listing
    }

    /// Pages in a TIFF, read from its directory chain; 1 when it cannot be read (load reports the error).
    static func tiffPageCount(_ url: URL) -> Int {
        guard let stream = fopen(url.path, "rb") else { return 1 }
        defer { fclose(stream) }
        var count: Int32 = 0
        guard tiffGetCount(stream, &count) == 0, count > 0 else { return 1 }
        return Int(count)
    }
}
