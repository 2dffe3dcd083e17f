import DocScanCore
import DocScanNative

/// Short lines Tesseract's layout analysis cut across their characters, read again whole.
///
/// A line of a few characters (a Chinese paragraph's last one or two, a short heading such as `请留意：`)
/// gives the layout analysis little to fit a line to, and where its characters have a gap across them
/// (合, 会, 言, 二) it takes the gap for the space between two lines: it lays out two lines, one over the
/// other, each as wide as the other and neither as tall as a line of the page, and reads each half as a
/// line. Fixtures' notice ended `理解与配合！` on a line of its own, read `A` over `岂。` (the command-line
/// `tesseract --psm 3` reads it the same way); eval/public's `zh_edu_p10` read `请留意：` as `\主5刀生`
/// over `十闭居:` in accurate mode; photos of the notice read `合!` and, under it, the foot of 合 again
/// as `口，`. Two such pieces, read one after the other, are read again as one line from the box
/// holding both, and that reading takes their place when Tesseract is `margin` points surer of it than
/// of the pieces (their confidence weighted by their characters) and it is no longer than a line's
/// re-reading may be (`LineReading.fits`): the cut, padded, may reach into the print of
/// the lines around. A reading without a letter or a digit is kept out: two specks read at no
/// confidence beside a tilted photo's column (`t` over `,`) read as one `|` at 74, a mark the edge-mark
/// step (which runs before) would have taken out.
enum HalvedLines {
    /// How tall each piece may be at most, as a share of the page's typical line height.
    static let pieceHeight = 0.8
    /// How tall both together may be at most: one line's height, not two lines'.
    static let wholeHeight = 1.2
    /// How much of the narrower piece the wider must cover across the page, and how wide the narrower
    /// must be as a share of the wider: the two halves of the same characters.
    static let overlap = 0.7
    static let widthRatio = 0.6
    /// How many points surer of the whole line Tesseract must be than of its pieces.
    static let margin = 5.0

    /// The pairs of `page`'s lines (indices of the upper piece, the lower one following it) that look
    /// like one short line cut across; no line in two pairs.
    static func candidates(in page: RecognizedText) -> [Int] {
        guard let typical = page.typicalLineHeight.map(Double.init) else { return [] }
        var pairs: [Int] = []
        var index = 0
        while index + 1 < page.lines.count {
            let (upper, lower) = (page.lines[index], page.lines[index + 1])
            if isCut(upper, lower, typical: typical) {
                pairs.append(index)
                index += 2
            } else {
                index += 1
            }
        }
        return pairs
    }

    /// Whether `upper` and `lower`, two lines read one after the other, are the halves of one short line.
    static func isCut(_ upper: RecognizedSpan, _ lower: RecognizedSpan, typical: Double) -> Bool {
        let (a, b) = (upper.box, lower.box)
        guard !upper.text.trimmingCharacters(in: .whitespaces).isEmpty, !lower.text.trimmingCharacters(in: .whitespaces).isEmpty,
              Double(a.height) < pieceHeight * typical, Double(b.height) < pieceHeight * typical,
              a.y < b.y, Double(a.union(b).height) <= wholeHeight * typical
        else { return false }
        let (narrower, wider) = (min(a.width, b.width), max(a.width, b.width))
        return wider > 0 && Double(narrower) >= widthRatio * Double(wider)
            && Double(a.horizontalOverlap(with: b)) >= overlap * Double(narrower)
    }

    /// Reads each pair of `page`'s pieces (`candidates`) again as one line from `image`, with `read`,
    /// and puts the readings kept in their place.
    /// - Returns: how many pairs were joined.
    static func join(
        _ page: inout RecognizedText, on image: PixImage, with read: (PixImage) throws -> RecognizedText
    ) rethrows -> Int {
        var joined = 0
        // From the last pair back, so that the indices of earlier pairs stay valid.
        for index in candidates(in: page).reversed() {
            let (upper, lower) = (page.lines[index], page.lines[index + 1])
            let box = upper.box.union(lower.box)
            guard let reading = try LineReading.read(box, on: image, with: read),
                  reading.confidence >= LineReading.characterWeighted([upper, lower].map { ($0.text, $0.confidence) }) + margin,
                  reading.fits(characters: upper.text.count + lower.text.count),
                  reading.text.contains(where: { $0.isLetter || $0.isNumber })
            else { continue }
            guard page.removeLine(at: index + 1) != nil else { continue }
            page.lines[index].box = box
            page.replaceLines([index: reading])
            joined += 1
        }
        return joined
    }
}
