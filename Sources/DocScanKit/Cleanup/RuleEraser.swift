import DocScanCore
import DocScanNative

/// Erases the thin ruled lines of a table (its borders and cell rules) by painting them with the
/// paper's level, so that print that touches them is read alone.
///
/// Tesseract finds and removes ruled lines itself, but only long, solid ones. In a photo, blur and the
/// background normalization leave a thin rule fainter than the print, and Tesseract's threshold breaks
/// it into pieces: those pieces are too short to be found as lines, and the ones that touch letters are
/// read with them. A photographed supply order lost its quantity column (CER 0.055), a Chinese manual
/// page's table read its first column as garbage (`中央日志` as `有`). Rules are looked for a little
/// lighter than Tesseract's threshold, as runs at least `runShare` of the page's width long (across or
/// down), away from marks `thickest` thick; and only on a page ruled as a table (`tableRules`) whose
/// rules across are thin against its letters (`thinRuleShare`), not lines of print run together.
enum RuleEraser {
    /// The shortest rule, as a share of the page's width: longer than any letter's stroke.
    static let runShare = 1.0 / 20
    /// Rules are looked for this share of the way from Tesseract's threshold to the paper.
    static let lighter = 0.25
    /// Marks at least this thick (pixels of the page) are print or pictures, not rules.
    static let thickest = 8
    /// How far aside (pixels of the mask looked at) a rule's next piece may lie.
    static let drift = 2
    /// Pages at least this wide are looked at half size.
    static let halfSizeFrom = 1200

    /// A page is ruled as a table from this many rules across, each at least `longAcross` of its
    /// width, and this many down, each at least `longDown` of its height. A receipt's two separators
    /// are no table: erased, its rows were read apart (CER 0 → 0.13).
    static let tableRules = (across: 3, down: 2)
    static let longAcross = 0.25
    static let longDown = 0.1

    /// `page` (8-bit) with the thin rules of its table painted over; nil when it has no ruled table or
    /// cannot be measured. Marks are print from `thickest` pixels thick, or from just thicker than the
    /// rules measure when its print is in focus (`printInFocus`: sharp, or deblurred). Out of focus and
    /// only sharpened, letters run together as thick as the rules: counted as rules, their tops were
    /// painted over (Fixtures' blurred supply order 0.077 → 0.154, fast).
    ///
    /// A table whose rules across are found but whose rules down are too few at that level is looked at
    /// again `fainterDown` of the way to the paper: in a photo, rules the blur or the warp spread thin
    /// come out lighter than the print, and one way may be fainter than the other (a Chinese manual page
    /// shot steeply: two of its three rules down measured 20 levels under paper of 200, its rules across
    /// 40; erased from there, CER 0.211 / 0.263 → 0.129 / 0.159, fast / accurate). The second look
    /// measures the page again (5–10 ms).
    static func erased(_ page: PixImage, printInFocus: Bool) -> PixImage? {
        switch erased(page, printInFocus: printInFocus, lighterDown: lighter) {
        case .erased(let image): image
        case .fewRulesDown: erased(page, printInFocus: printInFocus, lighterDown: fainterDown).image
        case .noTable: nil
        }
    }

    /// Where rules are looked for a second time when too few were found down a table.
    static let fainterDown = 0.5

    /// What one look for a table's rules found.
    private enum Look {
        case erased(PixImage)
        /// A table's rules across, but too few rules down.
        case fewRulesDown
        case noTable

        var image: PixImage? {
            if case .erased(let image) = self { image } else { nil }
        }
    }

