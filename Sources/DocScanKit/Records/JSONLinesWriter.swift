import Foundation

/// Writes records as JSON Lines, one `write(2)` per record so an interrupted run leaves no partial line.
public final class JSONLinesWriter: ReplaceableRecordWriter {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    /// The file written, or `-` for standard output.
    public let path: String
    private let encoder: JSONEncoder

    /// Opens `path` (created or truncated), or standard output for `-`.
    /// - Throws: `DocScanError.outputNotWritable` when the file cannot be created.
    public init(path: String) throws {
        self.path = path
        if path == "-" {
            descriptor = STDOUT_FILENO
            closesDescriptor = false
        } else {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
            }
            closesDescriptor = true
        }
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    public func write(_ record: PageRecord) throws {
        try write(line(for: record), to: descriptor, path: path)
    }

    private func line(for record: PageRecord) throws -> Data {
        var line = try encoder.encode(record)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// Only a regular file is replaced; `/dev/null`, a pipe or a terminal are written once, ranked, at the end.
    public var isReplaceable: Bool {
        guard closesDescriptor else { return false }
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes `records` to a temporary file beside the output, syncs it and renames it over the output.
    public func replaceAll(with records: [PageRecord]) throws {
        try OutputFile.write(to: path) { sink in
            for record in records { try sink(line(for: record)) }
        }
    }

    private func write(_ line: Data, to descriptor: Int32, path: String) throws {
        try OutputFile.write(line, to: descriptor, path: path)
    }

    public func finish() throws {
        guard closesDescriptor else { return }
        if fsync(descriptor) != 0, errno != EINVAL {
            throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
