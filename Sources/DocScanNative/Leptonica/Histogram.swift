internal import CLeptonica

/// Owns one Leptonica `NUMA` holding a histogram: a count per level.
package final class Histogram {
    private let numa: UnsafeMutablePointer<NUMA>

    /// Takes ownership of a `NUMA` that the caller must not free; nil when Leptonica returned none.
    init?(taking numa: UnsafeMutablePointer<NUMA>?) {
        guard let numa else { return nil }
        self.numa = numa
    }

    deinit {
        var owned: UnsafeMutablePointer<NUMA>? = numa
        numaDestroy(&owned)
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
