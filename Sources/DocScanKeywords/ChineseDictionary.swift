import DocScanCore
import Foundation

/// jieba's word list (`dict.txt`, one `word frequency tag` a line) as a prefix trie over Unicode scalars.
///
/// jieba keeps every prefix of every word in a hash map, with frequency 0 for prefixes that are not
/// words; the trie holds the same prefixes, and one walk from a character finds every word that
/// starts there. It is built in an open-addressing table keyed by (parent node, scalar), in one
/// byte-level pass over the file, then laid out breadth first: a node's children are consecutive
/// nodes sorted by scalar, found by binary search. That takes 12 bytes a node (6 MB for jieba's
/// 5 MB `dict.txt`) where the table took 32 (16 MB in every worker that reads Chinese), and lookups
/// allocate nothing. Immutable once loaded, so one copy serves every worker thread; compiled into a
/// table file (`TableCache`), one copy serves every worker process and every later run too.
public struct ChineseDictionary: Sendable {
    /// The sum of all frequencies, duplicate lines included, as jieba's `total`.
    public let total: Int
    /// Distinct words with a frequency above 0, the ones a cut can choose.
    public let wordCount: Int
    /// Per node, its first child; the children of `node` are the nodes `firstChild[node] ..<
    /// firstChild[node + 1]`. One more entry than nodes.
    private let firstChild: StoredArray<UInt32>
    /// Per node, the scalar of the edge into it (0 for the root).
    private let scalars: StoredArray<UInt32>
    /// Per node: the word's frequency, 0 for a prefix that is not a word.
    private let frequencies: StoredArray<UInt32>

    static let root: UInt32 = 0
    private static let emptySlot = UInt64.max

