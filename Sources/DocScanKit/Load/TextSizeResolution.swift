import DocScanCore
import DocScanNative

/// A page's resolution measured from the height of its letters, for pages whose file has none.
///
/// Given no resolution, Tesseract estimates one from the text, but uses it only to find the page's
/// columns: it looks for ruled lines at its floor of 70 dpi, and keeps 70 dpi as the page's resolution.
/// The outcome then turned on a JPEG's noise: a phone photo of a two-column book page (eval/real's
/// lmmx_finnish_cooking, its 300 dpi removed) read at CER 0.76 saved at quality 88 and 0.04 at quality
/// 95, the columns read across as one. The tesseract CLI read the cleaned page at 0.74 left to its
/// estimate (267 dpi) and at 0.10 given 267 dpi; saved at five JPEG qualities, docscan now reads it at
/// 0.04–0.08 (0.04–0.76 before).
/// So docscan measures and passes the resolution itself. Measured on the five eval/real photos saved
/// without resolution, halved, turned and at JPEG quality 40 (20 pages): mean CER 0.129 → 0.054
/// (accurate), two pages from 0.73 and 0.90 to 0.04; eval/public 0.0302 → 0.0270; one table photo in
/// fast mode read its header in another place (0.045 → 0.106).
///
/// The measure: the height that three in four letter-sized pieces of print stay under (on Latin text
/// about a capital's or an ascender's), on the page split into ink and paper as Tesseract splits it,
/// times `factor`. That factor makes it Tesseract's own estimate: on 68 pages the estimate Tesseract
/// printed was 1.25–1.35 times that height times ten.
enum TextSizeResolution {
    /// Dots per inch for each pixel of a tall letter's height (Tesseract's 10, times 1.28 for how much
    /// taller its measure of the same letters comes out).
    static let factor = 12.8
    /// Pieces of print lower than this are specks, not letters.
    static let smallestLetter = 8
    /// Too few letters to tell (a picture, a blank page).
    static let fewestLetters = 40
    /// The share of letters under the height taken.
    static let quantile = 0.75

    /// The estimate for `image` (8-bit grey, or 1-bit ink), within `SourceResolution.plausible`; nil when it has too
    /// few letter-sized pieces of print or the estimate is implausible.
    static func estimate(for image: PixImage) -> Int? {
        guard let tall = tallLetterHeight(of: image) else { return nil }
        let resolution = Int((Double(tall) * factor).rounded())
        return SourceResolution.plausible.contains(resolution) ? resolution : nil
    }

    /// The height in pixels that three in four letter-sized pieces of print in `image` stay under; nil
    /// when it has fewer than `fewestLetters` of them. Pieces from `smallest` pixels high count as letters.
    static func tallLetterHeight(of image: PixImage, smallest: Int = smallestLetter) -> Int? {
        letterSize(of: image, smallest: smallest)?.height
    }

    /// `tallLetterHeight(of:smallest:)`, and the same measure taken across the page (`across`: the
    /// height the letters would have with the page turned a quarter; nil with too few of them).
    static func letterSize(of image: PixImage, smallest: Int = smallestLetter) -> (height: Int, across: Int?)? {
        guard let ink = image.depth == 1 ? image : image.binarizedAsTesseractWould(),
              let components = ComponentBoxes(of: ink, connectivity: 8)
        else { return nil }
        let (tallest, widest) = (image.height / 10, image.width / 10)
        var heights: [Int] = []
        var widths: [Int] = []
        heights.reserveCapacity(components.count)
        widths.reserveCapacity(components.count)
        for index in 0..<components.count {
            let box = components.frame(at: index)
            if isLetter(box, tallest: tallest, smallest: smallest) { heights.append(box.height) }
            if box.width >= smallest, box.width <= widest, box.height <= 4 * box.width { widths.append(box.width) }
        }
        guard let height = quantile(of: &heights) else { return nil }
        return (height, quantile(of: &widths))
    }

    /// Whether a piece of print with frame `box` is letter-sized: from `smallest` to `tallest` pixels
    /// high, and not much wider than tall (rules, underlines and joined words are).
    static func isLetter(_ box: PageBox, tallest: Int, smallest: Int = smallestLetter) -> Bool {
        box.height >= smallest && box.height <= tallest && box.width <= 4 * box.height
    }

    /// The `quantile` of `values` (sorted in place); nil when there are fewer than `fewestLetters`.
    static func quantile(of values: inout [Int]) -> Int? {
        guard values.count >= fewestLetters else { return nil }
        values.sort()
        return values[min(values.count - 1, Int(Double(values.count) * quantile))]
    }
}
