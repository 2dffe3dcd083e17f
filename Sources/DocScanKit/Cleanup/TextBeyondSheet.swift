import DocScanNative

/// Text that the sheet found in a photo cuts off: lines of print that run on past one of its sides.
///
/// A sheet's side found where no paper edge is (the curled end of a page turned from the light, darker
/// than a pale desk; a shadow across the sheet) cuts through its text, and the warp throws the rest of
/// every line away. A real paper edge has the desk beyond it, never print. So letters just outside a side,
/// as many as a fair share of those just inside it, mean the side is wrong: it is moved out, parallel to
/// itself, past the last letter of the run that reaches it, and the page is warped from there. Words
/// (letters the reduction joined) count as the letters they are wide.
enum TextBeyondSheet {
    /// The reduced copy's longer side: the stress set's sheets had letters 7–27 px tall there.
    static let workingSize = 1600.0
    /// How far outside and inside a side letters count as next to it, in letter heights.
    static let reach = 3.0
    /// Letters next to a side, outside it and inside it, that make it cut text: at least this many on
    /// each side of it (a real edge has the sheet's margin inside it), a word counting by its width...
    static let fewestCutLetters = 12
    /// ... and outside, at least this share of those inside.
    static let cutShare = 0.3
    /// The largest gap, in letter heights, between letters of the run followed out past a side.
    static let largestGap = 4.0
    /// Letters farther out than this share of the sheet's size across the side are not followed.
    static let farthest = 0.5
    /// Too few letters inside the sheet to know their size.
    static let fewestLetters = 30
    /// Letters whose centres lie this close outside the sheet's top or foot (in letter heights) touch
    /// it: `fewestCutLetters` of them make it cut text with no print just inside it. A paper edge has
    /// its margin inside and the desk outside; a side found along the top of a line of print, in the gap
    /// above it, has neither (a close-up of a letter, its sheet's foot beyond the frame: its enclosures
    /// line beyond the side, lost, CER 0.052). Not for the left and right sides, which lines run into,
    /// not along: counted there, letters by two photo fixtures' true right sides moved them out.
    static let touchingReach = 1.0

