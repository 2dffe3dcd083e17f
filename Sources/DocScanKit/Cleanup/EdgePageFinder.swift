import DocScanNative
import Foundation

/// Finds a sheet of paper by its outline: four straight edges, each lighter inside than outside (or,
/// when asked, one the other way round: the sheet's end shaded darker than the desk).
///
/// The brightness finder (`PageFinder`) needs the paper to stand out as one bright region; on a light
/// desk, wood grain and the paper's own shading join them, and the region is no quadrilateral. The
/// sheet's boundary is still there as long straight edges. On a copy reduced to 640 px and blurred
/// (which smooths out grain and print), each pixel's gradient votes for the lines through it in the
/// direction its gradient allows (a Hough transform); the strongest lines, with the image's borders for
/// a sheet cut off by the frame, are paired into candidate quadrilaterals. Each candidate's sides are
/// then checked where they run: the share of each side along which the gradient is strong, across
/// the side, and lighter inside than outside. Text lines and table rules fail that test (light on both
/// sides), and so does a printed box on a page. The edge of a block of print passes it, print beyond
/// and blank paper within; but beyond it the level ripples with the lines of print (`ripple`).
enum EdgePageFinder {
    struct Found {
        var quad: PageQuad
        /// Mean share of the four sides that is a real edge (0–1).
        var score: Double
        /// How many of its sides run along the frame's edge (the sheet runs out of the photo there).
        var sidesAlongFrame = 0
    }

    static let workingSize = 640.0
    /// The least mean side support for a sheet, and the least for any one side.
    static let minimumScore = 0.55
    static let minimumSideSupport = 0.35
    /// A side on the image's border (the sheet runs out of the frame) counts as this much support.
    static let borderSupport = 0.5
    /// The smallest sheet, as a share of the photo: a receipt on a counter fills about a tenth.
    static let minimumArea = 0.04
    /// How far a corner may lie outside the image, as a share of its longer side (`support`).
    static let outsideCorner = 0.10

    struct Line: Equatable {
        /// Unit normal and distance from the origin: points p with p·n = rho.
        var nx: Double, ny: Double, rho: Double
        var strength: Double
        var isBorder = false

        var isHorizontal: Bool { abs(ny) > abs(nx) }

        func intersection(with other: Line) -> PageQuad.Point? {
            PageQuad.meeting((nx, ny, rho), (other.nx, other.ny, other.rho))
        }
    }

    /// The blurred grey levels and gradients of the working copy.
    struct Field {
        let width: Int, height: Int
        var grey: [Float], gx: [Float], gy: [Float]

        func inside(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }
    }

    /// The sheet in `image` (an 8-bit grey photo), in its pixels; nil when no outline is convincing.
    /// - Parameter darker: look for a sheet darker than what lies around it (on a white table), by
    ///   looking for a lighter one in the photo's negative.
    static func find(in image: PixImage, darker: Bool = false) -> Found? {
        outlines(in: image, darker: darker, shadedEnd: false).usual
    }

    /// The most convincing outlines of one search: with every side the usual way round, and (when
    /// `shadedEnd`) with one side allowed to be the sheet's shaded end (`shadedSideSupport`), which a
    /// caller takes only when nothing else found the sheet.
    struct Outlines {
        var usual: Found?
        /// The best of all outlines, a shaded end allowed; nil unless asked for.
        var allowingShadedEnd: Found?
    }

