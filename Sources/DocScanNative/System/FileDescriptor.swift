internal import CProcessSupport
import Foundation
import Synchronization

/// Owns one open file descriptor and closes it exactly once: in `close()`, or else in deinit.
///
/// A descriptor closed twice can close a file another thread opened in between under the same number,
/// so every descriptor docscan opens lives in one of these. The number is swapped out atomically when
/// closed, so even two threads closing at once close it once.
package final class FileDescriptor: Sendable {
    private let storage: Atomic<Int32>

    /// Takes ownership of `rawValue`, which nothing else may close.
    package init(taking rawValue: Int32) {
        precondition(rawValue >= 0, "a file descriptor is never negative")
        storage = Atomic(rawValue)
    }

    /// The descriptor, or -1 once closed.
    package var rawValue: Int32 { storage.load(ordering: .acquiring) }

    /// Opens `path`, close-on-exec, so worker processes never inherit it.
    /// - Throws: `SystemError` with the reason.
    package convenience init(opening path: String, flags: Int32, mode: UInt32 = 0o644) throws(SystemError) {
        let descriptor = open(path, flags | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { throw SystemError() }
        self.init(taking: descriptor)
    }

    deinit {
        close()
    }

    /// Closes it now; later calls do nothing.
    package func close() {
        let descriptor = storage.exchange(-1, ordering: .acquiringAndReleasing)
        if descriptor >= 0 { Foundation.close(descriptor) }
    }

    /// A new descriptor for the file `rawValue` (which this process does not own) refers to,
    /// close-on-exec.
    /// - Throws: `SystemError`.
    package static func duplicating(_ rawValue: Int32) throws(SystemError) -> FileDescriptor {
        let copy = fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw SystemError() }
        return FileDescriptor(taking: copy)
    }

    /// A pipe whose ends are close-on-exec from the start: a child another thread starts at the same
    /// moment cannot inherit them.
    /// - Throws: `SystemError`.
    package static func pipe() throws(SystemError) -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        guard docscan_pipe_cloexec(&ends) == 0 else { throw SystemError() }
        return (FileDescriptor(taking: ends[0]), FileDescriptor(taking: ends[1]))
    }

    /// Writes all of `data`, retrying short and interrupted writes.
    /// - Throws: `SystemError`.
    package func write(_ data: Data) throws(SystemError) {
        try Self.write(data, to: rawValue)
    }

    /// Writes all of `data` to a descriptor this process does not own (standard output).
    /// - Throws: `SystemError`.
    package static func write(_ data: Data, to descriptor: Int32) throws(SystemError) {
        let failure: SystemError? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return SystemError()
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Up to `count` bytes; an empty result at the end of the file or when the other end of a pipe closed.
    /// - Throws: `SystemError` (`EAGAIN` and `EINTR` included: the caller decides whether to retry).
    package func read(upTo count: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = Foundation.read(rawValue, &bytes, count)
        guard read >= 0 else { throw SystemError() }
        bytes.removeSubrange(read...)
        return bytes
    }

    /// Flushes the file to the disk. A descriptor that cannot be synced (a pipe, a terminal) is fine.
    /// - Throws: `SystemError`.
    package func sync() throws(SystemError) {
        guard fsync(rawValue) == 0 || errno == EINVAL else { throw SystemError() }
    }

    /// Whether it is a regular file (which can be replaced by renaming), not a pipe or a terminal.
    package var isRegularFile: Bool {
        var status = stat()
        return fstat(rawValue, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
