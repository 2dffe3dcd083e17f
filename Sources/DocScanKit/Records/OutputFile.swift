import Foundation

/// Output files written whole or not at all: under a temporary name beside the target, synced,
/// then renamed over it, so a reader or an interrupted run never sees half a file.
enum OutputFile {
    /// Streams what `body` hands its sink to `path`, or to standard output for `-`.
    /// - Throws: `DocScanError.outputNotWritable`, or `body`'s error (the temporary file is removed).
    static func write(to path: String, _ body: (_ sink: (Data) throws -> Void) throws -> Void) throws {
        guard path != "-" else {
            try body { data in try write(data, to: STDOUT_FILENO, path: "standard output") }
            return
        }
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
        }
        do {
            defer { close(descriptor) }
            try body { data in try write(data, to: descriptor, path: path) }
            guard fsync(descriptor) == 0 else {
                throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
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

    /// Writes all of `data` to `descriptor`, retrying short and interrupted writes.
    static func write(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw DocScanError.outputNotWritable(path: path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }
}