    /// Both outlines of `outlines` from one look at the photo: its gradients and lines found once.
    static func outlines(in image: PixImage, darker: Bool = false, shadedEnd: Bool) -> Outlines {
        let factor = min(1, workingSize / Double(max(image.width, image.height)))
        guard let small = factor < 1 ? image.scaled(by: factor) : image, let samples = small.greySamples(),
              small.width >= 32, small.height >= 32
        else { return Outlines() }
        let field = gradients(of: darker ? samples.map { 255 - $0 } : samples, width: small.width, height: small.height)
        var lines = strongestLines(in: field)
        let w = Double(field.width - 1), h = Double(field.height - 1)
        lines += [Line(nx: 0, ny: 1, rho: 0, strength: 0, isBorder: true), Line(nx: 0, ny: 1, rho: h, strength: 0, isBorder: true),
                  Line(nx: 1, ny: 0, rho: 0, strength: 0, isBorder: true), Line(nx: 1, ny: 0, rho: w, strength: 0, isBorder: true)]
        let horizontal = lines.filter(\.isHorizontal), vertical = lines.filter { !$0.isHorizontal }
        var candidates: [Candidate] = []
        let frameArea = Double(field.width * field.height)
        let measured = SideMeasures()
        let paper = paperLevel(of: field)
        for (i, top) in horizontal.enumerated() {
            for bottom in horizontal[(i + 1)...] {
                for (j, left) in vertical.enumerated() {
                    for right in vertical[(j + 1)...] {
                        guard let (quad, sides) = quadrilateral(top, bottom, left, right), quad.area >= minimumArea * frameArea,
                              let support = support(of: quad, sides: sides, in: field, paper: paper, shadedEnd: shadedEnd, measured: measured)
                        else { continue }
                        // Among convincing outlines the larger wins: a sheet rather than a box printed on it
                        // (where what it adds is paper: `mostConvincing`).
                        let value = support.score + 0.3 * (quad.area / frameArea).squareRoot()
                        let found = Found(quad: quad, score: support.score, sidesAlongFrame: sides.filter(\.isBorder).count)
                        candidates.append(Candidate(found: found, value: value, lines: sides, shadedSide: support.shadedSide, desk: support.desk,
                                                    contrasts: support.contrasts))
                    }
                }
            }
        }
        func inPhoto(_ best: Candidate?) -> Found? {
            best.map { Found(quad: $0.found.quad.scaled(by: 1 / factor), score: ($0.found.score * 100).rounded() / 100,
                             sidesAlongFrame: $0.found.sidesAlongFrame) }
        }
        let usual = candidates.filter { $0.shadedSide == nil }
        return Outlines(usual: inPhoto(mostConvincing(of: usual, in: field, paper: paper)),
                        allowingShadedEnd: shadedEnd ? inPhoto(mostConvincing(of: candidates, in: field, paper: paper)) : nil)
    }

    /// A 5×5 box blur, then Sobel gradients. (Over raw buffers, as the Hough transform's votes: with the
    /// arrays' checks, and `atan2` for every vote's direction, the two took 15–24 ms of a search on
    /// eval/real's photos, 12–14 ms so.)
    private static func gradients(of samples: [UInt8], width: Int, height: Int) -> Field {
        var rows = [Float](repeating: 0, count: width * height)
        var grey = [Float](repeating: 0, count: width * height)
        let radius = 2
        samples.withUnsafeBufferPointer { samples in
            rows.withUnsafeMutableBufferPointer { rows in
                for y in 0..<height {
                    let line = y * width
                    for x in 0..<width {
                        // Summed from the left as the window runs, as many as lie in the row.
                        var sum: Float = 0, count: Float = 0
                        for dx in max(-radius, -x)...min(radius, width - 1 - x) {
                            sum += Float(samples[line + x + dx]); count += 1
                        }
                        rows[line + x] = sum / count
                    }
                }
            }
        }
        rows.withUnsafeBufferPointer { rows in
            grey.withUnsafeMutableBufferPointer { grey in
                for y in 0..<height {
                    let (first, last) = (max(-radius, -y), min(radius, height - 1 - y))
                    for x in 0..<width {
                        var sum: Float = 0, count: Float = 0
                        for dy in first...last {
                            sum += rows[(y + dy) * width + x]; count += 1
                        }
                        grey[y * width + x] = sum / count
                    }
                }
            }
        }
        var gx = [Float](repeating: 0, count: width * height), gy = gx
        grey.withUnsafeBufferPointer { grey in
            gx.withUnsafeMutableBufferPointer { gx in
                gy.withUnsafeMutableBufferPointer { gy in
                    for y in 1..<max(1, height - 1) {
                        for x in 1..<max(1, width - 1) {
                            func g(_ dx: Int, _ dy: Int) -> Float { grey[(y + dy) * width + x + dx] }
                            gx[y * width + x] = (g(1, -1) + 2 * g(1, 0) + g(1, 1) - g(-1, -1) - 2 * g(-1, 0) - g(-1, 1)) / 8
                            gy[y * width + x] = (g(-1, 1) + 2 * g(0, 1) + g(1, 1) - g(-1, -1) - 2 * g(0, -1) - g(1, -1)) / 8
                        }
                    }
                }
            }
        }
        return Field(width: width, height: height, grey: grey, gx: gx, gy: gy)
    }

    /// The paper's level: the level 90% of the working copy's middle half is darker than (the sheet
    /// covers the middle of a photo of it), to the grey level; nil when the copy is too small.
    private static func paperLevel(of field: Field) -> Double? {
        var counts = [Int](repeating: 0, count: 256)
        for y in (field.height / 4)..<(3 * field.height / 4) {
            for x in (field.width / 4)..<(3 * field.width / 4) {
                counts[Int(min(255, max(0, field.grey[y * field.width + x])))] += 1
            }
        }
        let total = counts.reduce(0, +)
        return total >= 100 ? level(reachedBy: 0.9, of: counts, total: total) : nil
    }

