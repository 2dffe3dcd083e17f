internal import CLeptonica
import DocScanCore

/// Owns one Leptonica `BOX`: the region `PixImage.cropped(to:)` keeps.
package final class ClipRectangle {
    private let box: UnsafeMutablePointer<BOX>

    /// Nil when Leptonica refuses the rectangle (a negative width or height).
    package init?(_ rectangle: PageBox) {
        guard let box = boxCreate(Int32(rectangle.x), Int32(rectangle.y), Int32(rectangle.width), Int32(rectangle.height)) else {
            return nil
        }
        self.box = box
    }

    deinit {
        var owned: UnsafeMutablePointer<BOX>? = box
        boxDestroy(&owned)
    }

    /// Lends the handle for one C call; it must not be kept or freed.
    func withUnsafeBox<Result>(_ body: (UnsafeMutablePointer<BOX>) throws -> Result) rethrows -> Result {
        try body(box)
    }
}

/// A `BOX` is reference counted without locks, like every Leptonica object.
@available(*, unavailable)
extension ClipRectangle: Sendable {}
