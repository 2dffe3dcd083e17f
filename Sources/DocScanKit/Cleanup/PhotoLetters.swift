import DocScanNative

/// The letter-sized pieces of print of a photo, found once on a copy reduced to
/// `TextBeyondSheet.workingSize`, for the checks of the sheet's sides against its print
/// (`TextBeyondSheet`, `FrameSide`): finding them costs 20–30 ms a photo.
struct PhotoLetters {
    /// The reduced copy's scale, the photo's size and the copy's.
    let factor: Double
    let width: Int, height: Int
    let reducedWidth: Int, reducedHeight: Int
    /// The pieces, in the reduced copy's pixels (`TextBeyondSheet.letters(in:)`): letters, and words.
    let letters: [TextBeyondSheet.Letter]
    let words: [TextBeyondSheet.Letter]

    /// - Parameter reduced: `image` already reduced by a factor (the orient stage's copy), taken when the
    ///   factor is this one: the same pixels, and one reduction of the photo fewer (a Latin photo was
    ///   reduced four times: orient stage, two page finders, letters). The page-finding step of
    ///   eval/real's and Fixtures' 29 photos took 1.72 s instead of 2.06 s (accurate, three runs each).
    init?(of image: PixImage, reduced: (image: PixImage, factor: Double)? = nil) {
        guard image.depth == 8 else { return nil }
        let factor = min(1, TextBeyondSheet.workingSize / Double(max(image.width, image.height)))
        let copy = reduced.flatMap { $0.factor == factor ? $0.image : nil }
        guard let small = factor < 1 ? copy ?? image.scaled(by: factor) : image,
              let pieces = TextBeyondSheet.letters(in: small)
        else { return nil }
        (self.factor, width, height, letters, words) = (factor, image.width, image.height, pieces.letters, pieces.words)
        (reducedWidth, reducedHeight) = (small.width, small.height)
    }

    /// Letters (and words) already found on a photo `width` × `height` pixels, at its own size.
    init(letters: [TextBeyondSheet.Letter], words: [TextBeyondSheet.Letter] = [], width: Int, height: Int) {
        (factor, self.width, self.height, self.letters, self.words) = (1, width, height, letters, words)
        (reducedWidth, reducedHeight) = (width, height)
    }

    /// `quad` in the reduced copy's pixels, the letters inside it, and their median height; nil when it
    /// holds too few letters to know their size (`TextBeyondSheet.fewestLetters`).
    func inside(_ quad: PageQuad) -> (sheet: PageQuad, letters: [TextBeyondSheet.Letter], height: Double)? {
        let sheet = quad.scaled(by: factor)
        let inside = letters.filter { sheet.distanceOutside($0.centre) < 0 }
        guard inside.count >= TextBeyondSheet.fewestLetters else { return nil }
        return (sheet, inside, Double(inside.map(\.height).sorted()[inside.count / 2]))
    }
}
