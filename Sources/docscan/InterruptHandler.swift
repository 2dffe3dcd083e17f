import Dispatch
import Foundation

/// Turns the first SIGINT or SIGTERM into a graceful stop: pages in progress finish and are written.
/// A second one ends the process at once; every record already written is complete.
final class InterruptHandler {
    private let sources: [any DispatchSourceSignal]

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "docscan.signals")
        let count = Counter()
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if count.increment() > 1 { _exit(130) }
                printError("interrupted: finishing the pages in progress (press Ctrl-C again to stop at once)")
                onInterrupt()
            }
            source.resume()
            return source
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }

    /// Touched only on the handler's serial queue.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        func increment() -> Int {
            value += 1
            return value
        }
    }
}