    /// The lowest grey level that `share` of the `total` pixels counted in `counts` (a histogram of 256
    /// levels) are at or under.
    static func level(reachedBy share: Double, of counts: [Int], total: Int) -> Double {
        var seen = 0
        for level in counts.indices {
            seen += counts[level]
            if Double(seen) >= share * Double(total) { return Double(level) }
        }
        return 255
    }

    /// How many of the strongest lines outlines are made of, and how many of the strongest of each
    /// orientation (across, down) at least.
    static let linesKept = 14
    static let linesPerOrientation = 4
    /// How many of the outermost lines of each orientation are kept at either end.
    static let outermostLines = 2

    /// The strongest straight lines: a Hough transform in which each pixel with a clear gradient votes
    /// only for lines across its gradient (±3°), weighted by its strength.
    private static func strongestLines(in field: Field) -> [Line] {
        let angles = 180, diagonal = Int((Double(field.width * field.width + field.height * field.height)).squareRoot()) + 1
        let rhos = 2 * diagonal + 1
        var votes = [Float](repeating: 0, count: angles * rhos)
        let cosines = (0..<angles).map { cos(Double($0) * .pi / 180) }, sines = (0..<angles).map { sin(Double($0) * .pi / 180) }
        let minimumGradient: Float = 2.5
        votes.withUnsafeMutableBufferPointer { votes in
            field.gx.withUnsafeBufferPointer { gxs in
                field.gy.withUnsafeBufferPointer { gys in
                    for y in 1..<max(1, field.height - 1) {
                        for x in 1..<max(1, field.width - 1) {
                            let gx = gxs[y * field.width + x], gy = gys[y * field.width + x]
                            let magnitude = (gx * gx + gy * gy).squareRoot()
                            guard magnitude >= minimumGradient else { continue }
                            var direction = gradientDegrees(y: Double(gy), x: Double(gx))
                            direction = ((direction % 180) + 180) % 180
                            let vote = min(magnitude, 40)
                            for offset in -3...3 {
                                // Within a turn either way of 0..<180: one step back in, no division.
                                let turned = direction + offset
                                let theta = turned < 0 ? turned + angles : turned >= angles ? turned - angles : turned
                                let rho = Int((Double(x) * cosines[theta] + Double(y) * sines[theta]).rounded()) + diagonal
                                votes[theta * rhos + rho] += vote
                            }
                        }
                    }
                }
            }
        }
        // Peaks: local maxima over ±6° and ±12 px, strongest first.
        var peaks: [(theta: Int, rho: Int, value: Float)] = []
        let floor = (votes.max() ?? 0) * 0.08
        for theta in 0..<angles {
            for rho in 0..<rhos {
                let value = votes[theta * rhos + rho]
                guard value > floor else { continue }
                var isPeak = true
                search: for dt in -6...6 {
                    let t = theta + dt
                    // Angles wrap at 180° with the distance's sign flipped.
                    let (tt, flip) = t < 0 ? (t + angles, true) : t >= angles ? (t - angles, true) : (t, false)
                    for dr in -12...12 {
                        let r = flip ? (rhos - 1 - rho) + dr : rho + dr
                        guard r >= 0, r < rhos, dt != 0 || dr != 0 else { continue }
                        if votes[tt * rhos + r] > value { isPeak = false; break search }
                    }
                }
                if isPeak { peaks.append((theta, rho, value)) }
            }
        }
        let lines = peaks.sorted { $0.value > $1.value }.map { peak in
            Line(nx: cosines[peak.theta], ny: sines[peak.theta], rho: Double(peak.rho - diagonal), strength: Double(peak.value))
        }
        // The strongest overall, and the strongest of each orientation: a sheet needs two of both, and
        // a desk of planks can fill the list of the strongest with one orientation (a curled lab report
        // on planks: 13 of its 14 strongest lines ran across, and its own curled left edge came 18th).
        let across = lines.indices.filter { lines[$0].isHorizontal }.prefix(linesPerOrientation)
        let down = lines.indices.filter { !lines[$0].isHorizontal }.prefix(linesPerOrientation)
        var kept = Set(lines.indices.prefix(linesKept)).union(across).union(down)
        // And the outermost of each orientation: a sheet's sides lie outside its print, whose lines can
        // crowd a faint side out of the strongest (a manual page on near-white stone: its top side, lit
        // as brightly as the stone, came 22nd of 23 lines, after 18 lines of print: read from the whole
        // photo, CER 0.18, from the sheet found so 0.13).
        let centre = (x: Double(field.width) / 2, y: Double(field.height) / 2)
        for horizontal in [true, false] {
            // Where each line crosses the frame's middle, across its orientation.
            func position(_ line: Line) -> Double {
                horizontal ? (line.rho - line.nx * centre.x) / line.ny : (line.rho - line.ny * centre.y) / line.nx
            }
            let ordered = lines.indices.filter { lines[$0].isHorizontal == horizontal }.sorted { position(lines[$0]) < position(lines[$1]) }
            kept.formUnion(ordered.prefix(outermostLines))
            kept.formUnion(ordered.suffix(outermostLines))
        }
        return kept.sorted().map { lines[$0] }
    }

