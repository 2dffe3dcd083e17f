import CLeptonica
import Foundation
import Testing

extension TestSupport {
    /// The photo at `url` in grey, turned `degrees` clockwise on a canvas grown to hold it, the canvas
    /// filled with the median grey of the photo's top rows (the desk), written as PNG: a phone held
    /// askew, as `scripts/make_real_variants.py --variants tiltNN` makes it.
    static func turnedPhoto(_ url: URL, degrees: Double) throws -> URL {
        var colour = pixRead(url.path)
        defer { pixDestroy(&colour) }
        var grey = pixConvertTo8(colour, 0)
        defer { pixDestroy(&grey) }
        var strip = pixClipRectangle(grey, boxCreate(0, 0, pixGetWidth(grey), 10), nil)
        defer { pixDestroy(&strip) }
        var desk: Float = 0
        #expect(pixGetRankValueMasked(strip, nil, 0, 0, 1, 0.5, &desk, nil) == 0)
        let (width, height) = (Double(pixGetWidth(grey)), Double(pixGetHeight(grey)))
        let radians = degrees * .pi / 180
        let grownWidth = width * abs(cos(radians)) + height * abs(sin(radians))
        let grownHeight = width * abs(sin(radians)) + height * abs(cos(radians))
        let (padX, padY) = (Int32((grownWidth - width) / 2), Int32((grownHeight - height) / 2))
        var canvas = pixAddBorderGeneral(grey, padX, padX, padY, padY, UInt32(desk))
        defer { pixDestroy(&canvas) }
        var turned = pixRotateAMGray(canvas, Float(radians), UInt8(desk))
        defer { pixDestroy(&turned) }
        let turnedURL = try temporaryFolder().appendingPathComponent(url.deletingPathExtension().lastPathComponent + "_turned.png")
        #expect(pixWrite(turnedURL.path, turned, Int32(IFF_PNG)) == 0)
        return turnedURL
    }
}
