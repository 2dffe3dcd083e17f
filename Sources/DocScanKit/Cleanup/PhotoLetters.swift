import DocScanNative

/// The letter-sized pieces of print of a photo, found once on a copy reduced to
/// `TextBeyondSheet.workingSize`, for the checks of the sheet's sides against its print
/// (`TextBeyondSheet`, `FrameSide`): finding them costs 20–30 ms a photo.
struct PhotoLetters {
    /// The reduced copy's scale, the photo's size and the copy's.
    let factor: Double
    let width: Int, height: Int
    let reducedWidth: Int, reducedHeight: Int
    /// The pieces, in the reduced copy's pixels (`TextBeyondSheet.letters(in:)`).
    let letters: [TextBeyondSheet.Letter]

    init?(of image: PixImage) {
        guard image.depth == 8 else { return nil }
        let factor = min(1, TextBeyondSheet.workingSize / Double(max(image.width, image.height)))
        guard let small = factor < 1 ? image.scaled(by: factor) : image,
              let letters = TextBeyondSheet.letters(in: small)
        else { return nil }
        (self.factor, width, height, self.letters) = (factor, image.width, image.height, letters)
        (reducedWidth, reducedHeight) = (small.width, small.height)
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
