import Dispatch
import DocScanCore
import DocScanKit
import Foundation
import Synchronization

/// Turns the first SIGINT or SIGTERM into a graceful stop: pages in progress finish and are written.
/// A second one ends the process at once; every record already written is complete.
final class InterruptHandler {
    private let sources: [any DispatchSourceSignal]

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "docscan.signals")
        let count = Interrupts()
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if count.seen.add(1, ordering: .relaxed).newValue > 1 { _exit(ExitStatus.interrupted.rawValue) }
                StandardError.print("interrupted: finishing the pages in progress (press Ctrl-C again to stop at once)")
                onInterrupt()
            }
            source.resume()
            return source
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }

    /// How many interrupts came, shared by the two signal handlers.
    private final class Interrupts: Sendable {
        let seen = Atomic(0)
    }
}
