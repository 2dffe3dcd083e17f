import Foundation
import Synchronization

/// `transform` applied to each of `0..<count` on up to `jobs` threads, the results in index order.
///
/// Each thread makes its own `state` once (a JSON coder: a class with settings, not documented as
/// shareable) and takes `chunk` indices at a time, so the results' lock is taken once a chunk.
func concurrentMap<State, Result: Sendable>(
    count: Int, jobs: Int, chunk: Int = 8, state makeState: @Sendable () -> State, _ transform: @Sendable (inout State, Int) -> Result
) -> [Result] {
    let chunks = (count + chunk - 1) / chunk
    let workers = min(max(1, jobs), max(1, chunks))
    let results = Mutex([Result?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var state = makeState()
        for index in stride(from: worker, to: chunks, by: workers) {
            let range = (index * chunk)..<min(count, (index + 1) * chunk)
            let done = range.map { transform(&state, $0) }
            results.withLock { $0.replaceSubrange(range, with: done) }
        }
    }
    return results.withLock { $0 }.compactMap { $0 }
}
