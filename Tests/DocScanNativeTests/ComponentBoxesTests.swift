import CLeptonica
import DocScanCore
@testable import DocScanNative
import Testing

/// The boxes of a mask's regions found without their images are the boxes, in the same order, of the
/// regions `ConnectedComponents` cuts out: the letters' heights, the rules and the pieces of print
/// measured on them are the same.
struct ComponentBoxesTests {
    @Test(arguments: [("photos/curled_book.jpg", 8), ("photos/curled_book.jpg", 4), ("pages/en_invoice.png", 8), ("pages/zh_notice.png", 4)])
    func theBoxesAreThoseOfTheRegionsCutOut(name: String, connectivity: Int) throws {
        let mask = try #require(try greyFixture(name).darkPixels())
        let boxes = try #require(ComponentBoxes(of: mask, connectivity: connectivity))
        let regions = try #require(ConnectedComponents(of: mask, connectivity: connectivity))
        // Hundreds of regions: letters, not one blob.
        #expect(boxes.count > 300, "\(name): \(boxes.count) regions")
        #expect(boxes.count == regions.count)
        let differing = (0..<min(boxes.count, regions.count)).filter { boxes.frame(at: $0) != regions.frame(at: $0) }
        #expect(differing.isEmpty, "\(name): \(differing.count) boxes differ")
    }

    @Test func fourWayRegionsAreMoreThanEightWay() throws {
        // Two pixels touching at a corner: one region joined across corners, two otherwise.
        let mask = try #require(PixImage(taking: pixCreate(8, 8, 1)))
        mask.withUnsafePix { pix in
            _ = pixSetPixel(pix, 2, 2, 1)
            _ = pixSetPixel(pix, 3, 3, 1)
        }
        #expect(ComponentBoxes(of: mask, connectivity: 8)?.count == 1)
        #expect(ComponentBoxes(of: mask, connectivity: 4)?.count == 2)
        #expect(ComponentBoxes(of: mask, connectivity: 8)?.frame(at: 0) == PageBox(x: 2, y: 2, width: 2, height: 2))
    }
}
