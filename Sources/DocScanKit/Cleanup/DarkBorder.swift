import DocScanNative

/// Paints over the dark border along a page's edge (a scanner's lid, the desk beside a cut-out sheet)
/// when it pulls Tesseract's split of ink from paper into the print.
///
/// Tesseract splits a page into ink and paper at one grey level for the whole page (Otsu's), and a black
/// band along the page's edge counts in that split as much as the print does: it pulls the split down,
/// and print lighter than the band's pull is lost. A scanned receipt of the SROIE set with a black band
/// across its top (receipt 589, the band 3% of the page) was split at 113 where its paper and print alone
/// split at 169, and half of every letter fell on the paper's side: case-insensitive CER 0.61 (fast).
/// With the band painted the paper's level, the tesseract CLI read the cleaned page at 0.03 against 0.70.
///
/// Painted are the dark marks that touch the page's edge and reach a tenth of its width or height along
/// it (`leastReach`: letters cut by the edge stay), on a page of dark print on light paper, when they
/// cover at most `largestShare` of it, hold no light print (`mostLightLetters`) and leaving them out
/// moves the split by more than `leastShift` levels. On 108 SROIE receipts it moved by up to 63; on
/// every page of the eval sets and Fixtures by at most 8, and painting receipts whose split moved by
/// 8–10 read some better and some worse with the tesseract CLI (0.09 → 0.19, 0.40 → 0.27), those moved
/// by 13 or more better or the same (0.79 → 0.33, 0.46 → 0.12, 0.24 → 0.25). In docscan receipt 589
/// now reads at 0.03 in both modes; of the 9 receipts painted, 3 read a little worse (by up to 0.015).
enum DarkBorder {
    /// The least share of the page's width (along the top or bottom) or height (along a side) a dark
    /// mark touching its edge reaches to be border, not print cut by the edge.
    static let leastReach = 0.1
    /// The least move of the split, in grey levels, for which the border is painted.
    static let leastShift = 12
    /// The most of the page a border may cover: a dark ground over more of it is the page's own (a
    /// phone's screenshot of a poster, whose bars and dark ground reached a quarter of the frame, read
    /// 66 characters and, painted, none). The receipts painted covered at most 10%.
    static let largestShare = 0.15
    /// A border holding this many letter-sized light pieces holds print (white on a dark header that
    /// reaches the edge), and is left to Tesseract's inverted pass: painted, a receipt's name printed so
    /// was lost. The receipts' borders held none.
    static let mostLightLetters = 3
    /// How far (pixels) the paint reaches beyond the border's marks: their soft edge, left, would be
    /// read as a stroke.
    static let margin = 2

    /// The page with its dark border painted the paper's level, and the share of the page painted; nil
    /// when it has no such border or leaving it out moves the split by `leastShift` levels or less.
    static func painted(_ image: PixImage) -> (image: PixImage, share: Double)? {
        // A page of dark print on light paper only: on a dark page Tesseract takes the light side for ink.
        // Its ink, then, is what `binarizedAsTesseractWould` makes of it, from the split just counted.
        guard image.depth == 8, let whole = image.tesseractSplit(), whole.darkShare < 0.5,
              let ink = image.thresholdedToBinary(whole.level + 1),
              let inner = ink.withoutEdgeMarks(), let edge = ink.subtracting(inner),
              let border = edge.keepingMarks(
                width: Int((leastReach * Double(image.width)).rounded(.up)),
                height: Int((leastReach * Double(image.height)).rounded(.up))),
              let marked = border.setPixelCount, marked > 0,
              let grown = border.dilated(width: 2 * margin + 1, height: 2 * margin + 1),
              let without = image.tesseractSplit(outside: grown), without.level - whole.level > leastShift,
              let count = grown.setPixelCount, Double(count) <= largestShare * Double(image.width * image.height),
              !holdsPrint(border, pageHeight: image.height),
              let painted = image.painting(grown, with: UInt8(clamping: without.paper))
        else { return nil }
        return (painted, Double(count) / Double(image.width * image.height))
    }

    /// Whether the light holes of `border` (1-bit) hold `mostLightLetters` letter-sized pieces or more.
    private static func holdsPrint(_ border: PixImage, pageHeight: Int) -> Bool {
        guard let holes = border.holesByFilling(connectivity: 8), let pieces = ComponentBoxes(of: holes, connectivity: 4) else { return false }
        var letters = 0
        for index in 0..<pieces.count {
            let height = pieces.frame(at: index).height
            if height >= TextSizeResolution.smallestLetter, height <= pageHeight / 10 { letters += 1 }
            if letters >= mostLightLetters { return true }
        }
        return false
    }
}