    /// `erased(_:printInFocus:)` with rules down looked for `lighterDown` of the way from Tesseract's
    /// threshold to the paper, and rules across `lighter` of it. Not both nearer the paper: there the
    /// strokes across a line of Chinese print run together into runs a rule long, and were painted
    /// over with the rules (a Chinese manual page shot steeply lost the middles of five lines' words).
    private static func erased(_ page: PixImage, printInFocus: Bool, lighterDown: Double) -> Look {
        guard page.depth == 8,
              let split = page.printSplit(),
              let paper = ToneCorrection.levels(of: page)?.paper, paper > split
        else { return .noTable }
        let threshold = split + Int(Double(paper - split) * lighter)
        let thresholdDown = split + Int(Double(paper - split) * lighterDown)
        guard let full = page.thresholdedToBinary(threshold),
              let fullDown = thresholdDown == threshold ? full : page.thresholdedToBinary(thresholdDown)
        else { return .noTable }
        // Rules are looked for at half size on pages of `halfSizeFrom` and more: a quarter of the pixels
        // to open, and a rule 1 px thick stays whole in the reduction.
        let factor = page.width >= halfSizeFrom ? 2 : 1
        guard let dark = factor == 2 ? full.halvedKeepingEveryMark() : full,
              let darkDown = fullDown === full ? dark : factor == 2 ? fullDown.halvedKeepingEveryMark() : fullDown
        else { return .noTable }
        let run = max(20, Int(Double(dark.width) * runShare))
        let longEnough = (across: Int(longAcross * Double(dark.width)), down: Int(longDown * Double(dark.height)))
        // Most pages have no three long rules across: they are let go after the first opening.
        // Pieces of one rule are joined across gaps narrower than a run (a photographed rule breaks
        // where it is faintest) before they are counted.
        guard let allAcross = dark.opened(width: run, height: 1),
              let allAcrossJoined = allAcross.closed(width: run, height: 1)
        else { return .noTable }
        // The runs of print down the page measure how thick the rules across are, twice below.
        let longRulesAcross = longRules(allAcrossJoined, atLeast: (longEnough.across, 0))
        guard longRulesAcross.count >= tableRules.across,
              let runsDown = dark.runLengths(down: true),
              thinRules(longRulesAcross, of: allAcross, runsDown: runsDown, page: page, factor: factor) >= tableRules.across,
              let allDown = darkDown.opened(width: 1, height: run)
        else { return .noTable }
        // Measured under the long rules alone (those a table is counted by), not under every run a rule
        // long: a line of print whose letters run together makes such runs, as thick as its letters (a
        // Chinese manual page's photos in dim light and on white stone 0.340 / 0.076 → 0.315 / 0.055 fast).
        let measured = printInFocus
            ? ruleThickness(
                across: pixels(of: allAcross, joined: allAcrossJoined, atLeast: (longEnough.across, 0)),
                down: pixels(of: allDown, joined: allDown.closed(width: 1, height: run), atLeast: (0, longEnough.down)),
                in: dark, runsDown: runsDown).map { $0 + thickerThanRules }
            : nil
        let thickness = min(2 * thickest / factor, max(thickest / factor, measured ?? 0))
        let blot = thickness + 1
        guard let thick = dark.opened(width: thickness, height: thickness)?.dilated(width: 5 / factor + 1, height: 5 / factor + 1),
              let acrossPieces = allAcross.subtracting(thick),
              let downPieces = allDown.subtracting(thick),
              let acrossJoined = acrossPieces.closed(width: run, height: 1),
              count(acrossJoined, atLeast: (longEnough.across, 0)) >= tableRules.across,
              let downJoined = downPieces.closed(width: 1, height: run)
        else { return .noTable }
        guard count(downJoined, atLeast: (0, longEnough.down)) >= tableRules.down else { return .fewRulesDown }
        guard
              // Only pieces a run long and the pieces of long rules are painted. In a blurred photo
              // the tops of a word's letters run together into a run as long as a rule; the thick
              // marks take away all but a fringe a pixel or two high and shorter than a run, and
              // painted over, that fringe took the tops of letters with it (a blurred supply order's
              // `Thermometer` and `Blood` read `Thermome:er` and `Riood`). Such fringes lie apart
              // from the rules. A rule's pieces are gathered `drift` pixels aside as well as a run
              // along: a rule at a slant steps from row to row. A piece a run long that is no long
              // rule's is painted only when no print runs along it (`clearOfPrint`).
              let acrossRules = acrossPieces.dilated(width: run, height: 2 * drift + 1)?
                  .keepingMarks(width: longEnough.across + run, height: 0),
              let downRules = downPieces.dilated(width: 2 * drift + 1, height: run)?
                  .keepingMarks(width: 0, height: longEnough.down + run),
              let acrossLong = clearOfPrint(acrossPieces.keepingMarks(width: run, height: 0), in: dark, reach: thickness, across: true),
              let downLong = clearOfPrint(downPieces.keepingMarks(width: 0, height: run), in: dark, reach: thickness, across: false),
              let across = acrossPieces.intersection(with: acrossRules)?.union(with: acrossLong),
              let down = downPieces.intersection(with: downRules)?.union(with: downLong),
              // Where rules cross or meet, blur thickens them into a blot that the thick marks took away
              // from both rules, and it stayed as a dot between the columns. Where the rules, each joined
              // across such gaps and drawn on by a blot's width, cross, they are painted over as far as a
              // blot reaches; not the rules' gaps themselves: print set against a rule (right-aligned
              // figures) is thick there.
              let acrossWhole = across.closed(width: run, height: 1)?.dilated(width: 2 * blot + 1, height: 1),
              let downWhole = down.closed(width: 1, height: run)?.dilated(width: 1, height: 2 * blot + 1),
              let crossings = acrossWhole.intersection(with: downWhole)?.dilated(width: blot, height: blot),
              let found = across.union(with: down)?.union(with: crossings),
              let rules = factor == 2 ? found.enlarged(by: 2)?.intersection(with: fullDown) : found,
              let halo = rules.dilated(width: 3, height: 3)
        else { return .noTable }
        return page.painting(halo, with: UInt8(clamping: paper)).map(Look.erased) ?? .noTable
    }

