import DocScanNative
import Foundation

/// How far a page's print lies off level, as Leptonica measures it on the page's dark-pixel mask; the
/// clean-up stage levels a page by it, and the orient stage holds back a turn proposed on print lying
/// far askew.
struct PrintSkew: Equatable, CustomStringConvertible {
    /// Degrees; a page turned clockwise by d measures −d.
    let angle: Float
    /// Leptonica's confidence: 0 when its measure is not valid.
    let confidence: Float
    /// How much better the lines line up levelled than as they are.
    let gain: Float

    /// The median angle of the page's long text lines, found one by one, when it was looked at to
    /// corroborate an unsure measure (`corroborated(by:)`), in the same degrees as `angle`; else nil.
    var linesAngle: Float?
    /// Whether those lines lie at `angle` too, and alike (`corroborated(by:)`).
    var linesAgree = false

    init(angle: Float, confidence: Float, gain: Float) {
        self.angle = angle
        self.confidence = confidence
        self.gain = gain
    }

    var description: String { "\(angle)° (confidence \(confidence), gain \(gain))" }

    /// The skew searched for by default, either way: past 45°, so that a page the orient stage turned
    /// by the right quarter is levelled whatever its angle (measured past the usual sweep on the mask
    /// turned, `steep`). A sheet filling a photo taken with the phone held askew is levelled by this
    /// step alone; swept to 15°, eval/real's book page turned 14° more than it lay (18°) was read
    /// unlevelled (CER 0.93 → 0.035 both modes), and the letter turned 22–45° read nothing (now 0.001).
    static let widest = 46.0

    /// The skew of `image`'s lines, up to `widest` either way; nil when it cannot be measured.
    ///
    /// Leptonica measures skew on a bilevel image: the grey page's dark-pixel mask, which the other
    /// clean-up steps use too (thresholding at 130 for skew alone took 1.5 ms of a flat A4 page's 3.4),
    /// less the marks that touch the page's edge: what the cut-out kept of the desk or of a book's dark
    /// edges, slanted as the sheet lay, is no text line. An out-of-focus photo of a book page kept only
    /// those in its mask (its grey print lighter than the split), and its level lines were turned 6°; a
    /// letter between two dark bands slanted 6° was turned with them. Most pages lie within a few
    /// degrees of level, and are measured sure within the usual sweep; only the others are measured
    /// steep too (`steep`), and the steep measure is taken when sure or surer than the usual one.
    static func measured(on image: PixImage, upTo widest: Double) -> PrintSkew? {
        printMask(of: image).flatMap { measured(mask: $0, upTo: widest) }
    }

    /// What the skew is measured on: the page's dark-pixel mask less the marks that touch its edge.
    static func printMask(of image: PixImage) -> PixImage? {
        (image.depth == 1 ? image : image.darkPixels())?.withoutEdgeMarks()
    }

    /// The skew of the lines of `mask` (`printMask`), up to `widest` either way.
    static func measured(mask: PixImage, upTo widest: Double) -> PrintSkew? {
        let reduction = reduction(forLongerSide: max(mask.width, mask.height))
        guard let usual = swept(mask, reduction: reduction, upTo: min(widest, usualSweep)) else { return nil }
        guard widest > usualSweep, !usual.skew.isSure,
              let steep = steep(of: mask, reduction: reduction, unturned: usual.unturned, upTo: widest),
              steep.isSure || steep.confidence > usual.skew.confidence
        else { return usual.skew }
        return steep
    }

