import DocScanCore
import DocScanNative
import Foundation

/// An exclusive lock on an archive for one `docscan scan` run, held until released or the process
/// ends (the kernel drops a `flock` when its holder dies, even by SIGKILL, so a crash never leaves
/// the archive locked).
///
/// SQLite alone would let two runs interleave their pages safely, but both would read every changed
/// page; with the lock the second run waits and then finds the first one's pages archived.
public final class RunLock: ArchiveLock {
    /// Closing it releases the lock; it is closed once, by its owner, whichever way `init` ends.
    private let descriptor: FileDescriptor
    public let path: String

    /// Takes the lock on `archivePath` (through `archivePath.lock`).
    /// - Parameters:
    ///   - wait: wait for another run to finish; when false, fail at once.
    ///   - waiting: called once before blocking, so the user learns why nothing happens.
    /// - Throws: `DocScanError.archiveBusy` when another run holds it and `wait` is false,
    ///   `DocScanError.outputNotWritable` when the lock file cannot be created or locked.
    public init(archivePath: String, wait: Bool, waiting: () -> Void = {}) throws {
        path = archivePath + ".lock"
        do {
            descriptor = try FileDescriptor(opening: path, flags: O_RDWR | O_CREAT)
        } catch {
            throw DocScanError.outputNotWritable(path: path, reason: error.reason)
        }
        guard flock(descriptor.rawValue, LOCK_EX | LOCK_NB) != 0 else { return }
        guard wait else { throw DocScanError.archiveBusy(path: archivePath) }
        waiting()
        while flock(descriptor.rawValue, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw DocScanError.outputNotWritable(path: path, reason: SystemError().reason)
            }
        }
    }
}
