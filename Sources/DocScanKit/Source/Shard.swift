import Crypto
import DocScanCore
import Foundation

/// One shard of a folder: task `index` (0-based) of `count`, as cluster schedulers number the tasks of
/// an array job. A file belongs to the shard its path picks, so every task of an array reads its own
/// files and together they read each file exactly once.
///
/// The pick is the first 8 bytes of the SHA-256 of the file's path relative to the scanned folder
/// (UTF-8, `/` separators, as records show it), read as a big-endian integer, modulo `count`. It
/// depends on nothing but the path: not on listing order, the machine, or where the share is mounted,
/// and another program can compute it in one line. A multi-page TIFF is one path, so one shard.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// - Throws: `DocScanError.badShard` unless `0 <= index < count`.
    public init(index: Int, count: Int) throws {
        guard count >= 1 else { throw DocScanError.badShard("the shard count must be at least 1, not \(count)") }
        guard (0..<count).contains(index) else {
            throw DocScanError.badShard("shard \(index) is not one of 0 to \(count - 1) (shards are numbered from 0)")
        }
        self.index = index
        self.count = count
    }

    /// Reads `K/N`, as `--shard 3/16` gives it.
    /// - Throws: `DocScanError.badShard`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw DocScanError.badShard("'\(text)' is not K/N (for example 0/16), nor 'auto'")
        }
        try self.init(index: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the file at `relativePath` belongs to this shard.
    public func contains(_ relativePath: String) -> Bool {
        Self.index(of: relativePath, count: count) == index
    }

    /// The shard of `count` that the file at `relativePath` belongs to.
    public static func index(of relativePath: String, count: Int) -> Int {
        let digest = SHA256.hash(data: Data(relativePath.utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % UInt64(count))
    }
}
