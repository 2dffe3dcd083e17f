import DocScanCore
import Foundation

/// Reads JSON Lines page records, as `docscan scan` wrote them, from a file or standard input.
public enum RecordReader {
    /// Every record in `path` (`-` for standard input), in order; blank lines are skipped. The lines are
    /// decoded on `jobs` threads: decoding is most of a record command's time (about 6 ms for a record of
    /// 49 KB, its words and their boxes).
    /// - Throws: `DocScanError.inputNotFound` when the file cannot be read, `DocScanError.badRecord`
    ///   naming the first line that is not a record of the current schema.
    public static func read(path: String, jobs: Int = 1) throws -> [PageRecord] {
        let data: Data
        do {
            data = path == "-"
                ? FileHandle.standardInput.readDataToEndOfFile()
                : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DocScanError.inputNotFound(path: path)
        }
        let lines = Self.lines(of: data)
        let decoded = concurrentMap(count: lines.count, jobs: jobs, state: { JSONDecoder() }) { decoder, index in
            decode(lines[index], with: decoder, path: path)
        }
        var records: [PageRecord] = []
        records.reserveCapacity(lines.count)
        for result in decoded { records.append(try result.get()) }
        return records
    }

    /// A line of the input: its number (from 1) and its bytes.
    private struct Line: Sendable {
        let number: Int
        let bytes: Data
    }

    /// The lines of `data` that hold more than blanks.
    private static func lines(of data: Data) -> [Line] {
        var lines: [Line] = []
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var start = 0, number = 0
            while start < buffer.count {
                number += 1
                let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
                let blank = buffer[start..<end].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }
                if !blank { lines.append(Line(number: number, bytes: Data(buffer[start..<end]))) }
                start = end + 1
            }
        }
        return lines
    }

    private static func decode(_ line: Line, with decoder: JSONDecoder, path: String) -> Result<PageRecord, DocScanError> {
        do {
            let record = try decoder.decode(PageRecord.self, from: line.bytes)
            guard record.schema == PageRecord.currentSchema else {
                return .failure(.badRecord(path: path, line: line.number, reason: "record schema \(record.schema), this docscan reads schema \(PageRecord.currentSchema); scan the pages again"))
            }
            return .success(record)
        } catch {
            return .failure(.badRecord(path: path, line: line.number, reason: Self.describe(error)))
        }
    }

    /// A decoding error in a few words: the field and what was wrong with it.
    private static func describe(_ error: any Error) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "missing field '\(field(context.codingPath + [key]))'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "field '\(field(context.codingPath))' has the wrong type"
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "field '\(field(context.codingPath))': \(context.debugDescription)"
        default:
            return "not a page record"
        }
    }
}
