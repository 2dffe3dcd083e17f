import Foundation

/// Resources that are costly to make and may serve one user at a time (a Tesseract engine), kept per
/// key for reuse, with at most `limit` in use at once: `PageImageRenderer` prepares up to `limit`
/// pages in parallel, so a second person opening a page does not wait behind the first.
final class KeyedPool<Resource>: @unchecked Sendable {
    /// Resources in use at once; each may be large (an engine with Chinese is 100-200 MB).
    let limit: Int
    private var idle: [String: [Resource]] = [:]
    private var busy = 0
    private let condition = NSCondition()

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` with a resource for `key`: an idle one, or one `make` makes. Waits while `limit`
    /// are in use. The resource is kept for the next use, also when `body` throws (a page that cannot
    /// be read leaves its engine as good as before).
    func withResource<T>(_ key: String, make: () throws -> Resource, _ body: (Resource) throws -> T) throws -> T {
        condition.lock()
        while busy >= limit { condition.wait() }
        busy += 1
        let reused = idle[key]?.popLast()
        condition.unlock()
        var kept: Resource?
        defer {
            condition.lock()
            busy -= 1
            if let kept { idle[key, default: []].append(kept) }
            condition.signal()
            condition.unlock()
        }
        let resource = try reused ?? make()
        kept = resource
        return try body(resource)
    }

    /// Resources kept idle, over all keys.
    var idleCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return idle.values.reduce(0) { $0 + $1.count }
    }
}
