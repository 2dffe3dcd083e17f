import DocScanCore

/// An immutable set of byte strings kept in one buffer behind an open-addressing hash table.
///
/// `Lexicon` holds up to a million and a half words; as a `Set<String>` they took over a second to
/// load and close to a microsecond to look up (a string per word, Unicode-aware hashing). Here loading
/// copies bytes and a lookup hashes the bytes it is given. A class with `let` arrays, so a lookup
/// reads them in place instead of retaining and releasing four arrays. The arrays are built in memory
/// or mapped from a table file (`arrays`, `init(table:)`).
final class WordSet: Sendable {
    private let bytes: StoredArray<UInt8>
    /// Word `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let starts: StoredArray<UInt32>
    private let hashes: StoredArray<UInt32>
    /// Word numbers, -1 for an empty slot; at most half full, a power of two long.
    private let slots: StoredArray<Int32>

    init(_ builder: Builder) {
        bytes = StoredArray(builder.bytes)
        starts = StoredArray(builder.starts)
        hashes = StoredArray(builder.hashes)
        slots = StoredArray(builder.slots)
    }

    /// An empty set.
    convenience init() {
        self.init(Builder())
    }

    /// The set in a table file written from `arrays`; nil when the file's arrays do not fit together.
    init?(table: TableFile) {
        guard table.count == Self.arrayCount,
              let bytes = table.array(0, as: UInt8.self), let starts = table.array(1, as: UInt32.self),
              let hashes = table.array(2, as: UInt32.self), let slots = table.array(3, as: Int32.self),
              starts.count == hashes.count + 1, slots.count >= 16, slots.count & (slots.count - 1) == 0,
              slots.count >= 2 * hashes.count, starts[hashes.count] == bytes.count
        else { return nil }
        (self.bytes, self.starts, self.hashes, self.slots) = (bytes, starts, hashes, slots)
    }

    /// How many arrays a table file of a word set holds.
    static let arrayCount = 4

    /// The set's arrays, as `TableFile.write` takes them and `init(table:)` reads them.
    var arrays: [any TableArray] { [bytes, starts, hashes, slots] }

    var count: Int { hashes.count }

    /// Whether the set is read from a mapped table file.
    var isMapped: Bool { slots.isMapped }

    func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.slot(of: word, hash: Self.hash(word), bytes: bytes, starts: starts, hashes: hashes, slots: slots).found
    }

    /// Collects words, then makes a `WordSet` of them.
    struct Builder {
        fileprivate var bytes: [UInt8] = []
        fileprivate var starts: [UInt32] = [0]
        fileprivate var hashes: [UInt32] = []
        fileprivate var slots: [Int32]

        /// Reserves for `minimumCapacity` words of `byteCapacity` bytes in all (10 a word when not
        /// given). The arrays keep what they reserve, so a close count saves memory for the whole run.
        init(minimumCapacity: Int = 0, byteCapacity: Int? = nil) {
            var size = 16
            while size < minimumCapacity * 2 { size *= 2 }
            slots = [Int32](repeating: -1, count: size)
            bytes.reserveCapacity(byteCapacity ?? minimumCapacity * 10)
            starts.reserveCapacity(minimumCapacity + 1)
            hashes.reserveCapacity(minimumCapacity)
        }

        /// A builder starting with the words of `set`.
        init(_ set: WordSet) {
            bytes = set.bytes.array
            starts = set.starts.array
            hashes = set.hashes.array
            slots = set.slots.array
        }

        mutating func insert(_ word: UnsafeBufferPointer<UInt8>) {
            let hash = WordSet.hash(word)
            let (index, found) = WordSet.slot(of: word, hash: hash, bytes: StoredArray(bytes), starts: StoredArray(starts),
                                              hashes: StoredArray(hashes), slots: StoredArray(slots))
            guard !found else { return }
            slots[index] = Int32(hashes.count)
            hashes.append(hash)
            bytes.append(contentsOf: word)
            starts.append(UInt32(bytes.count))
            if hashes.count * 2 > slots.count { grow() }
        }

        private mutating func grow() {
            let size = slots.count * 2
            var grown = [Int32](repeating: -1, count: size)
            for (number, hash) in hashes.enumerated() {
                var index = Int(hash) & (size - 1)
                while grown[index] >= 0 { index = (index + 1) & (size - 1) }
                grown[index] = Int32(number)
            }
            slots = grown
        }
    }

    /// The slot holding `word`, or the empty slot where it would go. Every index read from the arrays is
    /// checked first, since a mapped file may be damaged: a bad entry is passed over.
    private static func slot(of word: UnsafeBufferPointer<UInt8>, hash: UInt32, bytes: StoredArray<UInt8>,
                             starts: StoredArray<UInt32>, hashes: StoredArray<UInt32>,
                             slots: StoredArray<Int32>) -> (index: Int, found: Bool) {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        for _ in 0..<slots.count {
            let number = Int(slots[index])
            if number < 0 { return (index, false) }
            if number < hashes.count, hashes[number] == hash {
                let start = Int(starts[number]), end = Int(starts[number + 1])
                if end - start == word.count, start <= end, end <= bytes.count,
                   word.indices.allSatisfy({ bytes[start + $0] == word[$0] }) {
                    return (index, true)
                }
            }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    /// FNV-1a, folded to 32 bits; words are short, so a byte at a time is fast enough.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