    /// `Int((atan2(y, x) * 180 / .pi).rounded())`, the gradient's direction to the nearest degree, from
    /// a polynomial arctangent where that cannot round otherwise: libm's `atan2` for every voting pixel
    /// was a fifth of the Hough transform's time (2–3 of 10–15 ms). The polynomial (Abramowitz and
    /// Stegun 4.4.49) is within 1e-5 rad (0.0006°) of the arctangent; an angle within `exactNearHalf` of
    /// a half degree, where it could round the other way, is taken from `atan2`, so the result is
    /// `atan2`'s.
    @inline(__always)
    static func gradientDegrees(y: Double, x: Double) -> Int {
        let (ax, ay) = (abs(x), abs(y))
        guard max(ax, ay) > 0 else { return 0 }
        let z = min(ax, ay) / max(ax, ay), z2 = z * z
        var angle = z * (0.9998660 + z2 * (-0.3302995 + z2 * (0.1801410 + z2 * (-0.0851330 + z2 * 0.0208351))))
        if ay > ax { angle = .pi / 2 - angle }
        if x < 0 { angle = .pi - angle }
        if y < 0 { angle = -angle }
        let degrees = angle * 180 / .pi
        let fraction = abs(degrees - degrees.rounded(.down) - 0.5)
        guard fraction > exactNearHalf else { return Int((atan2(y, x) * 180 / .pi).rounded()) }
        return Int(degrees.rounded())
    }

    /// How near a half degree the polynomial's angle must lie for `gradientDegrees` to ask `atan2`:
    /// three times the polynomial's error.
    static let exactNearHalf = 0.002