    /// Where the dictionary is: `$DOCSCAN_JIEBA_DICT`, else Debian's `python3-jieba` file.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["DOCSCAN_JIEBA_DICT"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return URL(fileURLWithPath: "/usr/lib/python3/dist-packages/jieba/dict.txt")
    }

    /// Changes whenever the trie built from a file changes, so that dictionaries compiled by an older
    /// docscan are compiled again (`TableCache`).
    static let compiledFormat = "jieba 1"

    /// Loads the dictionary file at `url`, from its compiled form in `cache` when that holds it, and
    /// otherwise parses it and keeps it compiled there (nil: not kept).
    /// - Throws: `.notFound`, `.unreadable`, or `.malformed` when it is not a jieba dictionary.
    public init(contentsOf url: URL, cache: URL? = TableCache.directory()) throws(ChineseDictionaryError) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .notFound(path: url.path)
        }
        let key = cache == nil ? nil : TableCache.key(sources: [url], format: Self.compiledFormat)
        if let cache, let key, let table = TableCache.load("jieba", key: key, arrays: 4, in: cache),
           let compiled = Self(table: table) {
            self = compiled
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(parsing: data, path: url.path)
        if let cache, let key {
            let counts = StoredArray([UInt64(total), UInt64(wordCount)])
            let table = TableCache.store([firstChild, scalars, frequencies, counts], as: "jieba", key: key, in: cache)
            // The mapped copy's pages are shared with the other workers; the parsed one is let go.
            if let table, let mapped = Self(table: table) { self = mapped }
        }
    }

    /// The dictionary in a table file; nil when the file's arrays do not fit together.
    private init?(table: TableFile) {
        guard table.count == 4,
              let firstChild = table.array(0, as: UInt32.self), let scalars = table.array(1, as: UInt32.self),
              let frequencies = table.array(2, as: UInt32.self), let counts = table.array(3, as: UInt64.self),
              counts.count == 2, let total = Int(exactly: counts[0]), let wordCount = Int(exactly: counts[1]),
              total > 0, scalars.count > 0, firstChild.count == scalars.count + 1, frequencies.count == scalars.count
        else { return nil }
        (self.firstChild, self.scalars, self.frequencies) = (firstChild, scalars, frequencies)
        (self.total, self.wordCount) = (total, wordCount)
    }

    /// Parses dictionary text; `path` names it in errors.
    ///
    /// Follows jieba's `gen_pfdict`: the first two space-separated fields of each stripped line are
    /// the word and its frequency, a later line for the same word replaces its frequency, and every
    /// line adds to the total. Blank lines are skipped (jieba rejects them).
    /// - Throws: `.malformed` naming the first bad line.
    public init(parsing data: Data, path: String) throws(ChineseDictionaryError) {
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .malformed(path: path, line: 0, reason: "not UTF-8")
        }
        // jieba's 5 MB dict.txt has one trie node per ~10 bytes; the table doubles if a file has more.
        var builder = Builder(expectedNodes: bytes.count / 10)
        var total = 0
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let next = lineEnd + 1
            var start = lineStart, end = lineEnd
            while start < end, Self.isASCIISpace(bytes[start]) { start += 1 }
            while end > start, Self.isASCIISpace(bytes[end - 1]) { end -= 1 }
            lineStart = next
            guard start < end else { continue }
            func malformed(_ reason: String) -> ChineseDictionaryError {
                .malformed(path: path, line: lineNumber, reason: reason)
            }
            var wordEnd = start
            while wordEnd < end, bytes[wordEnd] != UInt8(ascii: " ") { wordEnd += 1 }
            guard wordEnd < end else { throw malformed("no frequency after the word") }
            var frequency = 0
            var digit = wordEnd + 1
            while digit < end, bytes[digit] != UInt8(ascii: " ") {
                let value = Int(bytes[digit]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(value) else { throw malformed("the frequency is not a whole number") }
                frequency = frequency * 10 + value
                // jieba's largest is 318,825 (的); the trie keeps frequencies in 32 bits.
                guard frequency <= UInt32.max else { throw malformed("the frequency is over \(UInt32.max)") }
                digit += 1
            }
            guard digit > wordEnd + 1 else { throw malformed("no frequency after the word") }
            let (newTotal, overflow) = total.addingReportingOverflow(frequency)
            guard !overflow else { throw malformed("the frequencies add up to more than \(Int.max)") }
            total = newTotal
            guard builder.insert(utf8: bytes[start..<wordEnd], frequency: frequency) else {
                throw malformed("the dictionary has more prefixes than \(UInt32.max)")
            }
        }
        guard total > 0 else {
            throw .malformed(path: path, line: 0, reason: "no word with a frequency above 0")
        }
        self.total = total
        wordCount = builder.wordCount
        let (firstChild, scalars, frequencies) = builder.breadthFirst()
        (self.firstChild, self.scalars, self.frequencies) = (StoredArray(firstChild), StoredArray(scalars), StoredArray(frequencies))
    }

    /// Whether the trie is read from a mapped table file (`TableCache`).
    var isMapped: Bool { scalars.isMapped }

    /// The node reached from `node` by `scalar`, nil when no word continues that way. The children's
    /// range is checked, since a mapped file may be damaged: `node` is always one this returned.
    func child(of node: UInt32, _ scalar: UInt32) -> UInt32? {
        guard Int(node) + 1 < firstChild.count else { return nil }
        var low = Int(firstChild[Int(node)]), high = min(Int(firstChild[Int(node) + 1]), scalars.count)
        while low < high {
            let middle = (low + high) / 2
            let found = scalars[middle]
            if found == scalar { return UInt32(middle) }
            if found < scalar { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The frequency of the word ending at `node`, 0 when the path there is only a prefix.
    func frequency(of node: UInt32) -> Int {
        Int(frequencies[Int(node)])
    }

    /// The frequency of `word`, 0 when it is not in the dictionary.
    public func frequency(of word: String) -> Int {
        var node = Self.root
        for scalar in word.unicodeScalars {
            guard let next = child(of: node, scalar.value) else { return 0 }
            node = next
        }
        return node == Self.root ? 0 : frequency(of: node)
    }

    private static func key(_ node: UInt32, _ scalar: UInt32) -> UInt64 {
        UInt64(node) << 21 | UInt64(scalar)
    }

    /// The slot holding `key`, or the empty slot where it belongs. Fibonacci hashing (the top `bits`
    /// bits of the key times 2^64/φ) spreads neighbouring keys; collisions probe the next slots.
    private static func slot(of key: UInt64, in keys: [UInt64], bits: Int) -> Int {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
        while keys[slot] != key && keys[slot] != emptySlot { slot = (slot + 1) & mask }
        return slot
    }

    /// What Python's `bytes.strip()` removes.
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The growing table while the file is parsed.
    private struct Builder {
        var keys: [UInt64]
        var children: [UInt32]
        var frequencies: [UInt32] = [0]
        var slotBits: Int
        var wordCount = 0

        init(expectedNodes: Int) {
            slotBits = 10
            while 1 << slotBits < expectedNodes * 2 { slotBits += 1 }
            keys = Array(repeating: ChineseDictionary.emptySlot, count: 1 << slotBits)
            children = Array(repeating: 0, count: 1 << slotBits)
        }

        /// Adds the word in `utf8` (validated UTF-8) and its prefixes; false when node ids run out.
        mutating func insert(utf8: ArraySlice<UInt8>, frequency: Int) -> Bool {
            var node = ChineseDictionary.root
            var index = utf8.startIndex
            while index < utf8.endIndex {
                let lead = UInt32(utf8[index])
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var scalar = length == 1 ? lead : lead & (0x7F >> UInt32(length))
                for offset in 1..<length {
                    scalar = scalar << 6 | UInt32(utf8[index + offset] & 0x3F)
                }
                index += length
                guard let next = child(of: node, scalar) else { return false }
                node = next
            }
            if frequencies[Int(node)] == 0 && frequency > 0 { wordCount += 1 }
            if frequencies[Int(node)] > 0 && frequency == 0 { wordCount -= 1 }
            frequencies[Int(node)] = UInt32(frequency)
            return true
        }

        /// The trie renumbered breadth first, siblings by scalar: each node's first child, each
        /// node's scalar and frequency.
        func breadthFirst() -> (firstChild: [UInt32], scalars: [UInt32], frequencies: [UInt32]) {
            let count = frequencies.count
            // The edges grouped by parent (a counting sort): each built node's children are one run.
            var runStart = [UInt32](repeating: 0, count: count + 1)
            for key in keys where key != ChineseDictionary.emptySlot { runStart[Int(key >> 21) + 1] += 1 }
            for node in 0..<count { runStart[node + 1] += runStart[node] }
            var cursor = runStart
            var edgeScalars = [UInt32](repeating: 0, count: count - 1)
            var edgeChildren = [UInt32](repeating: 0, count: count - 1)
            for (key, child) in zip(keys, children) where key != ChineseDictionary.emptySlot {
                let parent = Int(key >> 21), index = Int(cursor[parent])
                edgeScalars[index] = UInt32(truncatingIfNeeded: key & 0x1F_FFFF)
                edgeChildren[index] = child
                cursor[parent] += 1
            }

            var firstChild = [UInt32](repeating: 0, count: count + 1)
            var scalars = [UInt32](repeating: 0, count: count)
            var breadthFrequencies = [UInt32](repeating: 0, count: count)
            var built = [UInt32](repeating: 0, count: count)  // breadth-first number -> built node
            var run: [(scalar: UInt32, child: UInt32)] = []
            var next = 1
            for node in 0..<count {
                firstChild[node] = UInt32(next)
                let old = Int(built[node])
                run.removeAll(keepingCapacity: true)
                for index in Int(runStart[old])..<Int(runStart[old + 1]) {
                    run.append((edgeScalars[index], edgeChildren[index]))
                }
                run.sort { $0.scalar < $1.scalar }
                for edge in run {
                    built[next] = edge.child
                    scalars[next] = edge.scalar
                    breadthFrequencies[next] = frequencies[Int(edge.child)]
                    next += 1
                }
            }
            firstChild[count] = UInt32(next)
            return (firstChild, scalars, breadthFrequencies)
        }

        /// The child of `node` by `scalar`, created when missing; nil when node ids run out.
        private mutating func child(of node: UInt32, _ scalar: UInt32) -> UInt32? {
            let key = ChineseDictionary.key(node, scalar)
            let slot = ChineseDictionary.slot(of: key, in: keys, bits: slotBits)
            if keys[slot] == key { return children[slot] }
            guard let id = UInt32(exactly: frequencies.count), id < UInt32.max else { return nil }
            keys[slot] = key
            children[slot] = id
            frequencies.append(0)
            if frequencies.count * 2 > keys.count { grow() }
            return id
        }

        /// Doubles the table once it is half full, keeping probe runs short.
        private mutating func grow() {
            let oldKeys = keys, oldChildren = children
            slotBits += 1
            keys = Array(repeating: ChineseDictionary.emptySlot, count: 1 << slotBits)
            children = Array(repeating: 0, count: 1 << slotBits)
            for (key, child) in zip(oldKeys, oldChildren) where key != ChineseDictionary.emptySlot {
                let slot = ChineseDictionary.slot(of: key, in: keys, bits: slotBits)
                keys[slot] = key
                children[slot] = child
            }
        }
    }
}
