import DocScanNative

/// Text that the sheet found in a photo cuts off: lines of print that run on past one of its sides.
///
/// A sheet's side found where no paper edge is (the curled end of a page turned from the light, darker
/// than a pale desk; a shadow across the sheet) cuts through its text, and the warp throws the rest of
/// every line away. A real paper edge has the desk beyond it, never print. So letters just outside a side,
/// as many as a fair share of those just inside it, mean the side is wrong: it is moved out, parallel to
/// itself, past the last letter of the run that reaches it, and the page is warped from there.
enum TextBeyondSheet {
    /// The reduced copy's longer side: the stress set's sheets had letters 7–27 px tall there.
    static let workingSize = 1600.0
    /// How far outside and inside a side letters count as next to it, in letter heights.
    static let reach = 3.0
    /// Letters next to a side, outside it and inside it, that make it cut text: at least this many on
    /// each side of it (a real edge has the sheet's margin inside it)...
    static let fewestCutLetters = 12
    /// ... and outside, at least this share of those inside.
    static let cutShare = 0.3
    /// The largest gap, in letter heights, between letters of the run followed out past a side.
    static let largestGap = 4.0
    /// Letters farther out than this share of the sheet's size across the side are not followed.
    static let farthest = 0.5
    /// Too few letters inside the sheet to know their size.
    static let fewestLetters = 30

    /// `quad` with each side that cuts text moved out past it, and the names of the sides moved (`top`,
    /// `right`, `bottom`, `left`); nil when no side cuts text, or when the page cannot be measured.
    ///
    /// A side is moved out again while it still cuts text, up to `rounds` times: each move follows the
    /// text at most `farthest` of the sheet's size, and a bright region can hold half a sheet or less.
    /// A crumpled paper photographed on a white desk, its lower half turned from the light, was found
    /// down to its fold; moved out once, its bottom side still cut four lines of two columns and a
    /// section (lines 390–404 and the conclusion of a journal page lost).
    static func widened(_ quad: PageQuad, letters photo: PhotoLetters) -> (quad: PageQuad, sides: [String])? {
        var current = quad, moved = Set<Int>()
        for _ in 0..<rounds {
            guard let wider = widenedOnce(current, letters: photo) else { break }
            current = wider.quad
            moved.formUnion(wider.sides)
        }
        return moved.isEmpty ? nil : (current, moved.sorted().map { sideNames[$0] })
    }

    /// The names of a quadrilateral's sides, in the order of `PageQuad.sides`.
    static let sideNames = ["top", "right", "bottom", "left"]

    /// How many times a side may be moved out (`widened(_:letters:)`).
    static let rounds = 3

    /// `quad` with each side that cuts text moved out past it once, and the sides moved (indexes into
    /// `PageQuad.sides`).
    private static func widenedOnce(_ quad: PageQuad, letters photo: PhotoLetters) -> (quad: PageQuad, sides: [Int])? {
        guard let (sheet, _, height) = photo.inside(quad) else { return nil }
        let sides = sheet.sides
        guard sides.count == 4 else { return nil }
        let letters = photo.letters
        // Letter-sized pieces only: the desk's grain and specks make smaller and longer ones.
        let sized = letters.filter { Double($0.height) >= 0.5 * height && Double($0.height) <= 2 * height }
        var offsets = [Double](repeating: 0, count: 4)
        for (index, side) in sides.enumerated() {
            let across = index.isMultiple(of: 2) ? sheet.flatSize.height : sheet.flatSize.width
            if let offset = cut(side, letters: sized, height: height, across: across) { offsets[index] = offset }
        }
        guard offsets.contains(where: { $0 > 0 }) else { return nil }
        // Each side moved out along its normal by its offset.
        let lines = sides.enumerated().map { index, side in PageQuad.line(of: side, movedOut: offsets[index]) }
        guard let widened = PageQuad.bounded(by: lines, scaledDownBy: photo.factor, width: photo.width, height: photo.height) else { return nil }
        return (widened, offsets.indices.filter { offsets[$0] > 0 })
    }

    /// A letter-sized piece of print, in the reduced copy's pixels.
    struct Letter {
        var centre: PageQuad.Point
        var height: Int
        /// Half its box's longer side: how far it reaches from its centre, at most.
        var halfExtent: Double
    }

    /// The pieces of print of `image` no wider than three times their height, split from the paper
    /// after its background is evened out (a shaded curl keeps its print).
    static func letters(in image: PixImage) -> [Letter]? {
        guard let even = image.backgroundNormalized(foregroundThreshold: 100),
              let ink = even.binarizedAsTesseractWould(),
              let components = ComponentBoxes(of: ink, connectivity: 8)
        else { return nil }
        let tallest = image.height / 20
        var letters: [Letter] = []
        for index in 0..<components.count {
            let box = components.frame(at: index)
            guard box.height >= 4, box.height <= tallest, box.width <= 3 * box.height else { continue }
            letters.append(Letter(
                centre: PageQuad.Point(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + Double(box.height) / 2),
                height: box.height, halfExtent: Double(max(box.width, box.height)) / 2))
        }
        return letters
    }

    /// How far `side` must move out to take in the text it cuts; nil when it cuts none.
    static func cut(_ side: PageQuad.Side, letters: [Letter], height: Double, across: Double) -> Double? {
        var outside: [(distance: Double, far: Double)] = []
        var insideCount = 0
        for letter in letters {
            let along = PageQuad.fraction(of: letter.centre, along: side)
            guard along >= 0, along <= 1 else { continue }
            let distance = PageQuad.distance(of: letter.centre, beyond: side)
            if distance > 0, distance <= across * farthest {
                outside.append((distance, distance + letter.halfExtent))
            } else if distance <= 0, distance >= -reach * height {
                insideCount += 1
            }
        }
        let near = outside.filter { $0.distance <= reach * height }.count
        guard near >= fewestCutLetters, insideCount >= fewestCutLetters, Double(near) >= cutShare * Double(insideCount) else { return nil }
        // Follow the run of letters out from the side; a gap wider than `largestGap` letters ends it.
        var reached = 0.0, edge = 0.0
        for letter in outside.sorted(by: { $0.distance < $1.distance }) {
            guard letter.distance - reached <= largestGap * height else { break }
            reached = letter.distance
            edge = max(edge, letter.far)
        }
        return edge + height
    }
}
