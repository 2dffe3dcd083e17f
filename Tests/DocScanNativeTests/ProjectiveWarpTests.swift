import CLeptonica
import Foundation
@testable import DocScanNative
import Testing

/// A sheet warped out of a photo at its own size has the levels Leptonica's whole-frame warp gives
/// there, pixel for pixel.
struct ProjectiveWarpTests {
    private static let photo = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos/desk_letter.jpg").path

    /// Leptonica's warp of the whole frame, cropped to `width` × `height`.
    private func leptonicas(_ image: PixImage, from source: PointArray, to target: PointArray, width: Int, height: Int) throws -> PixImage {
        let whole = try #require(source.withUnsafePoints { source in
            target.withUnsafePoints { target in PixImage(taking: image.withUnsafePix { pixProjectivePtaGray($0, target, source, 255) }) }
        })
        return try #require(whole.cropped(to: .init(x: 0, y: 0, width: width, height: height)))
    }

    /// A tilted quadrilateral inside the frame; the frame's last 20 rows stretched over the whole output
    /// (where Leptonica reads its first row instead of the last, which the warp must copy to stay level
    /// for level); and a quadrilateral reaching past the frame, whose outside is filled. Corners' heights
    /// are from the frame's top, or from its bottom when `fromBottom`.
    @Test(arguments: [
        ([(310.0, 205.0), (1460, 260), (1390, 1750), (240, 1640)], false),
        ([(0.0, -20.0), (1100, -20), (1100, 0), (0, 0)], true),
        ([(-80.0, 40.0), (900, -60), (1000, 1300), (20, 1200)], false),
    ] as [([(Double, Double)], Bool)])
    func aSheetWarpedAtItsSizeMatchesLeptonicasWholeFrame(corners: [(Double, Double)], fromBottom: Bool) throws {
        let loaded = try #require(PixImage(reading: Self.photo))
        let grey = try #require(PixImage(taking: loaded.withUnsafePix { pixConvertTo8($0, 0) }))
        let placed = corners.map { (x: $0.0, y: fromBottom ? Double(grey.height) + $0.1 : $0.1) }
        let (width, height) = (1100, 1400)
        let source = try #require(PointArray(placed))
        let target = try #require(PointArray([(0.0, 0.0), (Double(width), 0), (Double(width), Double(height)), (0, Double(height))]))
        let ours = try #require(grey.warped(from: source, to: target, width: width, height: height, fill: 255))
        let theirs = try leptonicas(grey, from: source, to: target, width: width, height: height)
        #expect((ours.width, ours.height) == (width, height))
        var equal: Int32 = 0
        _ = ours.withUnsafePix { mine in theirs.withUnsafePix { pixEqual(mine, $0, &equal) } }
        #expect(equal == 1)
        // Not a blank image: the photo's levels are in it, and a sheet's print and paper.
        let levels = try #require(ours.greySamples())
        #expect(Set(levels).count > 16)
        if !fromBottom { #expect(levels.contains { $0 < 100 } && levels.contains { $0 > 180 }) }
    }
}
