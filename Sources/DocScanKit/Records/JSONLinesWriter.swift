import Foundation

/// Writes records as JSON Lines, one `write(2)` per record so an interrupted run leaves no partial line.
public final class JSONLinesWriter: RecordWriter {
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
        var line = try encoder.encode(record)
        line.append(UInt8(ascii: "\n"))
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
