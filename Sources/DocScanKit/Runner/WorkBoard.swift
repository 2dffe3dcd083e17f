import Foundation

/// The state workers and the writer share: the next page to hand out and the records not yet written.
///
/// Every field is read and written only while holding `condition`'s lock, which is what makes the
/// `@unchecked Sendable` sound.
final class WorkBoard: @unchecked Sendable {
    private let condition = NSCondition()
    private var nextPage = 0
    private var pageCount = 0
    private var finished: [Int: PageRecord] = [:]
    private var activeWorkers = 0
    private var cancelled = false
    private var failure: (any Error)?
    private var childPeaks: [Int] = []

    func reset(pageCount: Int) {
        locked {
            self.pageCount = pageCount
            nextPage = 0
            finished = [:]
            // `cancelled` stays: a Ctrl-C that came before the run started still stops it.
            failure = nil
            childPeaks = []
        }
    }

    /// The next page index to work on, or nil when all are handed out or the run is cancelled.
    func take() -> Int? {
        locked {
            guard !cancelled, failure == nil, nextPage < pageCount else { return nil }
            defer { nextPage += 1 }
            return nextPage
        }
    }

    func deliver(_ record: PageRecord, at index: Int) {
        locked {
            finished[index] = record
            condition.broadcast()
        }
    }

    /// Waits for the record at `index`; nil if it will never come (cancelled or a worker failed to start).
    func next(index: Int) -> PageRecord? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let record = finished.removeValue(forKey: index) { return record }
            let handedOut = index < nextPage
            if !handedOut && (cancelled || failure != nil) { return nil }
            if activeWorkers == 0 && !handedOut { return nil }
            condition.wait()
        }
    }

    func cancel() {
        locked {
            cancelled = true
            condition.broadcast()
        }
    }

    func fail(_ error: any Error) {
        locked {
            if failure == nil { failure = error }
            condition.broadcast()
        }
    }

    var setupFailure: (any Error)? { locked { failure } }

    /// Keeps one worker's child-process memory peak for the run's summary.
    func addChildPeakMemory(_ bytes: Int) {
        locked { if bytes > 0 { childPeaks.append(bytes) } }
    }

    /// The memory peak of each worker's child processes, in bytes.
    var childPeakMemory: [Int] { locked { childPeaks } }

    func workerStarted() {
        locked { activeWorkers += 1 }
    }

    func workerFinished() {
        locked {
            activeWorkers -= 1
            condition.broadcast()
        }
    }

    func waitForWorkers() {
        condition.lock()
        defer { condition.unlock() }
        while activeWorkers > 0 { condition.wait() }
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
