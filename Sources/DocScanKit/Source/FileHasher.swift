import Crypto
import DocScanCore
import DocScanNative
import Foundation

/// SHA-256 of a file's bytes, read in chunks so a large photo is never held whole in memory.
public enum FileHasher {
    /// Lowercase hex digest.
    /// - Throws: `PageError(.unreadable)` when the file cannot be read.
    public static func sha256(of url: URL) throws -> String {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw PageError(.unreadable, "cannot open the file for reading: \(openFailure(url))")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
            }
        } catch {
            throw PageError(.unreadable, "reading the file failed: \(error.localizedDescription)")
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Why `url` cannot be opened, in the system's words ("permission denied"); Foundation's error
    /// names only the file.
    static func openFailure(_ url: URL) -> String {
        do {
            _ = try FileDescriptor(opening: url.path, flags: O_RDONLY)
            return "it could not be opened a moment ago"
        } catch {
            return error.reason.lowercased()
        }
    }
}
