import DocScanCore
import CProcessSupport
import Foundation

/// The child side of `ProcessIsolation`: reads `PageReference` JSON lines on standard input and answers
/// each with a `ChildProcessMessage` line, until its input closes.
public enum ChildProcessMain {
    /// Reads the requested pages with one `PagePipeline`; returns when standard input ends.
    ///
    /// Replies go to a private copy of standard output, and standard output itself is pointed at
    /// standard error: a C library printing to stdout must not be read as a reply.
    public static func run(configuration: ScanConfiguration) {
        // A parent killed with SIGKILL cannot stop its children; the kernel does instead.
        _ = docscan_die_with_parent()
        let channel = dup(STDOUT_FILENO)
        guard channel >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return }
        let replies = FileHandle(fileDescriptor: channel, closeOnDealloc: true)
        let encoder = JSONEncoder()
        func reply(_ message: ChildProcessMessage) -> Bool {
            guard var line = try? encoder.encode(message) else { return false }
            line.append(0x0A)
            do {
                try replies.write(contentsOf: line)
                return true
            } catch {
                return false
            }
        }

        let pipeline: PagePipeline
        do {
            pipeline = try PagePipeline(configuration: configuration)
        } catch let error as DocScanError {
            _ = reply(.setupFailed(error))
            return
        } catch {
            _ = reply(.setupFailed(.workerFailed(reason: "\(error)")))
            return
        }
        guard reply(.ready) else { return }
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            guard let page = try? decoder.decode(PageReference.self, from: Data(line.utf8)) else { return }
            let record = pipeline.process(page)
            guard reply(.record(record, keywordCounts: record.keywordCounts)) else { return }
        }
    }
}
