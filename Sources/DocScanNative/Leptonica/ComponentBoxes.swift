internal import CLeptonica
import DocScanCore

/// The boxes of the connected regions of a 1-bit image, without the regions' images: owns the `BOXA`
/// Leptonica's `pixConnComp` returns when it is not asked for the images, and frees it.
///
/// Leptonica finds the same regions in the same order either way (it fills each from its first pixel
/// in raster order); asked for the images it also cuts each region out into an image of its own, which
/// for a photo's thousands of letters is most of the work. Callers that read only the boxes (the
/// letters' heights, pieces of print, rules) take these.
package final class ComponentBoxes {
    private let boxes: UnsafeMutablePointer<BOXA>

    /// The boxes of the regions of set pixels of `mask`, joined by `connectivity` (4 or 8); nil when
    /// Leptonica cannot find them.
    package init?(of mask: PixImage, connectivity: Int) {
        guard let boxes = mask.withUnsafePix({ pixConnComp($0, nil, Int32(connectivity)) }) else { return nil }
        self.boxes = boxes
    }

    /// Takes ownership of `boxes` (`ConnectedComponents`' list from `pixConnComp`).
    init(taking boxes: UnsafeMutablePointer<BOXA>) {
        self.boxes = boxes
    }

    deinit {
        var owned: UnsafeMutablePointer<BOXA>? = boxes
        boxaDestroy(&owned)
    }

    /// How many regions there are.
    package var count: Int { Int(boxaGetCount(boxes)) }

    /// Where region `index` lies in the mask: its bounding box.
    package func frame(at index: Int) -> PageBox {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        _ = boxaGetBoxGeometry(boxes, Int32(index), &x, &y, &width, &height)
        return PageBox(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
    }
}

/// A `BOXA` is reference counted without locks, like every Leptonica object.
@available(*, unavailable)
extension ComponentBoxes: Sendable {}
