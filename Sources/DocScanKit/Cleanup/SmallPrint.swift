import DocScanNative

/// Enlarges a page whose print is small in pixels, so that Tesseract separates its letters and lines.
///
/// Tesseract scales every text line to its network's height, but it binarizes the page and finds lines
/// and words at the size it is given: strokes one or two pixels wide break or run together, and the
/// layout analysis loses lines. Photos passed on by a messenger, thumbnails and 100–150 dpi scans
/// bring such pages. eval/real's five photos saved at a third of their size read at mean CER 0.30 in
/// both modes (a catalogue page read nothing, turned on its side); enlarged where their tall letters
/// (capitals and ascenders, `TextSizeResolution.tallLetterHeight`) are under `smallestLetters` pixels
/// high, 0.11. eval/public's 1871 pages (13–15 px) went from 0.026–0.078 to 0.020–0.054 (accurate).
///
/// A sheet cut out of a photo is warped again from the photo enlarged, and the steps after the warp run
/// again at that size (`PageCleaner`): eval/real's photos at a third then read at 0.078 (0.113 when the
/// small flat page was enlarged last; a table photo 0.102 → 0.042). A page with no sheet is enlarged
/// between the steps that even out its tones and those that straighten its lines (`PageCleaner`): the
/// catalogue page at a third, whose lines were too small to model at its own size, is straightened:
/// 0.252 → 0.091.
///
/// Pages whose print is large enough are left alone, and a page whose file gives `trustedResolution`
/// or more is not measured at all, which spares scans the measuring (2–8 ms). No measure separated
/// the few pages that read worse enlarged (a photo at a third, 0.010 → 0.019) from those that gained.
///
/// Print too large is reduced the same way (`largestLetters`): Tesseract read a phone photo of a table
/// and a thermal receipt, their tall letters 33 px high at accurate mode's working size, with digits
/// and letters garbled (`2.19 F` as `al TEE`, eval/real's table at CER 0.023) where fast mode, which
/// works on a smaller copy, read them right; reduced to `reducedLetters`, both read as fast mode did
/// (the table 0.000). It is not a law of size (the receipt's cleaned page read right both smaller and
/// larger than the size that failed); over the photo sets, pages read at 26 px gained on average.
///
/// Blurred print lying on its side (a photo taken sideways whose turn the orient stage missed) is no
/// large print: its letters run together down the page into pieces as tall as words, and they measured
/// 2.5–2.9 times the same measure taken across the page, against at most 1.9 on every page upright or
/// sharp of Fixtures, the eval sets and the photo probe sets (`lyingRatio`). Reduced for them to a third,
/// Fixtures' out-of-focus curled letter turned 270° could not be read in any turn (accurate mode, CER
/// 0.91); left at its size, recognition turns it and it reads at 0.16.
enum SmallPrint {
    /// Tall letters lower than this (pixels) are small print.
    static let smallestLetters = 16
    /// The height small print is enlarged to.
    static let targetLetters = 24.0
    /// The least enlargement made: under 1.4 Leptonica's scaling sharpens as it goes; eval/public's
    /// 150-dpi book page read 0.006 → 0.020 enlarged 1.33 times that way, 0.010 at 1.6.
    static let leastFactor = 1.5
    /// The most: a thumbnail is not made into a poster.
    static let mostFactor = 3.0
    /// Where too few pieces of print reach `TextSizeResolution.smallestLetter` (8 px) to be measured,
    /// pieces from this height count as letters: Fixtures' 200-dpi letter at a quarter measures 6 px.
    static let tiniestLetter = 5
    /// Tall letters higher than this (pixels) are large print, reduced to `reducedLetters`. From 30 or
    /// 32 px, Fixtures' curled lab report (30 px in accurate mode) was left as it read (CER 0.044; 0.038
    /// reduced); reduced to 24 px it read at 0.052, to 22 px the invoice and the table lost letters.
    /// Over the photo stress set a third of the page-runs are reduced, for 0.0259 → 0.0250 (accurate),
    /// 0.0265 → 0.0261 (fast); the invoice's lone `1`s then read as `I` (docs/pipeline.md, *clean up*).
    static let largestLetters = 28
    /// Large print is not reduced when its pieces are this many times taller than the same measure taken
    /// across the page: they are words lying on their side, not letters (see above).
    static let lyingRatio = 2.2
    /// The height large print is reduced to.
    static let reducedLetters = 26.0
    /// A page whose file gives at least this resolution is taken as large enough print.
    static let trustedResolution = 200

    /// How `image` should be scaled to be read: the factor (under 1 for large print) and the tall
    /// letters' height measured, or the height alone (factor nil) when its print needs no scaling or the
    /// enlarged page would be longer than `longestSide`; nil when not measured (a bilevel page, a trusted
    /// resolution, too few letters).
    ///
    /// `settled`: the page is scaled and its print measured far enough from every bound (by
    /// `settledMargin`) that the clean-up steps after deskewing, which move letters' height by a pixel or
    /// two, could not change that (`PageCleaner` then scales it before running them).
    static func enlargement(for image: PixImage, longestSide: Int) -> (factor: Double?, letters: Int, settled: Bool)? {
        guard image.depth == 8, !(trustedResolution...SourceResolution.plausible.upperBound).contains(image.resolution),
              let size = TextSizeResolution.letterSize(of: image)
                ?? TextSizeResolution.letterSize(of: image, smallest: tiniestLetter)
        else { return nil }
        let letters = size.height
        if letters > largestLetters {
            if let across = size.across, Double(letters) >= lyingRatio * Double(across) { return (nil, letters, false) }
            let settled = letters >= largestLetters + settledMargin
                && size.across.map { Double(letters) < settledLying * Double($0) } ?? false
            return ((reducedLetters / Double(letters) * 100).rounded(.down) / 100, letters, settled)
        }
        guard letters < smallestLetters else { return (nil, letters, false) }
        let wanted = min(mostFactor, max(leastFactor, targetLetters / Double(letters)))
        let factor = min(wanted, Double(longestSide) / Double(max(image.width, image.height)))
        guard factor >= leastFactor else { return (nil, letters, false) }
        return ((factor * 100).rounded(.down) / 100, letters, letters <= smallestLetters - settledMargin)
    }

    /// How far (pixels) print must measure past `smallestLetters` or `largestLetters` for its scaling to
    /// be settled before the curl, rules, bands and border steps. Measured before and after them over the
    /// eval sets, Fixtures and the photo stress set (388 page-runs), letters moved by 2 px at most;
    /// Fixtures' out-of-focus curled letter lying on its side measured 29 px before its lines were
    /// straightened and 27 after, which is no large print (`lyingRatio`, above).
    static let settledMargin = 3
    /// Large print is settled only while its pieces are less than this many times taller than the measure
    /// across the page: well clear of `lyingRatio`.
    static let settledLying = 1.8
}
