import Foundation

/// An exclusive lock on an archive for one `docscan scan` run, held until released or the process
/// ends (the kernel drops a `flock` when its holder dies, even by SIGKILL, so a crash never leaves
/// the archive locked).
///
/// SQLite alone would let two runs interleave their pages safely, but both would read every changed
/// page; with the lock the second run waits and then finds the first one's pages archived.
public final class RunLock {
    private let descriptor: Int32
    public let path: String

    /// Takes the lock on `archivePath` (through `archivePath.lock`).
    /// - Parameters:
    ///   - wait: wait for another run to finish; when false, fail at once.
    ///   - waiting: called once before blocking, so the user learns why nothing happens.
    /// - Throws: `DocScanError.archiveBusy` when another run holds it and `wait` is false,
    ///   `DocScanError.outputNotWritable` when the lock file cannot be created.
    public init(archivePath: String, wait: Bool, waiting: () -> Void = {}) throws {
        path = archivePath + ".lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard wait else {
                close(descriptor)
                throw DocScanError.archiveBusy(path: archivePath)
            }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw DocScanError.outputNotWritable(path: path, reason: reason)
                }
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

@available(*, unavailable)
extension RunLock: Sendable {}
