@testable import DocScanKit
import Foundation
import Synchronization
import Testing

/// The two parts that let `docscan serve` answer page images quickly: the image cache and the
/// engine pool.
struct PageImageRendererPartsTests {
    @Test func theCacheKeepsTheMostRecentlyUsedImagesWithinItsBudget() {
        let cache = RenderedImageCache(budget: 3_000)
        cache.keep(Data(repeating: 1, count: 1_000), as: "a")
        cache.keep(Data(repeating: 2, count: 1_000), as: "b")
        cache.keep(Data(repeating: 3, count: 1_000), as: "c")
        #expect(cache.image("a") == Data(repeating: 1, count: 1_000))  // a is now the most recent
        cache.keep(Data(repeating: 4, count: 1_500), as: "d")          // drops b, then c
        #expect(cache.image("b") == nil && cache.image("c") == nil)
        #expect(cache.image("a")?.first == 1 && cache.image("d")?.first == 4)
        #expect(cache.size.images == 2 && cache.size.bytes == 2_500)
        cache.keep(Data(repeating: 5, count: 500), as: "a")            // replaced, not added
        #expect(cache.size.images == 2 && cache.size.bytes == 2_000 && cache.image("a")?.first == 5)
        cache.keep(Data(repeating: 6, count: 3_001), as: "huge")       // larger than the budget
        #expect(cache.image("huge") == nil && cache.size.bytes == 2_000)
    }

    @Test func thePoolRunsUpToItsLimitAtOnceAndReusesWhatItMade() throws {
        let pool = KeyedPool<Int>(limit: 3)
        let made = Atomic(0), running = Atomic(0), most = Atomic(0), finished = Atomic(0)
        // Eight threads of their own, more than the pool's limit and this machine's cores.
        for i in 0..<8 {
            Thread.detachNewThread {
                for _ in 0..<4 {
                    let value = try? pool.withResource(i % 2 == 0 ? "eng" : "chi_sim", make: { made.add(1, ordering: .sequentiallyConsistent).newValue }) { resource in
                        let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                        _ = most.max(now, ordering: .sequentiallyConsistent)
                        usleep(10_000)
                        running.subtract(1, ordering: .sequentiallyConsistent)
                        return resource
                    }
                    #expect(value != nil)
                }
                finished.add(1, ordering: .sequentiallyConsistent)
            }
        }
        while finished.load(ordering: .sequentiallyConsistent) < 8 { usleep(5_000) }
        #expect(most.load(ordering: .sequentiallyConsistent) == 3)
        // At most three in use at once, so at most three of each key were ever made, and all are kept.
        #expect((2...6).contains(made.load(ordering: .sequentiallyConsistent)))
        #expect(pool.idleCount == made.load(ordering: .sequentiallyConsistent))

        // A resource whose use throws is kept; one that could not be made is not counted.
        struct Failure: Error {}
        let before = pool.idleCount
        #expect(throws: Failure.self) { try pool.withResource("eng", make: { 99 }) { _ in throw Failure() } }
        #expect(pool.idleCount == before)
        #expect(throws: Failure.self) { try pool.withResource("deu", make: { throw Failure() }) { $0 } }
        #expect(pool.idleCount == before)
        // The limit is free again after failures: a use goes through at once.
        #expect(try pool.withResource("deu", make: { 7 }) { $0 } == 7)
    }
}
