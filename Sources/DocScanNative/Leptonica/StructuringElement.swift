internal import CLeptonica

/// Owns one Leptonica `SEL`: a pattern of hits and misses a hit-miss transform looks for.
package final class StructuringElement {
    private let sel: UnsafeMutablePointer<SEL>

    /// A pattern written row by row in Leptonica's notation: `x` a set pixel, `o` an unset one, a space
    /// either; the capital (`X` or `O`) is the origin. Nil when Leptonica refuses it.
    package init?(_ pattern: String, height: Int, width: Int) {
        guard let sel = selCreateFromString(pattern, Int32(height), Int32(width), "pattern") else { return nil }
        self.sel = sel
    }

    deinit {
        var owned: UnsafeMutablePointer<SEL>? = sel
        selDestroy(&owned)
    }

    /// A set pixel whose eight neighbours are all unset.
    package static func isolatedPixel() -> StructuringElement? {
        StructuringElement("ooooXoooo", height: 3, width: 3)
    }

    /// Lends the handle for one C call; it must not be kept or freed.
    func withUnsafeSel<Result>(_ body: (UnsafeMutablePointer<SEL>) throws -> Result) rethrows -> Result {
        try body(sel)
    }
}

/// A `SEL` is not reference counted but is read by Leptonica without locks; it stays on its thread.
@available(*, unavailable)
extension StructuringElement: Sendable {}