    /// The share of a band along a piece of rule (`reach` pixels deep, above or below it, or beside it)
    /// that print must cover for the piece to be taken for the foot or the head of a line of print.
    static let printAlongside = 0.3

    /// The marks of `pieces` (runs a rule long, across or down) without print along either side: within
    /// `reach` pixels of `dark` above or below a piece across (beside one down), print covering
    /// `printAlongside` of the band. A faint rule that breaks into pieces too short to count as a long
    /// rule has paper along it; in a dim, noisy photo the feet of a word's letters run together into a
    /// line a rule long, with the letters on it: painted over, they took the lower half of `domain` and
    /// `postoffice` in a Chinese manual page's table (CER 0.302 → 0.263, accurate). Pieces of long rules
    /// are painted whatever lies along them (print set on a rule).
    private static func clearOfPrint(_ pieces: PixImage?, in dark: PixImage, reach: Int, across: Bool) -> PixImage? {
        guard let pieces, let boxes = ComponentBoxes(of: pieces, connectivity: 8) else { return nil }
        let printed = (0..<boxes.count).map(boxes.frame(at:)).filter { box in
            let sides = across
                ? [PageBox(x: box.x, y: box.y - reach, width: box.width, height: reach),
                   PageBox(x: box.x, y: box.y + box.height, width: box.width, height: reach)]
                : [PageBox(x: box.x - reach, y: box.y, width: reach, height: box.height),
                   PageBox(x: box.x + box.width, y: box.y, width: reach, height: box.height)]
            return sides.contains { side in
                guard let band = dark.cropped(to: side), let count = band.setPixelCount, band.width * band.height > 0 else { return false }
                return Double(count) >= printAlongside * Double(band.width * band.height)
            }
        }
        return pieces.clearing(printed)
    }

    /// Whether a page's print is in focus for `erased(_:printInFocus:)`: its steps measured steep
    /// (`sharpness` from `measuredFrom`) and not smeared one way, or deblurred. Not on a page
    /// whose focus was not measured (sharpening off, a bilevel page), which is cleaned as before rules
    /// were measured. Nor on print camera shake smeared one way, even taken out: the lines of a Chinese
    /// manual page smeared 7 px across still ran together into runs a rule long, measured as rules 8 px
    /// thick at half size, and were painted over in pieces (CER 0.160 → 0.284, fast).
    static func printInFocus(sharpness: Double?, smeared: Bool, deblurred: Bool) -> Bool {
        deblurred || ((sharpness ?? 0) >= measuredFrom && !smeared)
    }

    /// The sharpness (`BlurredPrint`'s edge steepness) from which a page's print counts as in focus for
    /// measuring rules. Camera shake at a slant is not told from round blur and leaves the steps
    /// 0.24–0.32: the stress set's two Chinese manual pages so smeared had their lines, run together,
    /// measured as rules (0.34 / 0.47 → 0.47 / 0.57, fast). eval/real's photos measure 0.42–0.73.
    static let measuredFrom = 0.4

    /// How much thicker than its rules (pixels of the mask looked at) a mark must be to count as print.
    static let thickerThanRules = 2

