import DocScanCore
import DocScanNative
import Foundation

/// The source stage: turns a folder (or one file) into the ordered list of pages to scan.
///
/// Order is the sorted relative path, then page number, so two runs over the same folder write records
/// in the same order. A file counts as a page image if its content says so, or if its extension says
/// so (then a broken or fake image gets an error record instead of silently vanishing).
public struct PageSource: Sendable {
    /// The folder or file that was asked for.
    public let root: URL
    /// Whether symbolic links to files outside the root are read; by default a scan reads only what
    /// lies in the folder it was given, so a link cannot smuggle `/etc/…` into an archive.
    public let followsLinksOutside: Bool

    public init(root: URL, followsLinksOutside: Bool = false) {
        self.root = root.standardizedFileURL
        self.followsLinksOutside = followsLinksOutside
    }

    /// What a walk found.
    public struct Listing: Sendable {
        /// Pages in scan order.
        public var pages: [PageReference]
        /// Files seen that are not page images (by content and extension), relative paths.
        public var skipped: [String]
        /// What a person should know about the walk, each naming its entry: broken links, link loops,
        /// links out of the root, FIFOs and devices (not read), names that are not UTF-8 (read).
        public var warnings: [ListingWarning] = []
        /// The entries the warnings name as not read, relative paths, for the run's summary.
        public var notRead: [String] { warnings.filter(\.skipped).map(\.entry) }
    }