    /// The quadrilateral the four lines bound, corners clockwise from the top left, and the lines along its
    /// sides clockwise from the top; nil when it is not a convex quadrilateral of a sensible shape.
    private static func quadrilateral(_ top: Line, _ bottom: Line, _ left: Line, _ right: Line) -> (PageQuad, [Line])? {
        guard let a = top.intersection(with: left), let b = top.intersection(with: right),
              let c = bottom.intersection(with: right), let d = bottom.intersection(with: left)
        else { return nil }
        var quad = PageQuad(topLeft: a, topRight: b, bottomRight: c, bottomLeft: d)
        var sides = [top, right, bottom, left]
        // The lines were picked by orientation, not position: order them, and the corners, by where they are.
        if quad.topLeft.y + quad.topRight.y > quad.bottomLeft.y + quad.bottomRight.y {
            quad = PageQuad(topLeft: d, topRight: c, bottomRight: b, bottomLeft: a)
            sides.swapAt(0, 2)
        }
        if quad.topLeft.x + quad.bottomLeft.x > quad.topRight.x + quad.bottomRight.x {
            quad = PageQuad(topLeft: quad.topRight, topRight: quad.topLeft, bottomRight: quad.bottomLeft, bottomLeft: quad.bottomRight)
            sides.swapAt(1, 3)
        }
        let corners = quad.corners
        var sign = 0.0
        for index in 0..<4 {
            let p = corners[index], q = corners[(index + 1) % 4], r = corners[(index + 2) % 4]
            let cross = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x)
            guard cross != 0, sign == 0 || (cross > 0) == (sign > 0) else { return nil }
            sign = cross
        }
        let size = quad.flatSize
        guard min(size.width, size.height) > 0, max(size.width, size.height) / min(size.width, size.height) < 8 else { return nil }
        return (quad, sides)
    }

    /// Mean support of the quadrilateral's sides (see the type's comment); nil when a side is too weak,
    /// or a corner lies well outside the image.
    ///
    /// A corner may lie outside by `outsideCorner` of the image's longer side: a sheet that runs out of
    /// the frame at a corner (the warp fills what the photo lacks with white). At 3% a letter whose corner
    /// was 89 px (5.6%) out was cut off along the top of a text line instead (CER 0.19, then 0.002).
    /// With `shadedEnd`, one side may be the sheet's shaded end (`shadedSideSupport`); the result says
    /// which one was, with the desk's level (the mean beyond the sides measured) and how much lighter
    /// within than beyond each side is (nil where not measured).
    private static func support(
        of quad: PageQuad, sides lines: [Line], in field: Field, paper: Double?, shadedEnd: Bool, measured: SideMeasures
    ) -> (score: Double, shadedSide: Int?, desk: Double?, contrasts: [Double?])? {
        let margin = outsideCorner * Double(max(field.width, field.height))
        for corner in quad.corners {
            guard corner.x >= -margin, corner.y >= -margin, corner.x <= Double(field.width) + margin,
                  corner.y <= Double(field.height) + margin
            else { return nil }
        }
        var total = 0.0, borderSides: [Int] = [], within: [Double] = [], beyond: [Double] = []
        /// How much lighter within than beyond each side is, where measured.
        var contrasts = [Double?](repeating: nil, count: 4)
        /// The level beyond the side taken for a shaded end, if one is.
        var beyondShadedEnd: Double?, shadedSide: Int?
        // `sides` runs clockwise from the top, as `lines` does: top, right, bottom, left.
        let sides = quad.sides
        guard sides.count == 4 else { return nil }
        for (index, (a, b, nx, ny)) in sides.enumerated() {
            if lines[index].isBorder {
                borderSides.append(index)
                total += borderSupport
                continue
            }
            guard a.distance(to: b) > 8 else { return nil }
            let side = SideMeasures.Side(a: a, b: b, nx: nx, ny: ny)
            let (samples, hits, darkerWithin) = measured.edges(of: side) {
                var hits = 0, darkerWithin = 0, samples = 0
                for (x, y) in samplePoints(from: a, to: b) {
                    guard field.inside(Int(x), Int(y)) else { continue }
                    samples += 1
                    if isEdge(atX: x, y: y, outwardX: nx, outwardY: ny, in: field) {
                        hits += 1
                    } else if shadedEnd, isEdge(atX: x, y: y, outwardX: -nx, outwardY: -ny, in: field, reachingBack: shadedEndReach) {
                        darkerWithin += 1
                    }
                }
                return (samples, hits, darkerWithin)
            }
            guard samples >= 10 else { return nil }
            // A side with print beyond it (`ripple`) counts for less, and not at all past `maximumRipple`;
            // but not a side with paper within and a level beyond that never comes back up near it: that
            // ripple is the desk's own (`deskUnderPaper`, `seamRipple`).
            let rippling = measured.ripple(of: side) { Self.ripple(beyond: a, b, outwardX: nx, outwardY: ny, in: field) }
            var ripple = rippling.ripple
            if ripple > levelRipple, ripple <= seamRipple, let paper,
               let inside = measured.levels(of: side, { levels(across: a, b, outwardX: nx, outwardY: ny, in: field) })?.within,
               inside >= paper - deskUnderPaper, rippling.lightest <= inside - deskUnderPaper {
                ripple = 0
            }
            let damping = min(1, max(0, (maximumRipple - ripple) / (maximumRipple - levelRipple)))
            let share = Double(hits) / Double(samples) * damping
            if share < minimumSideSupport {
                // One side may be the sheet's shaded end, an edge the other way round (`shadedSideSupport`).
                guard shadedEnd, beyondShadedEnd == nil, Double(darkerWithin) / Double(samples) * damping >= shadedSideSupport,
                      let levels = measured.levels(of: side, { levels(across: a, b, outwardX: nx, outwardY: ny, in: field) }),
                      levels.within < levels.beyond
                else { return nil }
                beyondShadedEnd = levels.beyond
                shadedSide = index
                total += borderSupport
                continue
            }
            // A side too near the frame to look beyond is judged by its edge alone.
            if let levels = measured.levels(of: side, { levels(across: a, b, outwardX: nx, outwardY: ny, in: field) }) {
                guard levels.within >= levels.beyond + minimumSideContrast else { return nil }
                within.append(levels.within)
                beyond.append(levels.beyond)
                contrasts[index] = levels.within - levels.beyond
            }
            total += share
        }
        // A "sheet" bounded mostly by the frame (or by a shaded end) is the frame.
        guard borderSides.count + (beyondShadedEnd == nil ? 0 : 1) <= 2 else { return nil }
        // Beyond a shaded end lies the desk, darker than the lit paper within the other sides; beyond the
        // edge of a block of print (as dark within) lies the page's margin, as light as its paper.
        if let desk = beyondShadedEnd {
            guard within.count >= 2, desk <= within.reduce(0, +) / Double(within.count) - shadedEndDesk else { return nil }
        }
        // Where the sheet runs out of the frame, paper lies along the frame's edge; desk there means the
        // frame's edge is no side of it (on pale stone, a strip of the frame between two lines of print
        // passed for a sheet, two of its sides the frame's).
        if !within.isEmpty {
            let paper = within.reduce(0, +) / Double(within.count), desk = beyond.reduce(0, +) / Double(beyond.count)
            for index in borderSides {
                let (a, b, nx, ny) = sides[index]
                guard let level = level(within: a, b, outwardX: nx, outwardY: ny, in: field), level >= (paper + desk) / 2
                else { return nil }
            }
        }
        let score = total / 4
        let desk = beyond.isEmpty ? nil : beyond.reduce(0, +) / Double(beyond.count)
        return score >= minimumScore ? (score, shadedSide, desk, contrasts) : nil
    }

    /// Where a side is looked at: 40 points spread evenly over its middle 80% (the corners are left
    /// out, where the other sides' edges cross).
    private static func samplePoints(from a: PageQuad.Point, to b: PageQuad.Point) -> some Sequence<(x: Double, y: Double)> {
        (0..<40).lazy.map { step in
            let t = 0.1 + 0.8 * (Double(step) + 0.5) / 40
            return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        }
    }

    /// How far beyond and within a side (working-copy pixels) `levels(across:)` compares the image.
    static let bandDepth = 10...24

    /// The median grey levels within and beyond the side a–b, over a band of `bandDepth` either way (nil
    /// when too little of either lies in the image): what lies around a sheet is darker than the sheet.
    /// The edge test looks only a few pixels across, where a line of print is darker too: on a small
    /// shadowed scan a "sheet" whose top and bottom ran along two text lines (print just beyond each)
    /// cut the page to the lines between (CER 0.78); beyond such a side lies more page, as light as
    /// within. Medians, not means: a dark picture within a third of a sheet's side brought the mean
    /// within it under the desk's level beyond, and the sheet was cut at the picture's top instead.
    private static func levels(
        across a: PageQuad.Point, _ b: PageQuad.Point, outwardX nx: Double, outwardY ny: Double, in field: Field
    ) -> (within: Double, beyond: Double)? {
        var within: [Float] = [], beyond: [Float] = []
        for (x, y) in samplePoints(from: a, to: b) {
            for depth in stride(from: bandDepth.lowerBound, through: bandDepth.upperBound, by: 7) {
                let d = Double(depth)
                let inX = Int((x - nx * d).rounded()), inY = Int((y - ny * d).rounded())
                let outX = Int((x + nx * d).rounded()), outY = Int((y + ny * d).rounded())
                guard field.inside(inX, inY), field.inside(outX, outY) else { continue }
                within.append(field.grey[inY * field.width + inX])
                beyond.append(field.grey[outY * field.width + outX])
            }
        }
        guard within.count >= 20 else { return nil }
        within.sort()
        beyond.sort()
        return (Double(within[within.count / 2]), Double(beyond[beyond.count / 2]))
    }

    /// The mean grey level in a band `bandDepth` within a side (one along the frame's edge); nil when
    /// too little of it lies in the image.
    private static func level(
        within a: PageQuad.Point, _ b: PageQuad.Point, outwardX nx: Double, outwardY ny: Double, in field: Field
    ) -> Double? {
        let totals = stride(from: bandDepth.lowerBound, through: bandDepth.upperBound, by: 7).map {
            greyTotal(along: a, b, outwardX: nx, outwardY: ny, depth: -Double($0), in: field)
        }
        let sum = totals.reduce(0) { $0 + $1.sum }, count = totals.reduce(0) { $0 + $1.count }
        return count >= 20 ? sum / Double(count) : nil
    }

    /// The sum of the grey levels `depth` px beyond the side a–b (within it, when negative) at its
    /// sample points, and how many of them lie in the image.
    private static func greyTotal(
        along a: PageQuad.Point, _ b: PageQuad.Point, outwardX nx: Double, outwardY ny: Double, depth: Double, in field: Field
    ) -> (sum: Double, count: Int) {
        var sum = 0.0, count = 0
        for (x, y) in samplePoints(from: a, to: b) {
            let px = Int((x + nx * depth).rounded()), py = Int((y + ny * depth).rounded())
            guard field.inside(px, py) else { continue }
            sum += Double(field.grey[py * field.width + px])
            count += 1
        }
        return (sum, count)
    }

    /// How much the level beyond a side may ripple (`ripple`): up to `levelRipple` a side counts in full,
    /// less and less beyond, not at all from `maximumRipple`. Measured on the photo stress set's pale
    /// stone, wood and counters: sheets' sides 0–7, seams between a desk's planks 20; lines of print
    /// 100–170 across the page, 29–45 when the side runs partly over the desk or across curled lines.
    static let maximumRipple = 40.0
    static let levelRipple = 8.0

    /// How much the grey level, averaged along the side, rises and falls beyond it (from 6 to 30 px out)
    /// beyond what it changes overall: its total variation less its net change. A line of print runs as
    /// straight as a sheet's side, darker beyond than within, and is as strong an edge; but beyond it lie
    /// more lines of print, paper between them, so the level beyond ripples. Beyond a sheet lies the
    /// desk, which averaged along a side is level or changes steadily (a shade). On near-white stone a
    /// letter's top side was a line of print in its middle, the page cut there (CER 0.95).
    ///
    /// Returns the ripple and the lightest of the levels beyond.
    private static func ripple(
        beyond a: PageQuad.Point, _ b: PageQuad.Point, outwardX nx: Double, outwardY ny: Double, in field: Field
    ) -> (ripple: Double, lightest: Double) {
        var levels: [Double] = []
        for depth in stride(from: 6, through: 30, by: 2) {
            let (sum, count) = greyTotal(along: a, b, outwardX: nx, outwardY: ny, depth: Double(depth), in: field)
            // Only depths that most of the side reaches inside the frame.
            guard count >= 20 else { break }
            levels.append(sum / Double(count))
        }
        guard let first = levels.first, let last = levels.last, let lightest = levels.max() else { return (0, 0) }
        let variation = zip(levels, levels.dropFirst()).reduce(0) { $0 + abs($1.1 - $1.0) }
        return (variation - abs(last - first), lightest)
    }

    /// How far under the level within a side (`levels(across:)`) the level beyond must stay, all the way
    /// out, for its ripple to be the desk's rather than print's: between lines of print lies paper. The
    /// seams of pale planks parallel to a curled letter's top and bottom sides rippled 26 and 35 beyond
    /// them, the level there never within 32 of the paper's, and the letter was not found (CER 0.22;
    /// from its sheet 0.001). The level within must be the paper's (`paperLevel(of:)`), within as much:
    /// a seam of the planks beyond a sheet has desk within it as well as beyond (an 1871 page on pale
    /// planks under a lamp's glare was cut at a seam above its top, CER 0.02 → 0.11, when the level
    /// within was not asked for; Fixtures' lab report on pale planks 0.012 → 0.026 when it was compared
    /// with the lightest level within the outline's own sides, a seam's and three of the sheet's).
    static let deskUnderPaper = 20.0
    /// The most a desk's seams may ripple beyond a side: a seam's dip, down and up again (those letter's
    /// sides 26 and 35). Lines of print ripple more, one dip a line (a line of print under a lamp's
    /// glare on the 1871 page, the paper beyond it dimmer than the glare within: 81, cut there when
    /// taken, CER 0.02 → 0.21).
    static let seamRipple = 50.0

    /// The least share of a side that is an edge darker within than beyond, for the side to be the sheet's
    /// end curled away from the light. On pale wood such an end is darker than the desk beside it (a
    /// lab report curled at its left: 40 of 40 points so, 0 the usual way round, its other three sides
    /// 0.68–1.0), and the sheet had no outline (CER 0.18–0.23, read from the whole photo). One such side
    /// counts as much as one along the frame (`borderSupport`), and the other three must hold.
    static let shadedSideSupport = 0.6
    /// How far towards the desk (px) the step down into a shaded end is looked for.
    static let shadedEndReach = 6
    /// How much darker than the paper within the other sides the desk beyond a shaded end must be. The
    /// lab report's desk lay 33 levels under its paper; the left edge of a book page's print, darker
    /// within than its margin beyond, passed for a shaded end and cut the page's margin and first
    /// letters off (eval/real's Finnish cookbook, CER 0.04 → 0.73).
    static let shadedEndDesk = 20.0

    /// How much lighter (grey levels) the sheet must be than what lies beyond its sides, on average.
    /// Beyond a line of print that passed for a side lies paper as light as within (0 or less); a sheet
    /// on pale stone stood out by 7.8 on one side, and was cut at a line of print when 8 was asked; a
    /// letter on near-white stone, its top side seen by the thin shadow it casts and the stone beyond as
    /// bright as the paper but for 3.5 levels, was not found when 5 was asked (read as it lay, CER
    /// 0.035; from its sheet 0.001).
    static let minimumSideContrast = 3.0

    /// Where within a side `isEdge` looks for the paper's level: the lightest of these depths (px).
    ///
    /// A step, not a line: 6 px beyond the side the image must be darker than the paper within, which a
    /// line of print or a rule, paper on both sides, is not. The paper's level was taken at 6 px within
    /// alone; a sheet whose paper darkens just within its edge (old paper browned there, or a scan's own
    /// dark page edge printed on it) had it there as dark as its shadow 6 px beyond, and lay unfound on
    /// white stone (the photo stress set's 1871 page: CER 0.145 fast, 0.059 accurate as it lay; 0.024 and
    /// 0.013 from its sheet). No other page of eval/public, eval/real, Fixtures and the two photo stress
    /// sets (414 page-runs) changed.
    static let stepWithin = 2...8

    /// Whether, within 3 px across the side at (x, y), the image darkens strongly going outward.
    ///
    /// With a longer reach `back` (a shaded end's), the step is looked for that far against `outward`
    /// too, and the levels either side are taken from the step found rather than the side: the sheet's
    /// lifted end casts a thin shadow on the desk, and the line found runs along that groove, between
    /// the step down from the desk and the paper's slow rise within (a curled supply order on pale
    /// planks: the step 4–8 px out from its side).
    private static func isEdge(
        atX x: Double, y: Double, outwardX nx: Double, outwardY ny: Double, in field: Field, reachingBack back: Int = 3
    ) -> Bool {
        for offset in -back...3 {
            let px = Int((x + nx * Double(offset)).rounded()), py = Int((y + ny * Double(offset)).rounded())
            guard field.inside(px, py) else { continue }
            let gx = Double(field.gx[py * field.width + px]), gy = Double(field.gy[py * field.width + px])
            let magnitude = (gx * gx + gy * gy).squareRoot()
            // Darker outward: the gradient (towards lighter) points inward, across the side.
            guard magnitude >= 3, -(gx * nx + gy * ny) >= 0.85 * magnitude else { continue }
            let (sx, sy) = back > 3 ? (Double(px), Double(py)) : (x, y)
            let outX = Int((sx + nx * 6).rounded()), outY = Int((sy + ny * 6).rounded())
            guard field.inside(outX, outY) else { return true }
            var lightestWithin: Float?
            for depth in stepWithin {
                let inX = Int((sx - nx * Double(depth)).rounded()), inY = Int((sy - ny * Double(depth)).rounded())
                guard field.inside(inX, inY) else { continue }
                lightestWithin = max(lightestWithin ?? 0, field.grey[inY * field.width + inX])
            }
            guard let lightestWithin else { return true }
            return lightestWithin >= field.grey[outY * field.width + outX] + 8
        }
        return false
    }
}

