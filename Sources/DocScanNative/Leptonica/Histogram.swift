internal import CLeptonica

/// Owns one Leptonica `NUMA` holding a histogram: a count per level.
package final class Histogram {
    private let numa: UnsafeMutablePointer<NUMA>

    /// Takes ownership of a `NUMA` that the caller must not free; nil when Leptonica returned none.
    init?(taking numa: UnsafeMutablePointer<NUMA>?) {
        guard let numa else { return nil }
        self.numa = numa
    }

    /// A histogram of `counts`, one a level from 0, as Leptonica holds one (floats); nil when Leptonica
    /// cannot make it.
    package convenience init?(counts: [Int]) {
        guard let numa = numaCreate(Int32(counts.count)) else { return nil }
        for count in counts { numaAddNumber(numa, Float(count)) }
        self.init(taking: numa)
    }

    deinit {
        var owned: UnsafeMutablePointer<NUMA>? = numa
        numaDestroy(&owned)
    }

    /// The level that best splits the histogram into a darker and a lighter population (Otsu's
    /// criterion, taking the lowest level whose score is within `scoreFraction` of the best); nil when
    /// Leptonica finds none.
    package func split(scoreFraction: Float) -> Int? {
        var split: Int32 = 0
        return numaSplitDistribution(numa, scoreFraction, &split, nil, nil, nil, nil, nil) == 0 ? Int(split) : nil
    }

    /// Lends the `NUMA` for one C call; it must not be kept or freed.
    func withUnsafeNuma<Result>(_ body: (UnsafeMutablePointer<NUMA>) throws -> Result) rethrows -> Result {
        try body(numa)
    }

    /// How many levels (entries) it holds.
    package var count: Int { Int(numaGetCount(numa)) }

    /// The levels at which the running count first reaches each of `shares` of the total (0.5: the
    /// median level); nil for an empty histogram.
    package func levels(reaching shares: [Float]) -> [Int]? {
        let counts = (0..<count).map { self[$0] }
        let total = counts.reduce(0, +)
        guard total > 0 else { return nil }
        return shares.map { share in
            var running: Float = 0
            for (level, count) in counts.enumerated() {
                running += count
                if running >= share * total { return level }
            }
            return counts.count - 1
        }
    }

    /// The count at `level`; 0 outside the histogram, as Leptonica reports it.
    package subscript(level: Int) -> Float {
        var value: Float = 0
        _ = numaGetFValue(numa, Int32(level), &value)
        return value
    }
}

/// A `NUMA` is reference counted without locks, like every Leptonica object.
@available(*, unavailable)
extension Histogram: Sendable {}
