import DocScanCore
import Foundation

/// A list of files to scan, one path per entry, as `--files-from` reads it and `docscan plan` writes it.
///
/// Entries are separated by newlines, or by NUL bytes (`-0`), which is what `find -print0` writes and
/// the only separator that cannot occur in a file name. Empty entries are ignored; a trailing `\r` is
/// kept as part of the name, as a file system would.
public struct FileList: Sendable, Equatable {
    public var paths: [String]

    public init(paths: [String]) {
        self.paths = paths
    }

    /// Reads the list at `path`, `-` for standard input.
    /// - Throws: `DocScanError.badFileList` when it cannot be read or an entry is not UTF-8.
    public init(reading path: String, nulSeparated: Bool) throws {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw DocScanError.badFileList(path: path, reason: "cannot read the file list: \(FileHasher.openFailure(URL(fileURLWithPath: path)))")
            }
        }
        try self.init(data: data, nulSeparated: nulSeparated, name: path == "-" ? "standard input" : path)
    }

    /// Splits `data` into entries; `name` is for messages.
    /// - Throws: `DocScanError.badFileList` for an entry that is not UTF-8.
    public init(data: Data, nulSeparated: Bool, name: String) throws {
        let separator = nulSeparated ? UInt8(0) : UInt8(ascii: "\n")
        paths = []
        for (number, entry) in data.split(separator: separator, omittingEmptySubsequences: false).enumerated() where !entry.isEmpty {
            guard let text = String(validating: entry, as: UTF8.self) else {
                throw DocScanError.badFileList(
                    path: name, reason: "entry \(number + 1) is not valid UTF-8; docscan lists such files only by walking their folder")
            }
            if !nulSeparated && text.contains("\u{0}") {
                throw DocScanError.badFileList(path: name, reason: "entry \(number + 1) holds a NUL byte: the list is NUL-separated, read it with -0")
            }
            paths.append(text)
        }
    }

    /// The list as bytes: each path followed by the separator.
    public func data(nulSeparated: Bool) -> Data {
        var data = Data()
        for path in paths {
            data.append(contentsOf: path.utf8)
            data.append(nulSeparated ? 0 : UInt8(ascii: "\n"))
        }
        return data
    }
}