    /// Walks the root recursively, skipping hidden files and folders.
    /// - Throws: `DocScanError.inputNotFound` when the root does not exist or cannot be listed.
    public func list() throws -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw DocScanError.inputNotFound(path: root.path)
        }
        guard isDirectory.boolValue else {
            if let problem = Self.notRegular(root) {
                return Listing(pages: [], skipped: [], warnings: [ListingWarning(root.lastPathComponent, "\(problem); skipped")])
            }
            return classify([(root, root.lastPathComponent)])
        }
        guard FileManager.default.isReadableFile(atPath: root.path),
              let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { throw DocScanError.inputNotFound(path: root.path) }
        var files: [(URL, String)] = []
        var warnings: [ListingWarning] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let resolvedRoot = root.resolvingSymlinksInPath().path
        for case let url as URL in walker {
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
            // Symbolic links to files are followed within the root, so a folder of links to scans works
            // like the scans; the enumerator does not descend into linked folders, so loops end.
            if let problem = linkProblem(url, resolvedRoot: resolvedRoot) {
                warnings.append(ListingWarning(relative, problem))
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            if let problem = Self.notRegular(url) {
                warnings.append(ListingWarning(relative, "\(problem); skipped"))
                continue
            }
            files.append((url, relative))
        }
        let byteNamed = Self.byteNamedEntries(under: Array(root.path.utf8), relative: "")
        files += byteNamed.files
        files.sort { $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) }
        var listing = classify(files)
        listing.warnings = (listing.warnings + warnings + byteNamed.warnings).sorted()
        return listing
    }

    func classify(_ files: [(URL, String)]) -> Listing {
        var listing = Listing(pages: [], skipped: [])
        for (url, relative) in files {
            let format = ImageFormat(contentsOf: url)
            // The name's extension, not the URL's: a link's or a pinned file's URL has another name.
            let named = ImageFormat.imageExtensions.contains((relative as NSString).pathExtension.lowercased())
            guard format != nil || named else {
                if let foreign = ForeignFormat(contentsOf: url) {
                    listing.warnings.append(ListingWarning(relative, "\(foreign.advice); skipped"))
                } else {
                    listing.skipped.append(relative)
                }
                continue
            }
            // stat, not FileManager's attributes, which describe a link rather than the file it points to.
            var status = stat()
            let size = stat(url.path, &status) == 0 ? Int64(status.st_size) : 0
            let count = format == .tiff ? Self.tiffPageCount(url) : 1
            for page in 1...count {
                listing.pages.append(PageReference(
                    url: url, relativePath: relative, page: page, pageCount: count, format: format, fileSize: size))
            }
        }
        return listing
    }

    /// Entries whose names are not UTF-8, which Foundation's walk cannot represent (it replaces the
    /// bytes with U+FFFD and then finds no such file): found here by their bytes, and their files pinned
    /// open (`PinnedFile`) so that they are read like any other, named with `\xNN` for the bytes.
    /// `whole` takes everything below `path`: a folder whose own name is not UTF-8, which the walk
    /// could not enter.
    static func byteNamedEntries(under path: [UInt8], relative: String, whole: Bool = false) -> (files: [(URL, String)], warnings: [ListingWarning]) {
        guard let directory = PinnedFile.withCPath(path, { opendir($0) }) ?? nil else { return ([], []) }
        defer { closedir(directory) }
        var files: [(URL, String)] = [], warnings: [ListingWarning] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            let child = path + [UInt8(ascii: "/")] + name, shown = relative + PinnedFile.shownName(name)
            let decodable = String(validating: name, as: UTF8.self) != nil
            var status = stat()
            guard PinnedFile.withCPath(child, { lstat($0, &status) }) == 0 else { continue }
            let type = status.st_mode & S_IFMT
            if decodable && !whole {
                if type == S_IFDIR {
                    let found = byteNamedEntries(under: child, relative: shown + "/")
                    files += found.files
                    warnings += found.warnings
                }
                continue
            }
            switch type {
            case S_IFDIR:
                let found = byteNamedEntries(under: child, relative: shown + "/", whole: true)
                files += found.files
                warnings += found.warnings
            case S_IFREG:
                switch PinnedFile.pin(child) {
                case .success(let file): files.append((file.url, shown))
                case .failure(let failure):
                    warnings.append(ListingWarning(shown, "cannot be opened: \(failure.reason); skipped"))
                }
            case S_IFLNK:
                warnings.append(ListingWarning(shown, "a symbolic link whose name is not UTF-8; not followed"))
            default:
                warnings.append(ListingWarning(shown, "\(notRegular(mode: status.st_mode) ?? "not a regular file"); skipped"))
            }
            if !decodable {
                warnings.append(ListingWarning(
                    shown, "the name is not valid UTF-8; records show \\xNN for each byte that is not", skipped: false))
            }
        }
        return (files, warnings)
    }

    /// Why the symbolic link at `url` is not read: its target is missing (or the links loop), or it
    /// leads out of the root (`resolvedRoot`, the root with its own links resolved) and following
    /// such links was not asked for. Nil when `url` is not a link, or a link that is read.
    func linkProblem(_ url: URL, resolvedRoot: String) -> String? {
        guard (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true else { return nil }
        let target = url.resolvingSymlinksInPath().path
        guard FileManager.default.fileExists(atPath: target) else {
            return "a symbolic link to nothing (its target is missing, or the links form a loop); skipped"
        }
        if !followsLinksOutside, target != resolvedRoot, !target.hasPrefix(resolvedRoot + "/") {
            return "a symbolic link out of the scanned folder, to \(target); not followed (--follow-symlinks follows it)"
        }
        return nil
    }

    /// Why `url` (a link's target) is not read although it is not a folder: a FIFO would block the
    /// first read for ever, a device could be endless. Nil for a regular file.
    static func notRegular(_ url: URL) -> String? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }  // gone: the load stage reports it
        return notRegular(mode: status.st_mode)
    }

    private static func notRegular(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO (named pipe), not a file"
        case S_IFSOCK: return "a socket, not a file"
        case S_IFCHR, S_IFBLK: return "a device, not a file"
        default: return "not a regular file"
        }
    }

    /// Pages in a TIFF, read from its directory chain; 1 when it cannot be read (load reports the error).
    static func tiffPageCount(_ url: URL) -> Int {
        guard let count = ImageFileHeader.tiffPageCount(path: url.path), count > 0 else { return 1 }
        return count
    }
}
