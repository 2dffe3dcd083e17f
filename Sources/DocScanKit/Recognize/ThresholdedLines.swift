import DocScanCore
import DocScanNative

/// Lines Tesseract read with little confidence, read again from the page as Tesseract thresholds it.
///
/// Tesseract lays a page out on its 1-bit image but reads each line from the grey one, and a JPEG's
/// ringing around print (levels up to 255 on paper at 244) can throw its recognizer off where the
/// thresholded print is clean: Fixtures' scanned receipt saved as an RGB JPEG at quality 88 read
/// `3.29 F` as `So) |e` (line confidence 44–66 on those rows, 89–96 on the rest), and so did the
/// command-line `tesseract`; given its own 1-bit image, every row read right. A line under
/// `doubtfulLine` is cut out of that image and read on its own, and replaces the first reading when
/// Tesseract is `margin` points surer of it and sure of it (`sureLine`).
///
/// Not on every page: Chinese lines so read came back as Latin garble (`岂。` as `oH.`, confidence 35 →
/// 68, Fixtures' notice), a noisy page's thresholded specks misled the reading at higher confidence
/// (`see bin` read `seo bitn` at 87), blurred print read as badly either way, only surer (25–48; a blurred
/// cookbook photo's `7g/0.24 0z` as `> glo.2g 02` at 77), and so did small print, whose letters
/// thresholding takes apart (eval/real's cookbook at a third of its size, 9-px letters: `§ g/0.20 oz` as
/// `$B/0.2002` at 83). And a line's box can reach over others' print: a timetable's `alas` read again
/// as a whole row of another line's text (`1 Edwards | L&S 39G: …`, at 90); a reading much longer than
/// the line's is not the line.
enum ThresholdedLines {
    /// Line confidence under which a line is read again.
    static let doubtfulLine = 70.0
    /// How many points surer the second reading must be to replace the line.
    static let margin = 10.0
    /// How sure of it Tesseract must be.
    static let sureLine = 75.0
    /// The smallest letters, in pixels, read from their thresholded print (the receipts it was made for:
    /// 18–23 px; the cookbook and timetable photos at a third of their size it misread: 9 and 12).
    static let smallestLetters = 15.0

    /// Whether `page`'s doubtful lines are read again: a page in Latin script (its first language not
    /// written without spaces), not despeckled for noise, not blurred (`BlurredPrint`) unless deblurred,
    /// and with letters at least `smallestLetters` tall where their height was measured.
    static func applies(to page: CleanedPage, languages: LanguageList) -> Bool {
        let cleanup = page.cleanup
        let letters = cleanup.letterHeight.map { Double($0) * (cleanup.enlargement ?? 1) }
        return !languages.hasUnspacedPrimary && !cleanup.despeckled
            && ((cleanup.sharpness ?? 1) >= BlurredPrint.blurredBelow || cleanup.blurSigma != nil)
            && (letters ?? smallestLetters) >= smallestLetters
    }

    /// Reads `page`'s doubtful lines again from `image` (the 8-bit page they were read from) thresholded,
    /// with `recognizer`, and puts the readings kept in their place; returns how many were kept.
    static func reread(
        _ page: inout RecognizedText, on image: PixImage, with recognizer: any Recognizer, resolution: Int,
        deadline: PageDeadline
    ) throws -> Int {
        guard page.lines.contains(where: { $0.confidence < doubtfulLine }), image.depth == 8,
            let print = image.binarizedAsTesseractWould() else { return 0 }
        return try page.rereadLines(under: doubtfulLine, on: print) {
            try recognizer.recognizeLine($0, resolution: resolution, deadline: deadline)
        } keeping: { line, reading in
            reading.confidence >= max(sureLine, line.confidence + margin)
                && reading.fits(characters: line.text.count)
        }
    }
}
