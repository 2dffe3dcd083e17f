import DocScanCore

/// A page read with little confidence whose script none of the run's languages is written in.
///
/// Tesseract reads any print with the models it is given: a Chinese notice scanned with `eng` comes out
/// as `KF DEFT EMEFAREER`, and before this check its record said nothing of why. A page read at a mean
/// word confidence under `lowConfidence` (after `TurnAfterReading` has tried the other turns of a page
/// read under 50) is shown to OSD, which names its script, and its record warns when no
/// language of the run reads that script, naming the models that would. OSD runs on no other page,
/// and reuses what the orient stage's OSD found when it looked at this page.
///
/// OSD's script confidence is low for the scripts of many characters (on docscan's reduced copy,
/// Fixtures' Chinese pages: Han at 1.2 and 1.4; rendered Korean 0.7, Japanese 2.2, Greek 2.4–4.0,
/// Cyrillic 12–17), and it names a script for pictures, maps and old print too: of Leptonica's 174 test
/// images (`prog/`) and 5 rendered letters read with `eng`, 31 read under 70 had a script named that
/// `eng` does not read, 17 of them wrongly (a Latin breviary and Copernicus's manuscript as Arabic, a
/// newspaper as Fraktur, a stamp as Bengali, a sudoku as Katakana). OSD's *orientation* confidence
/// parts them (`leastOrientationConfidence`): with it, the 13 named in both modes are all right (Fraktur
/// books, Arabic pages, Greek, Cyrillic, Japanese and Chinese letters); a rendered Korean letter (1.17)
/// is missed. The threshold was chosen on those images; on a set it was not chosen on, the 37 images of
/// tesseract-ocr/test's `testing/`, it named the 5 pages in another script (Hebrew, Devanagari, one
/// turned 270°) in both modes and none of the 32 others (English, six European languages, Vietnamese,
/// pages turned every way). The warning says the script *looks like* one, and docscan takes no action
/// on its own.
///
/// `lowConfidence`: on eval/public, eval/real, Fixtures' pages, photos and tables and the photo stress
/// set, both modes (326 records), every page read in its own languages read at 72 or more; the
/// Russian and Greek notices of `Fixtures/scripts/` read at 37–48 and 33–54 with `eng`.
struct ForeignScript: Equatable {
    /// The mean word confidence under which a page's script is asked about.
    static let lowConfidence = 70.0
    /// OSD's script confidence under which its script is not named: where it could not choose at all.
    static let leastConfidence = 0.5
    /// OSD's orientation confidence under which nothing is said: how clearly the shapes it classified
    /// are letters of one script standing one way up. Fast mode, the images above: 0.01–3.04 on the 17
    /// named wrongly, 3.99–38.3 on the 14 named rightly but the Korean letter.
    static let leastOrientationConfidence = 3.5
    /// The characters a reading must hold to be asked about: a few specks read as letters are no script.
    static let leastCharacters = 50

    /// The script, as OSD names it, and OSD's confidence in it.
    let script: String
    let confidence: Double
    /// The models that read it, the most used first.
    let models: [String]

    /// The foreign script OSD found, when none of `languages` reads it; nil when one does, OSD did not
    /// name a script it is sure enough of, or `ScriptLanguages` does not know it.
    init?(script: String, confidence: Double, orientationConfidence: Double, languages: [String]) {
        guard confidence >= Self.leastConfidence, orientationConfidence >= Self.leastOrientationConfidence,
              !ScriptLanguages.covers(languages, script: script),
              let models = ScriptLanguages.models(for: script), !models.isEmpty
        else { return nil }
        self.script = script
        self.confidence = confidence
        self.models = models
    }

    /// What every such warning says, and only such a warning (`PageRecord.foreignScript`).
    static let marker = "and its script looks like"

    /// The record's warning for a page read at `meanConfidence` with `languages`.
    func warning(meanConfidence: Double, languages: LanguageList) -> String {
        // A page read across is no page for a vertical model (`chi_sim_vert`).
        let across = models.filter { !$0.hasSuffix("_vert") }
        let first = across.first ?? models[0]
        let others = across.dropFirst()
        let alternatives = others.isEmpty ? "" : " (or \(others.prefix(3).joined(separator: ", "))\(others.count > 3 ? ", …" : ""))"
        return String(
            format: "the page reads with little confidence (mean %.0f) %@ %@ to OSD (confidence %.2f), "
                + "which %@ does not read: scan it with --lang %@%@; 'docscan models --lang %@' says whether its model is installed",
            meanConfidence, Self.marker, script, confidence, languages.tesseractString, first, alternatives, first)
    }
}
