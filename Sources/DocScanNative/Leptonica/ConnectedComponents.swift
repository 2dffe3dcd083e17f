internal import CLeptonica
import DocScanCore

/// The connected regions of a 1-bit image: owns the `PIXA` of their images that Leptonica's
/// `pixConnComp` returns and frees it; the `BOXA` of their boxes it also returns is held by a
/// `ComponentBoxes`. Callers that read only the boxes take a `ComponentBoxes` alone.
package final class ConnectedComponents {
    private let images: UnsafeMutablePointer<PIXA>
    private let boxes: ComponentBoxes

    /// The regions of set pixels of `mask`, joined by `connectivity` (4 or 8); nil when Leptonica cannot
    /// find them.
    package init?(of mask: PixImage, connectivity: Int) {
        var images: UnsafeMutablePointer<PIXA>?
        var boxes = mask.withUnsafePix { pixConnComp($0, &images, Int32(connectivity)) }
        guard let images, let found = boxes else {
            boxaDestroy(&boxes)
            var unowned = images
            pixaDestroy(&unowned)
            return nil
        }
        self.images = images
        self.boxes = ComponentBoxes(taking: found)
    }

    deinit {
        var owned: UnsafeMutablePointer<PIXA>? = images
        pixaDestroy(&owned)
    }

    /// How many regions there are.
    package var count: Int { Int(pixaGetCount(images)) }

    /// Where region `index` lies in the mask: its bounding box.
    package func frame(at index: Int) -> PageBox { boxes.frame(at: index) }

    /// Region `index` alone, as a 1-bit image the size of its box; it shares Leptonica's copy.
    package func image(at index: Int) -> PixImage? {
        PixImage(taking: pixaGetPix(images, Int32(index), Int32(L_CLONE)))
    }
}

/// A `PIXA` and its images are reference counted without locks, like every Leptonica object.
@available(*, unavailable)
extension ConnectedComponents: Sendable {}
