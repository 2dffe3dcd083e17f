extension EdgePageFinder {
    /// An outline that passed `support`, with what picking among outlines needs.
    struct Candidate {
        var found: Found
        /// Its score plus its area's bonus: the larger of two convincing outlines wins.
        var value: Double
        /// The lines along its sides, clockwise from the top.
        var lines: [Line]
        /// The side taken for the sheet's shaded end, if one was.
        var shadedSide: Int?
        /// The mean level beyond its sides where it was measured: the desk's.
        var desk: Double?
        /// How much lighter within than beyond each side is, where measured (not along the frame, the
        /// shaded end, or a side too near the frame to look beyond).
        var contrasts: [Double?]
    }

    /// The most valuable of `candidates`, unless it is another one enlarged by desk.
    ///
    /// The larger of two convincing outlines wins (a sheet rather than a box printed on it), but only
    /// where what it adds is paper. On planks whose seams slant across the frame, a seam through the
    /// sheet's top corner and the sheet's own top made two outlines alike but for that side, both of
    /// their sides seen as well (0.84 and 0.837 of 1), and the seam's, the larger, won by the triangle of
    /// desk between the two (a curled notice: its top cut at a slant, CER 0.17; 0.29 on another scene).
    /// An outline about as convincing (`alikeScores`) that differs from the winner in one side only (not
    /// its shaded end), lies within it, leaves out a part darker than halfway from the paper (`paper`) to
    /// the desk beyond the winner, and whose side stands out more from what lies beyond it than the
    /// winner's (a seam has desk either side: 11 levels against 33 for the sheet's top there) wins
    /// instead: the sheet's side runs where the desk starts. Paper left out (a box printed on the sheet)
    /// changes nothing, nor does print: what desk adds is a strip along one side (`largestLeftOut` of
    /// the winner at most), nine in ten of its pixels darker than halfway (`deskShare`). A magazine
    /// page on white stone (paper 225, stone 210), its columns and a halftone picture under a headline
    /// rule, made an outline of its top, its sides and the top of its print, whose side stood out more
    /// than the sheet's foot (29 levels against 22): it left out 87% of the sheet, its median 202 under
    /// halfway but a tenth of it at 233, and by its median the page was cut to its headline (CER 0.998,
    /// nothing read; the seam's triangle: 9%, a tenth at 176 against halfway at 211).
    static func mostConvincing(of candidates: [Candidate], in field: Field, paper: Double?) -> Candidate? {
        guard var best = candidates.max(by: { $0.value < $1.value }) else { return nil }
        guard let paper else { return best }
        for _ in 0..<4 {
            guard let desk = best.desk, desk < paper else { break }
            let within = candidates.filter { other in
                guard other.value < best.value, other.found.score >= best.found.score - alikeScores,
                      other.found.quad.area >= (1 - largestLeftOut) * best.found.quad.area,
                      let side = onlyDifferentSide(of: other, from: best), side != best.shadedSide,
                      other.shadedSide != side, let contrast = other.contrasts[side], contrast > best.contrasts[side] ?? 0
                else { return false }
                return other.found.quad.corners.allSatisfy { best.found.quad.distanceOutside($0) <= cornerSlack }
            }
            guard let inner = within.sorted(by: { $0.value > $1.value }).first(where: { inner in
                guard let left = level(within: best.found.quad, outside: inner.found.quad, in: field, reachedBy: deskShare) else { return false }
                return left < (paper + desk) / 2
            }) else { break }
            best = inner
        }
        return best
    }

    /// How much less convincing than the winner an outline may be and still count as alike: by more, its
    /// side is the weaker edge (a line of blurred print across a bowed letter, 0.74 against the sheet's
    /// 0.85, left out paper as grey as halfway to the desk).
    static let alikeScores = 0.03

    /// How far (working-copy pixels) a corner of an outline may lie outside the one it is compared with.
    static let cornerSlack = 2.0

    /// The index of the one side whose line `one` does not share with `other`; nil when they differ in
    /// none or in more than one.
    private static func onlyDifferentSide(of one: Candidate, from other: Candidate) -> Int? {
        let differing = one.lines.indices.filter { one.lines[$0] != other.lines[$0] }
        return differing.count == 1 ? differing.first : nil
    }

    /// The most of the larger outline the smaller may leave out, as a share of its area.
    static let largestLeftOut = 0.5
    /// The share of the part left out that must be darker than halfway from the paper to the desk.
    static let deskShare = 0.9

    /// The grey level `share` of the working copy's pixels (every third across and down) inside `outer`
    /// and more than a pixel outside `inner` are at or under; nil for fewer than `leftOutPixels`.
    private static func level(within outer: PageQuad, outside inner: PageQuad, in field: Field, reachedBy share: Double) -> Double? {
        let xs = outer.corners.map(\.x), ys = outer.corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let left = max(0, Int(minX)), right = min(field.width - 1, Int(maxX.rounded(.up)))
        let top = max(0, Int(minY)), bottom = min(field.height - 1, Int(maxY.rounded(.up)))
        guard left <= right, top <= bottom else { return nil }
        var counts = [Int](repeating: 0, count: 256), total = 0
        for y in stride(from: top, through: bottom, by: 3) {
            for x in stride(from: left, through: right, by: 3) {
                let point = PageQuad.Point(x: Double(x), y: Double(y))
                guard outer.distanceOutside(point) <= 0, inner.distanceOutside(point) > 1 else { continue }
                counts[Int(min(255, max(0, field.grey[y * field.width + x])))] += 1
                total += 1
            }
        }
        return total >= leftOutPixels ? level(reachedBy: share, of: counts, total: total) : nil
    }

    /// The fewest sampled pixels an outline must leave out of a larger one for its level to be judged.
    static let leftOutPixels = 50
}
