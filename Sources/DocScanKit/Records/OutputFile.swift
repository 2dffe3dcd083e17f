import DocScanCore
import DocScanNative
import Foundation

/// Output files written whole or not at all: under a temporary name beside the target, synced,
/// then renamed over it, so a reader or an interrupted run never sees half a file.
enum OutputFile {
    /// Streams what `body` hands its sink to `path`, or to standard output for `-`.
    ///
    /// A path that is no regular file (`/dev/null`, a named pipe a reader waits on) is written as it is:
    /// renamed over, it would be replaced by a regular file (`/dev/null` itself, for root) and its reader
    /// would get nothing. A symbolic link is followed, so its target is replaced and the link stays.
    /// - Throws: `DocScanError.outputNotWritable`, or `body`'s error (the temporary file is removed).
    static func write(to path: String, _ body: (_ sink: (Data) throws -> Void) throws -> Void) throws {
        guard path != "-" else {
            try body { data in try write(data, to: nil, path: "standard output") }
            return
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            let file: FileDescriptor
            do {
                file = try FileDescriptor(opening: path, flags: O_WRONLY)
            } catch {
                throw DocScanError.outputNotWritable(path: path, reason: error.reason)
            }
            try body { data in try write(data, to: file, path: path) }
            return
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp").path
        let file: FileDescriptor
        do {
            file = try FileDescriptor(opening: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        } catch {
            throw DocScanError.outputNotWritable(path: path, reason: error.reason)
        }
        do {
            try body { data in try write(data, to: file, path: path) }
            try file.sync()
        } catch {
            unlink(temporary)
            throw (error as? SystemError).map { DocScanError.outputNotWritable(path: path, reason: $0.reason) } ?? error
        }
        guard rename(temporary, target.path) == 0 else {
            let reason = SystemError().reason
            unlink(temporary)
            throw DocScanError.outputNotWritable(path: path, reason: reason)
        }
    }

    /// Writes `data` to `url`, creating its folder.
    static func write(_ data: Data, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw DocScanError.outputNotWritable(path: url.deletingLastPathComponent().path, reason: error.localizedDescription)
        }
        try write(to: url.path) { sink in try sink(data) }
    }

    /// Writes all of `data` to `file`, or to standard output when nil.
    /// - Throws: `DocScanError.outputNotWritable` naming `path`.
    static func write(_ data: Data, to file: FileDescriptor?, path: String) throws {
        do {
            if let file { try file.write(data) } else { try FileDescriptor.write(data, to: STDOUT_FILENO) }
        } catch {
            throw DocScanError.outputNotWritable(path: path, reason: error.reason)
        }
    }
}
