import DocScanCore
import DocScanNative
import Foundation

/// Writes records as JSON Lines, one `write(2)` per record so an interrupted run leaves no partial line.
public final class JSONLinesWriter: ReplaceableRecordWriter {
    /// The file, or nil for standard output, which is not this writer's to close.
    private let file: FileDescriptor?
    /// The file written, or `-` for standard output.
    public let path: String
    private let encoder: JSONEncoder

    /// Opens `path` (created or truncated), or standard output for `-`.
    /// - Throws: `DocScanError.outputNotWritable` when the file cannot be created.
    public init(path: String) throws {
        self.path = path
        if path == "-" {
            file = nil
        } else {
            do {
                file = try FileDescriptor(opening: path, flags: O_WRONLY | O_CREAT | O_TRUNC)
            } catch {
                throw DocScanError.outputNotWritable(path: path, reason: error.reason)
            }
        }
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    public func write(_ record: PageRecord) throws {
        try OutputFile.write(line(for: record), to: file, path: path)
    }

    private func line(for record: PageRecord) throws -> Data {
        var line = try encoder.encode(record)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// Only a regular file is replaced; `/dev/null`, a pipe or a terminal are written once, ranked, at the end.
    public var isReplaceable: Bool { file?.isRegularFile ?? false }

    /// Writes `records` to a temporary file beside the output, syncs it and renames it over the output.
    public func replaceAll(with records: [PageRecord]) throws {
        try OutputFile.write(to: path) { sink in
            for record in records { try sink(line(for: record)) }
        }
    }

    public func finish() throws {
        do {
            try file?.sync()
        } catch {
            throw DocScanError.outputNotWritable(path: path, reason: error.reason)
        }
    }
}

@available(*, unavailable)
extension JSONLinesWriter: Sendable {}
