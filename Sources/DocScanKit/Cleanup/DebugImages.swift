import DocScanCore
import DocScanNative
import Foundation

/// Writes each step's image of a page to `--debug-images DIR`, so a person can see what happened.
///
/// Files are named after the page (`letters.tif#2` → `letters.tif-p2`), numbered in step order with two
/// digits, so that a listing sorts them in that order: `-01-upright.png`, `-02-corners.png` (the sheet's
/// corners drawn in red), `-03-warped.png`, …, then always `-90-cleaned.png`, the image Tesseract reads,
/// and `-91-layout.png`, the text lines it found in the order their text was joined. (A photo can take a
/// dozen steps; with one digit its tenth sorted before its second and met the cleaned image's number.)
public struct DebugImages: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes `images` for `page`; a failure to write is a warning, never a failed page.
    func write(_ images: [(name: String, image: PixImage)], for page: PageReference) -> String? {
        let base = page.relativePath.replacingOccurrences(of: "/", with: "__") + (page.pageCount > 1 ? "-p\(page.page)" : "")
        for (index, step) in images.enumerated() {
            let number = switch step.name {
            case "cleaned": 90
            case "layout": 91
            default: min(index + 1, 89)
            }
            let path = folder.appendingPathComponent("\(base)-\(String(format: "%02d", number))-\(step.name).png").path
            guard step.image.writePNG(to: path) else {
                return "could not write the debug image \(path)"
            }
        }
        return nil
    }

    /// A colour copy of `image` with `quad` drawn on it.
    static func drawing(_ quad: PageQuad, sides: CurvedSides? = nil, on image: PixImage) -> PixImage? {
        guard let colour = image.convertedTo32(), let points = PointArray(quad.corners.map { ($0.x, $0.y) }) else { return nil }
        let width = max(3, max(image.width, image.height) / 300)
        colour.drawPolygon(points, lineWidth: width, red: 255, green: 0, blue: 0)
        // A curled sheet's sides as traced, in blue, beside the corners' quadrilateral.
        if let sides, let outline = PointArray(sides.outline(of: quad).map { ($0.x, $0.y) }) {
            colour.drawPolygon(outline, lineWidth: width, red: 0, green: 90, blue: 255)
        }
        return colour
    }

    /// A colour copy of `image` with `box` drawn on it in red: where a big scan's print was found.
    static func drawing(_ box: PageBox, on image: PixImage) -> PixImage? {
        guard let colour = image.convertedTo32(), let points = outline(box) else { return nil }
        colour.drawPolygon(points, lineWidth: 3, red: 255, green: 0, blue: 0)
        return colour
    }

    /// The corners of `box`, clockwise from its top left.
    private static func outline(_ box: PageBox) -> PointArray? {
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x + box.width, box.y + box.height), (box.x, box.y + box.height)]
        return PointArray(corners.map { (Double($0.0), Double($0.1)) })
    }

    /// A colour copy of `image` with each text line's box in green and, in red, a path through the
    /// lines' centres in reading order: a table read row by row zigzags across, columns run down.
    static func drawing(lines: [RecognizedSpan], on image: PixImage) -> PixImage? {
        guard let colour = image.convertedTo32() else { return nil }
        let width = max(2, max(image.width, image.height) / 500)
        for line in lines {
            if let points = outline(line.box) {
                colour.drawPolygon(points, lineWidth: width, red: 0, green: 170, blue: 0)
            }
        }
        let centres = lines.map { (Double($0.box.x) + Double($0.box.width) / 2, Double($0.box.y) + Double($0.box.height) / 2) }
        if centres.count >= 2, let path = PointArray(centres) {
            colour.drawPolygon(path, lineWidth: width, red: 220, green: 0, blue: 0, closed: false)
        }
        return colour
    }
}
