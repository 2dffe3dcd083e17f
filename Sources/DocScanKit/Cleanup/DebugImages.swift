import DocScanCore
import DocScanNative
import Foundation

/// Writes each step's image of a page to `--debug-images DIR`, so a person can see what happened.
///
/// Files are named after the page (`letters.tif#2` → `letters.tif-p2`), numbered in step order:
/// `-1-upright.png`, `-2-corners.png` (the sheet's corners drawn in red), `-3-warped.png`, … and
/// `-9-cleaned.png`, the image Tesseract reads.
public struct DebugImages: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes `images` for `page`; a failure to write is a warning, never a failed page.
    func write(_ images: [(name: String, image: PixImage)], for page: PageReference) -> String? {
        let base = page.relativePath.replacingOccurrences(of: "/", with: "__") + (page.pageCount > 1 ? "-p\(page.page)" : "")
        for (index, step) in images.enumerated() {
            let number = step.name == "cleaned" ? 9 : index + 1
            let path = folder.appendingPathComponent("\(base)-\(number)-\(step.name).png").path
            guard step.image.writePNG(to: path) else {
                return "could not write the debug image \(path)"
            }
        }
        return nil
    }

    /// A colour copy of `image` with `quad` drawn on it.
    static func drawing(_ quad: PageQuad, on image: PixImage) -> PixImage? {
        guard let colour = image.convertedTo32(), let points = PointArray(quad.corners.map { ($0.x, $0.y) }) else { return nil }
        colour.drawPolygon(points, lineWidth: max(3, max(image.width, image.height) / 300), red: 255, green: 0, blue: 0)
        return colour
    }
}