    /// The skew of a page lying past the usual sweep, up to `widest` either way: the mask turned by
    /// `steepTurn` each way and measured within a sweep around it, the surer of the two (sure first,
    /// then by Leptonica's confidence); nil when neither is valid.
    ///
    /// Leptonica measures by shearing, not turning, and a shear of 40° (a line's rise of 0.84 to its
    /// run) spreads a line's letters over other lines: swept to 46° at once, Fixtures' German letter
    /// lying at −42° (`Fixtures/steep/`) was measured at +31° (confidence 1.3), its Chinese notice so at
    /// +15°, and eval/real's curled catalogue page turned −40° at −44° but unsure (2.3, gain 2.5): all
    /// read as they lay, as nothing or garbage. Turned 30° first, the letter and the notice are swept
    /// as pages lying 12° off and found within 0.1° of −42°, sure (gains over the page as it lay of
    /// 45–67 and 10–12). A level page turned so lies at the sweep's end, where Leptonica holds no
    /// measure valid.
    static func steep(of mask: PixImage, reduction: Int, unturned: Float, upTo widest: Double) -> PrintSkew? {
        guard unturned > 0 else { return nil }
        // Turned at the size it is searched at, not the mask's: a quarter of the pixels to turn, and the
        // halved mask swept at half the reduction is searched at the same size as the mask.
        let halved = reduction >= 4 ? mask.halvedKeepingEveryMark() : nil
        let (base, baseReduction) = halved.map { ($0, reduction / 2) } ?? (mask, reduction)
        // One step past the widest angle: Leptonica holds no measure at its sweep's end valid.
        let range = widest - steepTurn + 1
        let measured = [steepTurn, -steepTurn].compactMap { turn -> PrintSkew? in
            guard let turned = base.turnedMarks(degrees: turn), let swept = swept(turned, reduction: baseReduction, upTo: range),
                  swept.skew.confidence > 0 else { return nil }
            // Against the page as it lay, not the turned copy: a page lying 29° off is levelled by
            // little more than the turn, which gains the turned copy nothing.
            return PrintSkew(
                angle: swept.skew.angle + Float(turn), confidence: swept.skew.confidence,
                gain: swept.skew.gain * swept.unturned / unturned)
        }
        return measured.max { ($0.confidence < $1.confidence && $0.isSure == $1.isSure) || (!$0.isSure && $1.isSure) }
    }

    /// The skew of the lines of `mask`, swept to `range` either way at `reduction` and searched at
    /// half that (`reduction(forLongerSide:)`), with how well the lines line up as they are
    /// (`unturned`, to compare across copies of the same print).
    static func swept(_ mask: PixImage, reduction: Int, upTo range: Double) -> (skew: PrintSkew, unturned: Float)? {
        mask.skew(
            sweepReduction: reduction, searchReduction: max(1, reduction / 2), sweepRange: Float(range),
            sweepDelta: 1, minimumSearchDelta: 0.01
        ).map { (PrintSkew(angle: $0.angle, confidence: $0.confidence, gain: $0.gain), $0.unturned) }
    }

    /// How far the mask is turned each way to measure a page lying past the usual sweep (`steep`).
    static let steepTurn = 30.0

    /// How much Leptonica reduces the page to sweep for its skew (it searches at half that): 4 for a
    /// 300-dpi A4 page, less for smaller ones, so that text lines stay several pixels tall. At 4, an
    /// 80-dpi book page (480×720) turned 7–12° had its angle found within 0.05° but with a confidence
    /// of 2.4–2.6, under `minimumConfidence`, and was read unlevelled (CER 0.94–1.0); a 150-dpi
    /// page (800×1,000) had its angle found 0.7° off.
    static func reduction(forLongerSide side: Int) -> Int {
        side >= 2400 ? 4 : side >= 1200 ? 2 : 1
    }

    /// Tesseract reads lines skewed by less than this well itself, and rotating costs sharpness: on the eval
    /// set, deskewing clean scans by 0.4–0.8° made them worse (a 1-bit scan at 0.81°: CER 0.005 → 0.017).
    static let minimumAngle = 1.0
    /// Leptonica's own minimum confidence for a skew angle.
    static let minimumConfidence: Float = 3
    /// Or how much better the lines must line up levelled than as they are (`PixImage.skew`'s gain).
    /// Leptonica's confidence compares the angle with its neighbours 1° away, and a sparse page of
    /// Chinese stays under 3 at any skew: Fixtures' notice turned 3° and 7° measured 2.5 (gains 4.8 and
    /// 7.1), was read unlevelled, and turned 7° and cut square read nothing. Level pages gain 1.0; photos
    /// of curled book pages 2.6–5.6 at 1.3–4.1° (one of three levelled: eval/real's cat035, CER 0.044 →
    /// 0.037).
    ///
    /// The gain counts only where Leptonica's confidence is not 0, its verdict that the measure is not
    /// valid (too few dark pixels for the page's size, or the best angle at the sweep's ends). A book
    /// photo out of focus (eval/real's Finnish cookbook page blurred by 1/750 of its size) kept none of
    /// its grey print in the dark-pixel mask, only the dark edges beyond the page: confidence 0 at −6°,
    /// gain 11.8, and its level lines were turned 6°.
    static let minimumGain: Float = 3