/// What the sides of one search's candidate outlines measured, each side (its two ends and the way out)
/// once: a side is shared by every candidate whose line and two neighbouring lines are its own, and was
/// measured again for each (the page-finding step of 29 photos: 1.72 → 1.55 s). The measures read only
/// the search's gradients and levels, so a side measured once measures the same.
private final class SideMeasures {
    struct Side: Hashable {
        let ax: Double, ay: Double, bx: Double, by: Double, nx: Double, ny: Double

        init(a: PageQuad.Point, b: PageQuad.Point, nx: Double, ny: Double) {
            (ax, ay, bx, by, self.nx, self.ny) = (a.x, a.y, b.x, b.y, nx, ny)
        }
    }

    private var edges: [Side: (samples: Int, hits: Int, darkerWithin: Int)] = [:]
    private var ripples: [Side: (ripple: Double, lightest: Double)] = [:]
    private var levels: [Side: (within: Double, beyond: Double)?] = [:]

    /// The side's sample points in the image, those on an edge darker outward, and those darker inward.
    func edges(of side: Side, _ measure: () -> (samples: Int, hits: Int, darkerWithin: Int)) -> (samples: Int, hits: Int, darkerWithin: Int) {
        Self.remembered(in: &edges, side, measure)
    }

    func ripple(of side: Side, _ measure: () -> (ripple: Double, lightest: Double)) -> (ripple: Double, lightest: Double) {
        Self.remembered(in: &ripples, side, measure)
    }

    func levels(of side: Side, _ measure: () -> (within: Double, beyond: Double)?) -> (within: Double, beyond: Double)? {
        Self.remembered(in: &levels, side, measure)
    }

    /// `side`'s value in `store`, measured and kept the first time (a measure of nil is kept too).
    private static func remembered<Value>(in store: inout [Side: Value], _ side: Side, _ measure: () -> Value) -> Value {
        if let known = store[side] { return known }
        let value = measure()
        store.updateValue(value, forKey: side)
        return value
    }
}
