import Foundation

/// The first bytes of a file, by which its format is told (`ImageFormat`, `ForeignFormat`).
enum FileHead {
    /// Up to `count` bytes from the start of the file at `url`; nil when it cannot be read.
    static func bytes(of url: URL, count: Int = 16) -> [UInt8]? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)).map { Array($0) }
    }
}
