import CLeptonica
import DocScanCore
import DocScanKit
import DocScanNative
import Foundation
import Testing

extension TestSupport {
    /// The first page of `url` as the load stage hands it on (accurate mode's working size), optionally
    /// reduced so that its longer side is `longerSide`, as the orient stage judges it.
    static func loadedImage(_ url: URL, longerSide: Int? = nil) throws -> PixImage {
        let page = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        let image = try PageLoader().run(page, context: &context).image
        guard let longerSide else { return image }
        return try #require(image.scaled(by: Double(longerSide) / Double(max(image.width, image.height))))
    }

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
