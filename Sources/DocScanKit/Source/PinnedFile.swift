import DocScanNative
import Foundation
import Synchronization

/// A file whose name is not UTF-8, opened by its raw bytes and held open for the life of the process,
/// so every stage reaches it through `/proc/PID/fd/N`: a UTF-8 path that Foundation, Leptonica and
/// libexif open like any other, from this process and from its worker processes alike.
///
/// Swift strings and Foundation's URLs on Linux replace such bytes with U+FFFD, so the name itself
/// cannot be passed on; without this such a page could not be read at all.
final class PinnedFile: Sendable {
    private let descriptor: FileDescriptor
    /// The path that reaches the file while this process runs.
    let url: URL
    /// The file's size in bytes.
    let size: Int64

    /// Every pinned file, kept open until the process ends: page references carry only their path.
    private static let all = Mutex<[PinnedFile]>([])

    /// Opens the regular file at `path` (raw bytes, no terminating zero).
    /// - Returns: the reason when it cannot be opened or is not a regular file.
    static func pin(_ path: [UInt8]) -> Result<PinnedFile, PinFailure> {
        // Not following a link: the walk judges links itself. Not blocking: a FIFO must not hang the open.
        let raw = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) } ?? -1
        guard raw >= 0 else { return .failure(PinFailure(reason: SystemError().reason.lowercased())) }
        let descriptor = FileDescriptor(taking: raw)
        var status = stat()
        guard fstat(raw, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(PinFailure(reason: "not a regular file"))
        }
        let file = PinnedFile(descriptor: descriptor, size: Int64(status.st_size))
        all.withLock { $0.append(file) }
        return .success(file)
    }

    /// `body` with `path` (raw bytes) as a zero-terminated C string.
    static func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result? {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { $0.baseAddress.map(body) }
        }
    }

    struct PinFailure: Error {
        let reason: String
    }

    private init(descriptor: FileDescriptor, size: Int64) {
        self.descriptor = descriptor
        self.size = size
        url = URL(fileURLWithPath: "/proc/\(getpid())/fd/\(descriptor.rawValue)")
    }

    /// `bytes` as a name a person and a JSON record can hold: valid UTF-8 as it is, every other byte as
    /// `\xNN` (Latin-1 "café.png" is `caf\xE9.png`), so two different names stay different.
    static func shownName(_ bytes: [UInt8]) -> String {
        var shown = "", offset = 0
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                shown.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { shown += String(format: "\\x%02X", byte) }
                offset += length
            case .emptyInput:
                return shown
            }
        }
    }
}
