import DocScanCore
import DocScanNative
import Foundation

/// The child side of `ProcessIsolation`: reads `PageReference` JSON lines on standard input and answers
/// each with a `ChildProcessMessage` line, until its input closes.
public enum ChildProcessMain {
    /// Reads the requested pages with one `PagePipeline`; returns when standard input ends.
    ///
    /// Replies go to a private copy of standard output, and standard output itself is pointed at
    /// standard error: a C library printing to stdout must not be read as a reply.
    public static func run(configuration: ScanConfiguration) {
        do {
            try ProcessControl.dieWithParent()
        } catch {
            // A parent killed with SIGKILL then leaves this child running until its input closes.
            warn("a worker process cannot ask to end with its parent (\(error.reason))")
        }
        ProcessControl.ignoreStopRequests()
        let replies: FileDescriptor
        do throws(SystemError) {
            replies = try FileDescriptor.duplicating(STDOUT_FILENO)
            guard dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { throw SystemError() }
        } catch {
            warn("a worker process cannot set up its reply channel (\(error.reason))")
            return
        }
        let encoder = JSONEncoder()
        func reply(_ message: ChildProcessMessage) -> Bool {
            do {
                var line = try encoder.encode(message)
                line.append(0x0A)
                try replies.write(line)
                return true
            } catch {
                // The parent is gone, or the reply cannot be encoded: the parent sees this child end.
                warn("a worker process cannot answer its parent (\(error))")
                return false
            }
        }

        if !ProcessMemory.mapBlocks(atLeast: largeBlock) {
            warn("a worker process cannot set how it allocates page images (mallopt)")
        }
        let pipeline: PagePipeline
        do {
            var configuration = configuration
            configuration.capturesDecoderMessages = true
            pipeline = try PagePipeline(configuration: configuration, extractsKeywords: false)
        } catch let error as DocScanError {
            _ = reply(.setupFailed(error))
            return
        } catch {
            _ = reply(.setupFailed(.workerFailed(reason: "\(error)")))
            return
        }
        // What loading the models took and freed (file contents, tables outgrown).
        ProcessMemory.releaseFreed()
        guard reply(.ready) else { return }
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            let page: PageReference
            do {
                page = try decoder.decode(PageReference.self, from: Data(line.utf8))
            } catch {
                warn("a worker process was sent something that is not a page (\(error))")
                return
            }
            let record = pipeline.process(page)
            // glibc would keep what the page freed; the next page may need less.
            ProcessMemory.releaseFreed()
            guard reply(.record(record)) else { return }
        }
    }

    /// Blocks of this size or more (page images) get their own mapping: `ProcessMemory.mapBlocks(atLeast:)`.
    static let largeBlock = 4 << 20

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("docscan: warning: \(message)\n".utf8))
    }
}
