import DocScanCore

/// A read-only array of integers, held either in memory or in a table file mapped read-only
/// (`TableFile`), so a word set or dictionary reads the same either way.
struct StoredArray<Element: FixedWidthInteger>: TableArray, @unchecked Sendable {
    // @unchecked: the buffer points into the mapping, which the enum keeps alive and nobody writes.
    private enum Storage {
        case memory([Element])
        case mapped(MappedFile, UnsafeBufferPointer<Element>)
    }

    private let storage: Storage

    init(_ array: [Element]) {
        storage = .memory(array)
    }

    /// `elements` inside `file`, which must hold them.
    init(mapping elements: UnsafeBufferPointer<Element>, of file: MappedFile) {
        storage = .mapped(file, elements)
    }

    /// Whether the elements are read from a mapped file.
    var isMapped: Bool {
        if case .mapped = storage { true } else { false }
    }

    var count: Int {
        switch storage {
        case .memory(let array): array.count
        case .mapped(_, let buffer): buffer.count
        }
    }

    /// The element at `index`, which callers keep within `0 ..< count`.
    @inline(__always)
    subscript(index: Int) -> Element {
        switch storage {
        case .memory(let array): array[index]
        case .mapped(_, let buffer): buffer[index]
        }
    }

    /// The elements as an array (a copy when mapped), for a builder that adds to them.
    var array: [Element] {
        switch storage {
        case .memory(let array): array
        case .mapped(_, let buffer): Array(buffer)
        }
    }

    var byteCount: Int { count * MemoryLayout<Element>.stride }

    /// Calls `body` with the elements' bytes in memory, as `TableFile` writes them.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .memory(let array): try array.withUnsafeBytes(body)
        case .mapped(_, let buffer): try body(UnsafeRawBufferPointer(buffer))
        }
    }
}
