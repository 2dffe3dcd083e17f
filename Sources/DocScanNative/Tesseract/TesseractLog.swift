import Foundation
import Synchronization

/// Where Tesseract's messages go: a hidden file of this process's, so they never interleave with
/// docscan's own output, and a model that fails to load can still be explained in Tesseract's words
/// ("Error opening data file …/eng.traineddata; Failed loading language 'eng'").
///
/// Tesseract sends every message through one process-wide `debug_file`, which it opens once, on its
/// first message, and never reopens. So the file is opened here once, unlinked at once (it goes with
/// the process), and named to Tesseract as `/proc/self/fd/N`; it is emptied before each engine start
/// and after each page, so it never grows with a long run. Engine starts are serialized so one
/// start's messages are not another's.
enum TesseractLog {
    private static let file = Mutex<FileDescriptor?>(nil)

    /// Starts an engine through `start` (true when it started) with the log set on `api`.
    /// - Returns: whether it started, and what Tesseract printed meanwhile, one message a line.
    static func capturing(on api: TesseractAPI, _ start: () -> Bool) -> (started: Bool, messages: String) {
        file.withLock { descriptor in
            if descriptor == nil { descriptor = makeFile() }
            let name = descriptor.map { "/proc/self/fd/\($0.rawValue)" } ?? "/dev/null"
            api.setVariable("debug_file", name)
            guard let descriptor else { return (start(), "") }
            fflush(nil)
            ftruncate(descriptor.rawValue, 0)
            let started = start()
            fflush(nil)
            return (started, read(descriptor))
        }
    }

    /// Empties the log after a page; Tesseract's own stream writes on past the end, which leaves a
    /// hole that takes no space.
    static func discard() {
        file.withLock { descriptor in
            if let descriptor { ftruncate(descriptor.rawValue, 0) }
        }
    }

    /// An unlinked file in the temporary folder, or nil (messages are then discarded).
    private static func makeFile() -> FileDescriptor? {
        var template = Array((NSTemporaryDirectory() + "/docscan-tesseract-XXXXXX").utf8CString)
        let raw = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard raw >= 0 else { return nil }
        let file = FileDescriptor(taking: raw)
        _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        return file
    }

    /// The log's messages, without the zeros of the hole before them and without Tesseract's advice to
    /// set TESSDATA_PREFIX, which does not apply: docscan names the model folder itself.
    private static func read(_ descriptor: FileDescriptor) -> String {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0, status.st_size > 0 else { return "" }
        let size = min(Int(status.st_size), 1 << 20)
        var bytes = [UInt8](repeating: 0, count: size)
        let count = pread(descriptor.rawValue, &bytes, size, off_t(Int(status.st_size) - size))
        guard count > 0 else { return "" }
        let text = String(decoding: bytes[..<count].filter { $0 != 0 }, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.contains("TESSDATA_PREFIX") }
            .joined(separator: "\n")
    }
}
