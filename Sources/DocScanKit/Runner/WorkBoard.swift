import Foundation

/// The state workers and the writer share: the next page to hand out and the records not yet written.
///
/// Pages are handed out in order, so records can be written as they come, until the last `tailLength`
/// pages: those go largest first, so the run does not end with one worker reading a big page while the
/// others have nothing left (a page's cost: `ScanRunner.cost(of:)`). At most `tailLength` records wait
/// for the writer because of it.
///
/// Every field is read and written only while holding `condition`'s lock, which is what makes the
/// `@unchecked Sendable` sound.
final class WorkBoard: @unchecked Sendable {
    private let condition = NSCondition()
    /// The first page in order not handed out yet.
    private var nextPage = 0
    private var handedOut: [Bool] = []
    private var handedCount = 0
    private var pageCount = 0
    /// How many of the last pages go largest first, and what makes a page larger.
    private var tailLength = 0
    private var cost: @Sendable (Int) -> Int = { _ in 0 }
    /// The costs read so far: each page's header is read once.
    private var knownCosts: [Int: Int] = [:]
    private var finished: [Int: PageRecord] = [:]
    private var activeWorkers = 0
    private var cancelled = false
    private var failure: (any Error)?

    /// - Parameters:
    ///   - tailLength: how many of the last pages to hand out largest first.
    ///   - cost: a page's size by its index; read only for the last pages.
    func reset(pageCount: Int, tailLength: Int = 0, cost: @escaping @Sendable (Int) -> Int = { _ in 0 }) {
        locked {
            self.pageCount = pageCount
            self.tailLength = tailLength
            self.cost = cost
            nextPage = 0
            handedOut = Array(repeating: false, count: pageCount)
            knownCosts = [:]
            handedCount = 0
            finished = [:]
            // `cancelled` stays: a Ctrl-C that came before the run started still stops it.
            failure = nil
        }
    }

    /// The next page index to work on, or nil when all are handed out or the run is cancelled.
    func take() -> Int? {
        locked {
            guard !cancelled, failure == nil, handedCount < pageCount else { return nil }
            var index = nextPage
            if pageCount - handedCount <= tailLength {
                var largest = -1
                for candidate in nextPage..<pageCount where !handedOut[candidate] {
                    let size = knownCosts[candidate] ?? cost(candidate)
                    knownCosts[candidate] = size
                    if size > largest { (index, largest) = (candidate, size) }
                }
            }
            handedOut[index] = true
            handedCount += 1
            while nextPage < pageCount, handedOut[nextPage] { nextPage += 1 }
            return index
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
            let given = index < handedOut.count && handedOut[index]
            if !given && (cancelled || failure != nil) { return nil }
            if activeWorkers == 0 && !given { return nil }
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
