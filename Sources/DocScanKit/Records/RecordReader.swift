import DocScanCore
import Foundation

/// Reads JSON Lines page records, as `docscan scan` wrote them, from a file or standard input.
public enum RecordReader {
    /// Every record in `path` (`-` for standard input), in order; blank lines are skipped.
    /// - Throws: `DocScanError.inputNotFound` when the file cannot be read, `DocScanError.badRecord`
    ///   naming the first line that is not a record of the current schema.
    public static func read(path: String) throws -> [PageRecord] {
        let data: Data
        do {
            data = path == "-"
                ? FileHandle.standardInput.readDataToEndOfFile()
                : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DocScanError.inputNotFound(path: path)
        }
        let decoder = JSONDecoder()
        var records: [PageRecord] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }) else { continue }
            do {
                let record = try decoder.decode(PageRecord.self, from: Data(line))
                guard record.schema == PageRecord.currentSchema else {
                    throw DocScanError.badRecord(path: path, line: lineNumber, reason: "record schema \(record.schema), this docscan reads schema \(PageRecord.currentSchema); scan the pages again")
                }
                records.append(record)
            } catch let error as DocScanError {
                throw error
            } catch {
                throw DocScanError.badRecord(path: path, line: lineNumber, reason: Self.describe(error))
            }
        }
        return records
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
