import DocScanNative

/// Joins print made of separate dots (a dot-matrix printer's: till receipts, invoices, forms) into
/// strokes, so that Tesseract sees letters.
///
/// Tesseract takes each dot for a speck: a scanned receipt of the SROIE set (receipt 293, its letters
/// seven dots high and the dots apart at both working sizes) read three words in both modes
/// (case-insensitive CER 0.98–1.00), and `tesseract --psm 3` read the page as garbage. Blurred by a box
/// just wide enough for the dots to touch, it reads like any receipt.
///
/// Such print is told by its pieces of ink (split as Tesseract splits the page): dots of 2–5 px, at
/// least `dotsPerLetter` of them for every letter-sized piece (that receipt: 11 and 14 at the two
/// working sizes; every other page of the eval sets, Fixtures and 108 SROIE receipts at most 2.2).
/// Small print counts so too, its letters being the size of dots (Fixtures' and the eval sets' pages
/// reduced to a third or a quarter: up to 400), so the page is also blurred to see what the pieces
/// join into: dotted print into letters at least `lettersOverDots` dots tall (the receipt: 7 and 10),
/// small letters into words little taller than themselves (at most 4.1 on those reduced pages); and
/// into more letters than the page had (`letterGain`), not the grey of a halftone picture.
///
/// A page scanned finer has larger dots, some close enough to touch: the same receipt cut out of its
/// 600-dpi scan at fast mode's working size (`PrintExtent`, 375 dpi) counted 5.3 dots a letter, but
/// its joined letters were only 1.3 times its letters before (clumps of dots counted as letters), and
/// it read 0.98 again. So when the page's dots are not found or not joined at its size, they are
/// looked for on a copy of half its size (`reductions`: there 1,200 dots and 138 letters, joined into
/// 375 letters by a 3-px box), and the page is blurred by a box twice as wide as the one that joined
/// that copy's.
enum DottedPrint {
    /// The sides (pixels) a piece of ink may have to count as a dot: single pixels are noise or stray
    /// pixels of print, and a dot-matrix dot at the working sizes is 2–3 px across.
    static let dotSizes = 2...5
    /// The least dots for each letter-sized piece of ink on dotted print.
    static let dotsPerLetter = 4.0
    /// Fewer dots than this make no page of print.
    static let fewestDots = 200
    /// The boxes tried, narrowest first, until the dots have joined (`joinedDotsPerLetter`): each wider
    /// one blurs the letters more (the receipt at accurate mode's size read 0.45 blurred by 3, 0.12 by
    /// 5; at fast mode's 0.15 by 3, 0.64 by 7).
    static let boxes = [3, 5, 7]
    /// Dots are joined when fewer than this are left for each letter-sized piece.
    static let joinedDotsPerLetter = 0.5
    /// The least height of the joined letters, in dots: a dot-matrix letter is seven dots high.
    static let lettersOverDots = 5.0
    /// Joined, dotted print makes at least this many times the letter-sized pieces it had: its dots
    /// become letters (the receipt 2.5 times, Fixtures' dotted invoice 1.8). A halftone picture's dots
    /// join into a grey area instead (a letter with one over a third of it, dots 3–6 px apart:
    /// 0.9–1.1), and the page is left alone.
    static let letterGain = 1.5
    /// The reductions of the page its dots are looked for at, until one finds dotted print.
    static let reductions = [1, 2]

    /// The page's dotted print joined, and the box that joined it; nil when its print is not dotted
    /// or no box joins it into letters.
    static func joined(_ image: PixImage) -> (image: PixImage, box: Int)? {
        guard image.depth == 8 else { return nil }
        for reduction in reductions {
            guard let copy = reduction == 1 ? image : image.scaled(by: 1 / Double(reduction)),
                  let dotted = InkPieces(of: copy), dotted.dots >= fewestDots,
                  Double(dotted.dots) >= dotsPerLetter * Double(max(1, dotted.letters))
            else { continue }
            guard let box = joiningBox(copy, dotted: dotted) else { continue }
            if reduction == 1 { return box }
            let wider = box.box * reduction | 1
            return image.boxBlurred(size: wider).map { ($0, wider) }
        }
        return nil
    }

    /// `image`, whose `dotted` pieces are dots, blurred by the narrowest of `boxes` that joins them into
    /// letters, and that box; nil when none does.
    private static func joiningBox(_ image: PixImage, dotted: InkPieces) -> (image: PixImage, box: Int)? {
        guard let dotSize = dotted.dotSize else { return nil }
        for box in boxes {
            guard let blurred = image.boxBlurred(size: box), let pieces = InkPieces(of: blurred) else { return nil }
            guard Double(pieces.dots) < joinedDotsPerLetter * Double(max(1, pieces.letters)) else { continue }
            guard let height = pieces.letterHeight, Double(height) >= lettersOverDots * dotSize,
                  Double(pieces.letters) >= letterGain * Double(dotted.letters)
            else { return nil }
            return (blurred, box)
        }
        return nil
    }
}

/// The pieces of ink of an 8-bit page, split as Tesseract splits it, counted as dots and letters.
struct InkPieces {
    /// Pieces with both sides within `DottedPrint.dotSizes`.
    var dots = 0
    /// Letter-sized pieces, as `TextSizeResolution` counts them.
    var letters = 0
    /// The dots' median longer side; nil without dots.
    var dotSize: Double?
    /// The letters' height as `TextSizeResolution` measures it; nil with too few letters.
    var letterHeight: Int?

    init?(of image: PixImage) {
        guard let ink = image.binarizedAsTesseractWould(), let pieces = ComponentBoxes(of: ink, connectivity: 8) else { return nil }
        let tallest = image.height / 10
        var heights: [Int] = []
        var dotSides: [Int] = []
        for index in 0..<pieces.count {
            let box = pieces.frame(at: index)
            if DottedPrint.dotSizes.contains(box.width), DottedPrint.dotSizes.contains(box.height) {
                dotSides.append(max(box.width, box.height))
            } else if TextSizeResolution.isLetter(box, tallest: tallest) {
                heights.append(box.height)
            }
        }
        dots = dotSides.count
        letters = heights.count
        if !dotSides.isEmpty {
            dotSides.sort()
            dotSize = Double(dotSides[dotSides.count / 2])
        }
        letterHeight = TextSizeResolution.quantile(of: &heights)
    }
}
