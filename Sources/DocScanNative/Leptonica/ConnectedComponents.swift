internal import CLeptonica
import DocScanCore

/// The connected regions of a 1-bit image: owns the `PIXA` of their images and the `BOXA` of their
/// boxes that Leptonica's `pixConnComp` returns, and frees both.
package final class ConnectedComponents {
    private let images: UnsafeMutablePointer<PIXA>
    /// `pixConnComp`'s own list of the boxes the `PIXA` also holds: nothing reads it, it is only freed.
    private let boxes: UnsafeMutablePointer<BOXA>?

    /// The regions of set pixels of `mask`, joined by `connectivity` (4 or 8); nil when Leptonica cannot
    /// find them.
    package init?(of mask: PixImage, connectivity: Int) {
        var images: UnsafeMutablePointer<PIXA>?
        var boxes = mask.withUnsafePix { pixConnComp($0, &images, Int32(connectivity)) }
        guard let images else {
            boxaDestroy(&boxes)
            return nil
        }
        self.images = images
        self.boxes = boxes
    }

    deinit {
        var ownedImages: UnsafeMutablePointer<PIXA>? = images
        var ownedBoxes: UnsafeMutablePointer<BOXA>? = boxes
        pixaDestroy(&ownedImages)
        boxaDestroy(&ownedBoxes)
    }

    /// How many regions there are.
    package var count: Int { Int(pixaGetCount(images)) }

    /// Where region `index` lies in the mask: its bounding box.
    package func frame(at index: Int) -> PageBox {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        _ = pixaGetBoxGeometry(images, Int32(index), &x, &y, &width, &height)
        return PageBox(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
    }

    /// Region `index` alone, as a 1-bit image the size of its box; it shares Leptonica's copy.
    package func image(at index: Int) -> PixImage? {
        PixImage(taking: pixaGetPix(images, Int32(index), Int32(L_CLONE)))
    }
}

/// A `PIXA` and its images are reference counted without locks, like every Leptonica object.
@available(*, unavailable)
extension ConnectedComponents: Sendable {}
