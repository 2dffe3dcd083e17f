import CLeptonica

/// Finds the sheet of paper in a photo: the largest bright region, and its four corners.
///
/// Leptonica has no corner detector. On a copy reduced to 800 px, the page is separated from the darker
/// background by a threshold from the grey-level distribution; the largest bright connected region is
/// the sheet, and its corners are the region's extreme points along the two diagonals (smallest and
/// largest x+y and x−y), which for a convex quadrilateral turned less than 45° are its corners.
public enum PageFinder {
    /// Why no quadrilateral was used, for the record.
    public enum Outcome: Equatable, Sendable {
        case found(PageQuad)
        case notFound(String)
    }

    /// The reduced copy's longer side.
    static let workingSize = 800.0

    public static func find(in image: PixImage) -> Outcome {
        guard image.depth == 8 else { return .notFound("bilevel or unusual image: a scan, not a photo") }
        let factor = min(1, workingSize / Double(max(image.width, image.height)))
        guard let small = factor < 1 ? image.scaled(by: factor) : image else { return .notFound("could not reduce the image") }
        var threshold: Int32 = 0
        guard small.withUnsafePix({ pixSplitDistributionFgBg($0, 0.1, 1, &threshold, nil, nil, nil) }) == 0,
              let dark = PixImage(taking: small.withUnsafePix { pixThresholdToBinary($0, threshold) }),
              let bright = PixImage(taking: dark.withUnsafePix { pixInvert(nil, $0) })
        else { return .notFound("no bright page against a darker background") }
        guard let region = largestRegion(in: bright) else { return .notFound("no bright region") }
        let imageArea = Double(small.width * small.height)
        let quad = region.quad
        // Convincing: a large region, solid inside its corners (text holes aside), and not simply the frame.
        guard quad.area >= 0.2 * imageArea else { return .notFound("the largest bright region covers under 20% of the photo") }
        guard Double(region.pixels) >= 0.75 * quad.area else { return .notFound("the bright region is not a solid quadrilateral") }
        let frame = [PageQuad.Point(x: 0, y: 0), .init(x: Double(small.width), y: 0),
                     .init(x: Double(small.width), y: Double(small.height)), .init(x: 0, y: Double(small.height))]
        let diagonal = (Double(small.width * small.width + small.height * small.height)).squareRoot()
        if zip(quad.corners, frame).allSatisfy({ $0.distance(to: $1) < 0.03 * diagonal }) {
            return .notFound("the page fills the frame")
        }
        return .found(quad.scaled(by: 1 / factor))
    }

    /// The largest 4-connected set region of a 1-bit image: its pixel count and diagonal extreme points.
    private static func largestRegion(in mask: PixImage) -> (pixels: Int, quad: PageQuad)? {
        var components: UnsafeMutablePointer<PIXA>?
        var boxes = mask.withUnsafePix { pixConnComp($0, &components, 4) }
        defer {
            boxaDestroy(&boxes)
            pixaDestroy(&components)
        }
        guard let components else { return nil }
        var best: (index: Int, pixels: Int32)?
        for index in 0..<Int(pixaGetCount(components)) {
            var width: Int32 = 0, height: Int32 = 0
            _ = pixaGetBoxGeometry(components, Int32(index), nil, nil, &width, &height)
            // Only regions whose box could hold a page are counted.
            guard Int(width) * Int(height) >= mask.width * mask.height / 10,
                  let region = PixImage(taking: pixaGetPix(components, Int32(index), Int32(L_CLONE)))
            else { continue }
            var count: Int32 = 0
            _ = region.withUnsafePix { pixCountPixels($0, &count, nil) }
            if count > best?.pixels ?? 0 { best = (index, count) }
        }
        guard let best, let region = PixImage(taking: pixaGetPix(components, Int32(best.index), Int32(L_CLONE))) else { return nil }
        var left: Int32 = 0, top: Int32 = 0
        _ = pixaGetBoxGeometry(components, Int32(best.index), &left, &top, nil, nil)
        guard let quad = extremeCorners(of: region, offsetX: Int(left), offsetY: Int(top)) else { return nil }
        return (Int(best.pixels), quad)
    }

    /// The set pixels with the smallest and largest x+y and x−y.
    private static func extremeCorners(of region: PixImage, offsetX: Int, offsetY: Int) -> PageQuad? {
        region.withUnsafePix { pix -> PageQuad? in
            guard let data = pixGetData(pix) else { return nil }
            let wordsPerLine = Int(pixGetWpl(pix))
            let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
            var minSum = Int.max, maxSum = Int.min, minDiff = Int.max, maxDiff = Int.min
            var topLeft = (0, 0), bottomRight = (0, 0), bottomLeft = (0, 0), topRight = (0, 0)
            func consider(_ x: Int, _ y: Int) {
                if x + y < minSum { minSum = x + y; topLeft = (x, y) }
                if x + y > maxSum { maxSum = x + y; bottomRight = (x, y) }
                if x - y < minDiff { minDiff = x - y; bottomLeft = (x, y) }
                if x - y > maxDiff { maxDiff = x - y; topRight = (x, y) }
            }
            for y in 0..<height {
                let line = data + y * wordsPerLine
                // Only the first and last set pixel of a row can be extreme along either diagonal.
                var first: Int?, last: Int?
                for x in 0..<width where (line[x >> 5] >> (31 - UInt32(x & 31))) & 1 == 1 {
                    if first == nil { first = x }
                    last = x
                }
                if let first, let last {
                    consider(first + offsetX, y + offsetY)
                    consider(last + offsetX, y + offsetY)
                }
            }
            guard minSum != Int.max else { return nil }
            func point(_ p: (Int, Int)) -> PageQuad.Point { .init(x: Double(p.0), y: Double(p.1)) }
            return PageQuad(topLeft: point(topLeft), topRight: point(topRight), bottomRight: point(bottomRight), bottomLeft: point(bottomLeft))
        }
    }

    /// The page inside `quad` warped flat onto a rectangle of its real proportions.
    static func flatten(_ image: PixImage, quad: PageQuad) -> PixImage? {
        let size = quad.flatSize
        let width = min(Double(image.width), size.width.rounded()), height = min(Double(image.height), size.height.rounded())
        guard width > 10, height > 10, let source = ptaCreate(4), let target = ptaCreate(4) else { return nil }
        var sourceOwned: UnsafeMutablePointer<PTA>? = source, targetOwned: UnsafeMutablePointer<PTA>? = target
        defer {
            ptaDestroy(&sourceOwned)
            ptaDestroy(&targetOwned)
        }
        for corner in quad.corners { ptaAddPt(source, Float(corner.x), Float(corner.y)) }
        for (x, y) in [(0.0, 0.0), (width, 0), (width, height), (0, height)] { ptaAddPt(target, Float(x), Float(y)) }
        // Leptonica takes the destination points first; the output has the input's size and is cropped after.
        guard let warped = PixImage(taking: image.withUnsafePix { pixProjectivePtaGray($0, target, source, 255) }) else { return nil }
        return warped.cropped(to: PageBox(x: 0, y: 0, width: Int(width), height: Int(height)))
    }
}
