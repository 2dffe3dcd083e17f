import DocScanCore
import Foundation

/// Integer arrays in one file, mapped read-only: the compiled form of a word list (`Lexicon`, jieba's
/// dictionary), which every process that reads it shares instead of parsing the list and building
/// its own tables.
///
/// Each worker process used to build them at its start: six languages' lexicon cost 0.67 s of CPU
/// and 50 MB, jieba's dictionary 0.21 s and 6 MB, in every worker and in every `docscan search`.
/// Mapped, a process reads only the pages its lookups touch.
///
/// Layout, in this machine's byte order: the magic number, the key (`TableCache.key`), the number of
/// arrays, then each array's byte offset and length, then the arrays, each starting on 16 bytes. A
/// file whose magic, key, array count or lengths do not match is not used, and readers check every
/// index they take from the file, so a damaged file gives wrong answers at worst, never a bad read.
struct TableFile {
    /// "DSTABLE1".
    static let magic: UInt64 = 0x3145_4c42_4154_5344
    private static let alignment = 16

    private let file: MappedFile
    private let ranges: [Range<Int>]

    /// How many arrays the file holds.
    var count: Int { ranges.count }

    /// The table file at `path` if it holds `arrays` arrays under `key`; nil when it is missing,
    /// stale or malformed.
    init?(path: String, key: UInt64, arrays: Int) {
        guard let file = MappedFile(path: path) else { return nil }
        let bytes = file.bytes
        let headerSize = 24 + 16 * arrays
        guard bytes.count >= headerSize,
              bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self) == Self.magic,
              bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == key,
              bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == UInt64(arrays)
        else { return nil }
        var ranges: [Range<Int>] = []
        for index in 0..<arrays {
            let offset = bytes.loadUnaligned(fromByteOffset: 24 + 16 * index, as: UInt64.self)
            let length = bytes.loadUnaligned(fromByteOffset: 32 + 16 * index, as: UInt64.self)
            guard let start = Int(exactly: offset), let count = Int(exactly: length), start % Self.alignment == 0,
                  start >= headerSize, start <= bytes.count, count <= bytes.count - start
            else { return nil }
            ranges.append(start..<start + count)
        }
        self.file = file
        self.ranges = ranges
    }

    /// Array `index` as elements of `type`; nil when its length is not a whole number of them.
    func array<Element: FixedWidthInteger>(_ index: Int, as type: Element.Type) -> StoredArray<Element>? {
        let range = ranges[index]
        guard range.count % MemoryLayout<Element>.stride == 0, let base = file.bytes.baseAddress else { return nil }
        let start = (base + range.lowerBound).assumingMemoryBound(to: Element.self)
        return StoredArray(mapping: UnsafeBufferPointer(start: start, count: range.count / MemoryLayout<Element>.stride),
                           of: file)
    }

    /// Writes `arrays` under `key` to `path`, through a file beside it renamed over it at the end, so
    /// a reader never maps a half-written file.
    /// - Throws: when the file cannot be written; nothing is left behind then.
    static func write(_ arrays: [any TableArray], key: UInt64, to path: String) throws {
        var header: [UInt64] = [magic, key, UInt64(arrays.count)]
        var offset = aligned(24 + 16 * arrays.count)
        for array in arrays {
            header += [UInt64(offset), UInt64(array.byteCount)]
            offset = aligned(offset + array.byteCount)
        }
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0 ... .max)).part"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary)
        else { throw CocoaError(.fileWriteUnknown) }
        do {
            defer { try? handle.close() }
            let zeros = Data(count: alignment)
            try header.withUnsafeBytes { try handle.write(contentsOf: $0) }
            try handle.write(contentsOf: zeros.prefix(aligned(8 * header.count) - 8 * header.count))
            for array in arrays {
                try array.withUnsafeBytes { try handle.write(contentsOf: $0) }
                try handle.write(contentsOf: zeros.prefix(aligned(array.byteCount) - array.byteCount))
            }
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// `size` rounded up to a whole number of `alignment`s.
    private static func aligned(_ size: Int) -> Int {
        (size + alignment - 1) / alignment * alignment
    }
}

/// An array `TableFile` writes: its bytes, as they lie in memory.
protocol TableArray {
    var byteCount: Int { get }
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
}