    /// Whether a page measured this far off level is levelled: by at least `minimumAngle`, and the
    /// measure sure, or its lines lying at that angle too (`corroborated(by:)`).
    var levels: Bool {
        abs(Double(angle)) >= Self.minimumAngle && (isSure || linesAgree)
    }

    /// This measure, and when it is valid but unsure and far enough off level to be levelled, the
    /// angle of `mask`'s long text lines (those spanning `longLine` of its width), each found and fitted
    /// on its own (`TextLineDewarp.lineSlopes`), and whether they agree with it: their median within
    /// `linesWithin` of the angle, the middle half of them within `linesSpread`, at least `leastLines`.
    ///
    /// Leptonica's confidence and gain compare whole projections, and a sparse page or one of few lines
    /// stays unsure at any angle: a Chinese notice cut out of a close-up (the photo stress set's `aside`
    /// scene, seed 3300), its outline taken partly along the frame, lay 4.2° off after its warp at
    /// confidence 1.3 and gain 2.6, and was read unlevelled (CER 0.17, both modes). Its long lines
    /// measured 3.9° (4.3° on the halved mask); levelled, it read at 0.019. Pages levelled as sure measure
    /// their lines within 0.02° of Leptonica's angle, the middle half within 0.1° (full-size mask); a
    /// curled page's lines agree on their median but spread 2.5° or more (eval/real's cookbook pages),
    /// and it is left to the curl step.
    func corroborated(by mask: PixImage) -> PrintSkew {
        guard !isSure, confidence > 0, abs(Double(angle)) >= Self.minimumAngle else { return self }
        // Found halved on large pages, as the curl step finds its lines (`TextLineDewarp.halfSizeFrom`):
        // a quarter of the pixels for Leptonica's line finder, whose 8–13 ms on eval/real's curled photos
        // became 3–8. Over the eval and photo sets (700 page-runs) one page changed its decision: the
        // stress set's phototest close-up (seed 3000), lying 1.2° off unsure, had under five long lines
        // at full size and enough halved (1.5°), and levelled it read at CER 0.000 instead of 0.011.
        let long = TextLineDewarp.lineSlopes(of: mask).filter { $0.span >= Self.longLine }
        guard long.count >= Self.leastLines else { return self }
        // A line rising to the right (y down, slope under 0) lies as a page turned anticlockwise: a
        // positive angle.
        let angles = long.map { -atan($0.slope) * 180 / .pi }.sorted()
        let median = angles[angles.count / 2], spread = angles[3 * angles.count / 4] - angles[angles.count / 4]
        var corroborated = self
        corroborated.linesAngle = Float((median * 100).rounded() / 100)
        corroborated.linesAgree = abs(median - Double(angle)) <= Self.linesWithin && spread <= Self.linesSpread
        return corroborated
    }

    /// The least share of the page's width a line spans to count in `corroborated(by:)`.
    static let longLine = 0.25
    /// The fewest long lines that corroborate a measure.
    static let leastLines = 5
    /// How far (degrees) the lines' median may lie from the measured angle.
    static let linesWithin = 0.5
    /// The most (degrees) the middle half of the lines' angles may spread.
    static let linesSpread = 1.5

    /// Whether the measure is sure: with Leptonica's confidence, or valid (confidence over 0) and
    /// lining the lines up `minimumGain` better levelled.
    var isSure: Bool {
        confidence >= Self.minimumConfidence || (confidence > 0 && gain >= Self.minimumGain)
    }

    /// The sweep every page gets, either way, before a page not measured sure in it is measured steep
    /// too, up to `PageCleaner.Options.maxSkew` (`steep`): on the eval sets, Fixtures and the photo
    /// stress set, 15 of 159 pages were not (flat scans, sparse pages, curled photos), and sweeping every
    /// page to 46° (as it was then measured) changed none of 422 page-runs' text while it doubled the
    /// deskew step's time (Fixtures' pages 2.9 → 5.6 ms).
    static let usualSweep = 15.0
}
