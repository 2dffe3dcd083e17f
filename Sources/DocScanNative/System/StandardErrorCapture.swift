internal import CProcessSupport
import Foundation
import Synchronization

/// Standard error pointed at an anonymous file in memory while a C library runs, so that what the library
/// prints there can be reported with the page it concerns.
///
/// libjpeg prints its warnings ("Premature end of JPEG file") to standard error itself, with no hook in
/// Leptonica's reader to take them: a run over a folder showed them as bare lines among its own messages,
/// naming no file, from whichever worker read it. The redirection is process-wide, so only a worker
/// process, which reads one page at a time on one thread, uses it. It owns both descriptors it makes
/// (the memory file and the saved standard error) and puts standard error back once: in `finish()`, or
/// else in deinit.
package final class StandardErrorCapture {
    private let saved: FileDescriptor
    private let file: FileDescriptor
    private var restored = false

    /// Whether a capture is under way in this process: a second one would save the first's memory file
    /// as standard error, and put that back at its end.
    private static let active = Atomic(false)

    /// Points standard error at a new memory file.
    /// - Throws: `SystemError` (`EBUSY` while another capture is under way) when the file cannot be made
    ///   or standard error not moved; standard error is then as it was.
    package init() throws(SystemError) {
        guard Self.active.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw SystemError(code: EBUSY)
        }
        let descriptor = docscan_memory_file("docscan-stderr")
        guard descriptor >= 0 else {
            let error = SystemError()
            Self.active.store(false, ordering: .releasing)
            throw error
        }
        file = FileDescriptor(taking: descriptor)
        do throws(SystemError) {
            saved = try FileDescriptor.duplicating(STDERR_FILENO)
        } catch {
            Self.active.store(false, ordering: .releasing)
            throw error
        }
        guard dup2(file.rawValue, STDERR_FILENO) >= 0 else {
            let error = SystemError()
            // Standard error never moved: nothing for deinit to put back.
            restored = true
            Self.active.store(false, ordering: .releasing)
            throw error
        }
    }

    deinit {
        restore()
    }

    /// The most of the captured text returned: a damaged file can make a decoder repeat itself.
    package static let limit = 2048

    /// Puts standard error back and returns what was printed to it meanwhile, its lines trimmed and joined
    /// with "; ", at most `limit` bytes of it; empty when nothing was.
    package func finish() -> String {
        restore()
        guard lseek(file.rawValue, 0, SEEK_SET) == 0, let bytes = try? file.read(upTo: Self.limit) else { return "" }
        let lines = String(decoding: bytes, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
        return String(decoding: lines.utf8.prefix(Self.limit), as: UTF8.self)
    }

    private func restore() {
        guard !restored else { return }
        restored = true
        fflush(nil)
        dup2(saved.rawValue, STDERR_FILENO)
        Self.active.store(false, ordering: .releasing)
    }
}