    /// `quad` with each side that cuts text moved out past it, and the names of the sides moved (`top`,
    /// `right`, `bottom`, `left`); nil when no side cuts text, or when the page cannot be measured.
    ///
    /// A side is moved out again while it still cuts text, up to `rounds` times: each move follows the
    /// text at most `farthest` of the sheet's size, and a bright region can hold half a sheet or less.
    /// A crumpled paper photographed on a white desk, its lower half turned from the light, was found
    /// down to its fold; moved out once, its bottom side still cut four lines of two columns and a
    /// section (lines 390–404 and the conclusion of a journal page lost). A side moved once lies on
    /// paper: it is moved again by the print ahead of it, weighed against the print behind it however
    /// little, and follows it past wider gaps (`movedSideGap`).
    static func widened(_ quad: PageQuad, letters photo: PhotoLetters) -> (quad: PageQuad, sides: [String])? {
        var current = quad, moved = Set<Int>()
        for _ in 0..<rounds {
            guard let wider = widenedOnce(current, letters: photo, moved: moved) else { break }
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
    private static func widenedOnce(_ quad: PageQuad, letters photo: PhotoLetters, moved: Set<Int>) -> (quad: PageQuad, sides: [Int])? {
        guard let (sheet, _, height) = photo.inside(quad) else { return nil }
        let sides = sheet.sides
        guard sides.count == 4 else { return nil }
        // Letter-high pieces only: the desk's grain and specks make smaller and longer ones. Words closer
        // to the sheet's letters' height (`wordHeights`): a dim photo's noise joins into long pieces too.
        let words = photo.words.filter { wordHeights.contains(Double($0.height) / height) }
        /// Letters from half the sheet's letter height to `tallest` times it, and its words.
        func pieces(upTo tallest: Double) -> [Letter] {
            photo.letters.filter { Double($0.height) >= 0.5 * height && Double($0.height) <= tallest * height } + words
        }
        // Past a side moved once, on paper, a heading's capitals count too.
        let sized = pieces(upTo: 2), headings = pieces(upTo: movedSideLetters)
        var offsets = [Double](repeating: 0, count: 4)
        for (index, side) in sides.enumerated() {
            let across = index.isMultiple(of: 2) ? sheet.flatSize.height : sheet.flatSize.width
            let movedBefore = moved.contains(index)
            if let offset = cut(
                side, letters: movedBefore ? headings : sized, height: height, across: across, movedBefore: movedBefore,
                alongLines: index.isMultiple(of: 2)) {
                offsets[index] = offset
            }
        }
        guard offsets.contains(where: { $0 > 0 }) else { return nil }
        // Each side moved out along its normal by its offset.
        let lines = sides.enumerated().map { index, side in PageQuad.line(of: side, movedOut: offsets[index]) }
        guard let widened = PageQuad.bounded(by: lines, scaledDownBy: photo.factor, width: photo.width, height: photo.height) else { return nil }
        return (widened, offsets.indices.filter { offsets[$0] > 0 })
    }

    /// A letter-sized piece of print, or a word's (letters joined), in the reduced copy's pixels.
    struct Letter {
        var centre: PageQuad.Point
        var height: Int
        /// Half its box's longer side: how far it reaches from its centre, at most.
        var halfExtent: Double
        /// How many letters it counts as: 1 for a letter, its width in letter heights for a word.
        var weight = 1.0

        /// Whether it is a word: counted by its width, and not followed (`cut`).
        var isWord: Bool { weight > 1 }
    }

    /// The pieces of print of `image` no wider than three times their height (letters), and those up to
    /// `widestWord` times (words), split from the paper after its background is evened out (a shaded
    /// curl keeps its print).
    static func letters(in image: PixImage) -> (letters: [Letter], words: [Letter])? {
        guard let even = image.backgroundNormalized(foregroundThreshold: 100),
              let ink = even.binarizedAsTesseractWould(),
              let components = ComponentBoxes(of: ink, connectivity: 8)
        else { return nil }
        // A twentieth of the longer side, whichever way the photo lies: a close-up of nine lines of large
        // print, wider than tall, had its letters over a twentieth of its height (`PhotoLettersTests`).
        let tallest = max(image.width, image.height) / 20
        var letters: [Letter] = [], words: [Letter] = []
        for index in 0..<components.count {
            let box = components.frame(at: index)
            guard box.height >= 4, box.height <= tallest, box.width <= widestWord * box.height else { continue }
            let centre = PageQuad.Point(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + Double(box.height) / 2)
            if box.width <= 3 * box.height {
                letters.append(Letter(centre: centre, height: box.height, halfExtent: Double(max(box.width, box.height)) / 2))
            } else {
                words.append(Letter(
                    centre: centre, height: box.height, halfExtent: Double(box.width) / 2, weight: Double(box.width) / Double(box.height)))
            }
        }
        return (letters, words)
    }

    /// The widest piece taken for a word, in its heights: serif print reduced to `workingSize` joins its
    /// letters into words, and a folded letter's top panel, turned from the light, kept 18 pieces as
    /// letters on the line next to the fold against 81 within (the line the fold crossed, and two),
    /// too few to count as cut; its words hold most of its print. Longer pieces are rules and the
    /// desk's grain.
    static let widestWord = 12

    /// The heights of the pieces taken for words, as shares of the sheet's median letter height: noise on
    /// a dim desk joins into long pieces of any height (a letter photographed in dim light had three
    /// 6–16 px high over its top edge, its letters 12 px), print's words keep near its letters' height.
    static let wordHeights = 0.75...1.5

    /// For a side already moved out once, both how far outside it letters count as next to it and the
    /// largest gap followed, in letter heights. Such a side lies on paper, not at its edge: a bright
    /// region that ended at a fold whose far panel faced away from the light, moved out once, stopped at
    /// the gap before a heading, and the panel's print beyond it was thrown away (a folded 1871 scan on
    /// pale wood: 2 of 3 panels lost, CER 0.38; followed on, 0.09). The paper goes on past such a
    /// gap, while another sheet's print (a facing page) lies farther: past both margins.
    static let movedSideGap = 8.0
    /// The tallest letters followed past a side moved once, in the sheet's median letter heights (2 for
    /// any other side): a heading's capitals. The folded 1871 scan's title, 21–23 px high over letters of
    /// 9, was left out past its top third's fold.
    static let movedSideLetters = 3.0

    /// How far `side` must move out to take in the text it cuts; nil when it cuts none.
    /// - Parameter movedBefore: the side was moved out in an earlier round (`movedSideGap`).
    /// - Parameter alongLines: the side is the sheet's top or foot, which lines of print run along
    ///   (`touchingReach`).
    static func cut(
        _ side: PageQuad.Side, letters: [Letter], height: Double, across: Double, movedBefore: Bool = false, alongLines: Bool = false
    ) -> Double? {
        // How far either side of it letters count as next to it, and the widest gap followed out.
        let nearby = movedBefore ? movedSideGap : reach, gap = movedBefore ? movedSideGap : largestGap
        var outside: [(distance: Double, letter: Letter)] = []
        var insideCount = 0.0
        for letter in letters {
            let along = PageQuad.fraction(of: letter.centre, along: side)
            guard along >= 0, along <= 1 else { continue }
            let distance = PageQuad.distance(of: letter.centre, beyond: side)
            // A long piece along the side, within a letter of it, is the paper's edge or its shadow.
            if letter.isWord, abs(distance) < height { continue }
            if distance > 0, distance <= across * farthest {
                outside.append((distance, letter))
            } else if distance <= 0, distance >= -nearby * height {
                insideCount += letter.weight
            }
        }
        let near = outside.filter { $0.distance <= nearby * height }.reduce(0) { $0 + $1.letter.weight }
        let fewest = Double(fewestCutLetters)
        // A line of print the top or foot runs along, just outside it (`touchingReach`).
        let touching = alongLines ? outside.filter { !$0.letter.isWord && $0.distance <= touchingReach * height }.count : 0
        // A side moved before lies past the last line it cut, maybe a short one: the print behind it is
        // weighed over as far as the print ahead, and need not be `fewest` itself.
        guard near >= fewest, movedBefore || insideCount >= fewest || Double(touching) >= fewest, near >= cutShare * insideCount
        else { return nil }
        // Follow the run of letters out from the side; a gap wider than `gap` letters ends it. Letters
        // only: a curled end's shading along the sheet's edge joins into long pieces, which led a run on
        // into a desk's grain.
        var reached = 0.0, edge = 0.0
        for (distance, letter) in outside.filter({ !$0.letter.isWord }).sorted(by: { $0.distance < $1.distance }) {
            guard distance - reached <= gap * height else { break }
            reached = distance
            edge = max(edge, distance + letter.halfExtent)
        }
        return edge + height
    }
}
