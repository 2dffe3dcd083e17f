import DocScanCore
import Foundation

extension PageSource {
    /// Lists the files `list` names instead of walking the folder: paths relative to the root, or
    /// absolute paths under it. Pages come in the same order a walk gives, each file once.
    ///
    /// A listed file that is not there becomes a page whose load fails, so its record says so and
    /// `docscan archive status` counts it as failed rather than missing; a path out of the root, a
    /// folder, a FIFO, a broken link or a link out of the root is named in a warning and not read, as
    /// in a walk.
    /// - Throws: `DocScanError.inputNotFound` when the root does not exist, `.badFileList` when it is a file.
    public func list(_ list: FileList) throws -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw DocScanError.inputNotFound(path: root.path)
        }
        guard isDirectory.boolValue else {
            throw DocScanError.badFileList(path: root.path, reason: "a file list names files in a folder, and this is a file")
        }
        let resolvedRoot = root.resolvingSymlinksInPath().path
        var files: [(URL, String)] = [], missing: [(URL, String)] = []
        var warnings: [ListingWarning] = []
        var seen = Set<String>()
        for entry in list.paths {
            guard let relative = relativePath(of: entry) else {
                warnings.append(ListingWarning(entry, "listed, but not a file under \(root.path); skipped"))
                continue
            }
            guard seen.insert(relative).inserted else { continue }
            let url = root.appendingPathComponent(relative)
            var status = stat()
            guard lstat(url.path, &status) == 0 else {
                missing.append((url, relative))
                continue
            }
            if let problem = linkProblem(url, resolvedRoot: resolvedRoot) {
                warnings.append(ListingWarning(relative, problem))
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                warnings.append(ListingWarning(relative, "listed, but a folder; list its files instead (docscan plan does); skipped"))
                continue
            }
            if let problem = Self.notRegular(url) {
                warnings.append(ListingWarning(relative, "\(problem); skipped"))
                continue
            }
            files.append((url, relative))
        }
        var listing = classify(files)
        // Gone since the list was made: a page that fails at load, with the reason in its record.
        listing.pages += missing.map { PageReference(url: $0.0, relativePath: $0.1, format: nil, fileSize: 0) }
        listing.pages.sort(by: Self.precedes)
        listing.warnings = warnings + listing.warnings
        return listing
    }

    private static func precedes(_ a: PageReference, _ b: PageReference) -> Bool {
        a.relativePath == b.relativePath ? a.page < b.page : a.relativePath.utf8.lexicographicallyPrecedes(b.relativePath.utf8)
    }

    /// `entry` as a path relative to the root, with `.` and `..` resolved lexically; nil when it
    /// leaves the root or names the root itself.
    func relativePath(of entry: String) -> String? {
        var components: [Substring] = []
        let start: Substring
        if entry.hasPrefix("/") {
            let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
            guard entry.hasPrefix(prefix) else { return nil }
            start = entry.dropFirst(prefix.count)
        } else {
            start = Substring(entry)
        }
        for component in start.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard components.popLast() != nil else { return nil }
            default: components.append(component)
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }
}