    /// How thick the rules of `dark` are (pixels, the 90th percentile): the runs of `dark` down through
    /// the pixels of `across` (its runs across that belong to the table's long rules) and along those of
    /// `down`; nil when it has neither. Out of focus, a rule is as thick as the blur is wide at the level looked for: Fixtures'
    /// blurred supply order, deblurred, had rules 5–8 px thick, and with every mark 8 px thick taken for
    /// print the eraser left pieces of them where they were thickest, read as `—=<«é«~N` (CER 0.22 fast,
    /// 0.026 with marks from 10 px print).
    private static func ruleThickness(across: PixImage?, down: PixImage?, in dark: PixImage, runsDown: PixImage) -> Int? {
        let measures: [Int] = [(across, true), (down, false)].compactMap { rules, vertical in
            guard let rules, let runs = vertical ? runsDown : dark.runLengths(down: false),
                  let histogram = runs.greyHistogram(under: rules, x: 0, y: 0)
            else { return nil }
            return histogram.levels(reaching: [0.9])?.first
        }
        return measures.max()
    }

    /// The pixels of `runs` that lie in the marks of `joined` (the same runs, their gaps closed) at least
    /// `least` long: the long rules' own pixels.
    private static func pixels(of runs: PixImage, joined: PixImage?, atLeast least: (width: Int, height: Int)) -> PixImage? {
        joined?.keepingMarks(width: least.width, height: least.height)?.intersection(with: runs)
    }

    /// A long rule across is thin when the runs of print down through its pixels measure, at the median,
    /// under this share of the page's tall letters' height (`TextSizeResolution`). A photographed
    /// table's rules measured 0.05–0.35 of its letters (eval/public's, eval/real's and Fixtures'
    /// tables; the most, 0.26–0.35, Fixtures' blurred supply order deblurred). Lines of print whose
    /// letters blur together into runs a rule long measure as their letters do: a 150-dpi book page
    /// out of focus by a σ of 2.6 px and deblurred, 0.56–0.67; its 25 lines were taken for a table's
    /// rules and its words painted over (CER 0.94).
    static let thinRuleShare = 0.45

    /// How many of the long rules across at `rules` (boxes in the mask, `factor` times smaller than
    /// `page`) are thin against the print of `page` (`thinRuleShare`): the runs of print down the mask
    /// (`runsDown`) through their pixels of `allAcross`. The letters are measured only when fewer than a
    /// table's rules are thin against the smallest letters measured (`TextSizeResolution.smallestLetter`):
    /// a table's rules 1–3 px thick need no measure. When the letters cannot be measured (too few), every
    /// long rule counts, as before they were measured.
    private static func thinRules(_ rules: [PageBox], of allAcross: PixImage, runsDown: PixImage, page: PixImage, factor: Int) -> Int {
        // Each rule's median thickness in pixels of `page`; nil where it cannot be measured.
        let thickness: [Double?] = rules.map { box in
            guard let own = allAcross.cropped(to: box),
                  let median = runsDown.greyHistogram(under: own, x: box.x, y: box.y)?.levels(reaching: [0.5])?.first
            else { return nil }
            return Double(median * factor)
        }
        func thin(under limit: Double) -> Int { thickness.filter { ($0 ?? 0) < limit }.count }
        let thinAgainstAnyLetters = thin(under: thinRuleShare * Double(TextSizeResolution.smallestLetter))
        guard thinAgainstAnyLetters < tableRules.across else { return thinAgainstAnyLetters }
        guard let letters = TextSizeResolution.letterSize(of: page)?.height else { return rules.count }
        return thin(under: thinRuleShare * Double(letters))
    }

    /// Lines this close to the page's edge, as a share of its size, are the edge itself (a cut-out
    /// sheet's border, a book's facing page), not a table's rules: a cookbook photo's border and three
    /// rules between its recipes made a "table" (CER 0.037 → 0.057 erased).
    static let edgeShare = 0.02

    /// How many rules of `joined` (a mask whose rules' pieces are already joined) are at least `least`
    /// long and lie clear of its edges.
    private static func count(_ joined: PixImage, atLeast least: (width: Int, height: Int)) -> Int {
        longRules(joined, atLeast: least).count
    }

    /// The boxes of the rules of `joined` that `count(_:atLeast:)` counts.
    private static func longRules(_ joined: PixImage, atLeast least: (width: Int, height: Int)) -> [PageBox] {
        guard let rules = ComponentBoxes(of: joined, connectivity: 8) else { return [] }
        let margin = (x: Int(edgeShare * Double(joined.width)), y: Int(edgeShare * Double(joined.height)))
        return (0..<rules.count).map(rules.frame(at:)).filter { box in
            box.width >= least.width && box.height >= least.height
                && box.x >= margin.x && box.x + box.width <= joined.width - margin.x
                && box.y >= margin.y && box.y + box.height <= joined.height - margin.y
        }
    }
}
