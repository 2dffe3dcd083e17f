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
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp").path
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            throw DocScanError.outputNotWritable(path: temporary, reason: String(cString: strerror(errno)))
        }
        do {
            defer { close(file) }
            for record in records { try write(line(for: record), to: file, path: temporary) }
            guard fsync(file) == 0 || errno == EINVAL else {
                throw DocScanError.outputNotWritable(path: temporary, reason: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw DocScanError.outputNotWritable(path: path, reason: reason)
        }
    }

    private func write(_ line: Data, to descriptor: Int32, path: String) throws {
        try line.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }

    public func finish() throws {
        guard closesDescriptor else { return }
        if fsync(descriptor) != 0, errno != EINVAL {
            throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
