import Foundation

/// Page images already rendered, kept in memory up to a byte budget, the least recently used dropped
/// first: going back to a page, or a second person opening it, costs a lookup instead of another load,
/// orientation and clean-up (0.4-0.8 s a page).
///
/// Keys name the file's content (its SHA-256), so a changed file never gets an old image.
final class RenderedImageCache: @unchecked Sendable {
    private let budget: Int
    private var entries: [String: (data: Data, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    private let lock = NSLock()

    /// - Parameter budget: the most bytes kept; 64 MB holds about 250 page images.
    init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    /// The image under `key`, marked as just used; nil when it is not kept.
    func image(_ key: String) -> Data? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.data, clock)
            return entry.data
        }
    }

    /// Keeps `data` under `key`, dropping the least recently used images until it fits the budget.
    /// An image larger than the whole budget is not kept.
    func keep(_ data: Data, as key: String) {
        guard data.count <= budget else { return }
        lock.withLock {
            if let old = entries.removeValue(forKey: key) { bytes -= old.data.count }
            while bytes + data.count > budget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                entries.removeValue(forKey: oldest.key)
                bytes -= oldest.value.data.count
            }
            clock += 1
            entries[key] = (data, clock)
            bytes += data.count
        }
    }

    /// How many images and bytes are kept.
    var size: (images: Int, bytes: Int) { lock.withLock { (entries.count, bytes) } }
}
