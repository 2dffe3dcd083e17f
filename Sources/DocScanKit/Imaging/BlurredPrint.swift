import DocScanCore
import DocScanNative
import Foundation

/// Sharpens a photo whose print is out of focus, before the sheet is looked for: a phone that focused on
/// the desk, or shot in dim light, blurs every stroke, and then the page finder, the curl and rule steps
/// and Tesseract's threshold all work on grey smears.
///
/// Blur is measured as the steepest steps between neighbouring pixels over the page's contrast
/// (`PixImage.edgeSteepness`): print in focus steps most of its contrast within a pixel or two.
/// eval/real's photos measure 0.42–0.73, Fixtures' and eval/public's pages 0.30–0.98 but for a synthetic
/// photo of the 1871 page (0.16); eval/real's photos blurred by a Gaussian of 1/1500 of their size
/// (σ 1.3–3.5 px) 0.08–0.24. Under `blurredBelow` the page is sharpened by unsharp masking over a square
/// as wide as the blur (`halfWidth(for:)`): those ten blurred photos read at mean CER 0.30 → 0.22 (fast),
/// the 1871 photo 0.052 → 0.040. Pages in focus are measured only (a pass over every other row).
///
/// Blurred further, from a σ of `deblurFrom` pixels (`blurPerUnit` over the measure), print out of focus is
/// deblurred instead: deconvolved against a Gaussian that wide (`PixImage.deconvolved(blur:iterations:)`).
/// Fixtures' three blurred photos read at mean CER 0.090 / 0.092 (fast / accurate) sharpened, 0.037 /
/// 0.030 deblurred; eval/real's five photos blurred by 1/750 of their size 0.405 / 0.402 → 0.289 /
/// 0.297. Under it an unsharp mask serves better: the 1871 photo (σ 1.7, small noisy print) read at
/// 0.040 / 0.041 sharpened and 0.060 / 0.059 deblurred (numpy trial), its grain deconvolved into specks.
/// A deblurred ruled table is kept deblurred (0.033 / 0.029, against 0.077 / 0.099 cleaned again as shot).
///
/// A ruled table mostly reads worse sharpened (Fixtures' table photo blurred by 1/1000 of its size and
/// saved as PNG: 0.22 → 0.71 fast; at 1/750 0.56–0.74 → 0.77–0.80; only its JPEG at 1/1000 gained,
/// 0.158 → 0.143), so a page sharpened by the unsharp mask on which the rule eraser finds a table is
/// cleaned again as it was photographed (`PageCleaner`).
///
/// Camera shake smears print one way and leaves its steps along the smear steep, so a shaken photo
/// measures in focus by its steeper steps. When the steps one way are under `streakRatio` of the other
/// way's and under `streakedBelow`, the smear is measured (`PixImage.smearLength`: a smear of n pixels
/// makes each step of the print a run of n equal steps, whose ends are opposed n pixels apart) and taken
/// out (`PixImage.deconvolved`: Richardson–Lucy against a box that long, line by line that way). Sharpened
/// across the smear instead (an unsharp mask that way only), twelve pages on a desk smeared 7 px across
/// read at mean CER 0.210 / 0.220 (fast / accurate), a Chinese manual page and the UNLV magazine page
/// at 0.52–0.82; deconvolved, at 0.074 / 0.080. A smear whose length is not found is sharpened across.
/// A smear at a slant shortens the steps both ways; its way is found on the page's middle turned
/// (`slant(in:)`) and it is taken out along it (`unsmeared(_:at:)`).
enum BlurredPrint {
    /// Pages whose edge steepness is under this are out of focus.
    static let blurredBelow = 0.2
    /// How many times wider in pixels a page's blur would be at accurate mode's working size, where
    /// `blurredBelow` was measured, than here, where the loader scaled it by `loadScale` to the mode's
    /// `workingSize`: the two sizes' ratio, at most, and no more than the reduction (1 in accurate mode
    /// and for a page not reduced). A blur is as bad as it is wide against the letters, and the same
    /// photo measures steeper the more it is reduced: the light-kind set's magazine page
    /// smeared at a slant measured 0.17 at accurate mode's 3,500 px and was sharpened (CER 0.094), 0.22
    /// at fast mode's 2,500 px and was not (0.786). Judged so in fast mode, three pages of the eval and
    /// photo sets (350 page-runs) are sharpened that were not, and read better: that page 0.786 → 0.636
    /// (its grey strokes still fall with the paper under Tesseract's threshold), Huck Finn smeared at a
    /// slant 0.047 → 0.033 and under a band of shadow 0.047 → 0.042.
    static func blurScale(loadScale: Double, workingSize: Int) -> Double {
        guard loadScale > 0, loadScale < 1, workingSize > 0 else { return 1 }
        return max(1, min(1 / loadScale, Double(PageLoader.workingSize(for: .accurate)) / Double(workingSize)))
    }

    /// The σ in pixels of the Gaussian blur per unit of blur: a step blurred by σ pixels measures about
    /// 1 / (2.5σ) (0.28 rather than 0.4: the contrast measured is under the print's full contrast).
    static let blurPerUnit = 0.28
    /// Print blurred by a σ of at least this is deconvolved rather than sharpened.
    static let deblurFrom = 2.0
    /// Rounds of deconvolution of print out of focus: Fixtures' three blurred photos read at 0.176 /
    /// 0.092 after 10, 0.026 / 0.022 after 20 and 0.023 / 0.021 after 30 (numpy trial, against a true
    /// Gaussian); each round costs three smear rounds (`PixImage.deconvolved(blur:iterations:)`).
    static let deblurRounds = 20
    /// How far each pixel is moved away from its neighbourhood's mean, as a share of the difference.
    static let fraction = 0.5
    /// The mask's half width per unit of blur: a step blurred by σ pixels measures about 1 / (2.5σ),
    /// and a half width of about 0.7σ brings its slope back without ringing across thin strokes.
    static let widthPerBlur = 0.27

    /// The half width of the unsharp mask, in pixels, for print whose steps measure `steepness`, at
    /// `perUnit` pixels per unit of blur (`widthPerBlur` round, `widthPerStreak` across a smear).
    static func halfWidth(for steepness: Double, perUnit: Double = widthPerBlur) -> Int {
        max(1, Int((perUnit / max(steepness, 0.01)).rounded()))
    }

    /// Steps one way under this share of the other way's are a smear (a 7-px horizontal smear over
    /// twelve pages on a desk: 0.37–0.57 where they were not out of focus both ways; Fixtures',
    /// eval/real's and eval/public's photos and scans 0.65–1.0).
    static let streakRatio = 0.6
    /// And the smeared way's steps are under this (those pages: 0.11–0.22; a letter among them 0.27 at
    /// fast mode's working size, which its reduction sharpens).
    static let streakedBelow = 0.3
    /// Across a smear, the mask's half width per unit of blur (a smear of n pixels measures about 1/n;
    /// the mask spans it) and how far each pixel is moved.
    static let widthPerStreak = 0.45
    static let streakFraction = 1.0
    /// The longest smear looked for, in pixels of the image measured.
    static let longestSmear = 30
    /// The smear is looked for from `shortestSmearShare` to `longestSmearShare` of the length the
    /// smeared way's steepness gives (a step spread over n pixels rises by an nth of the contrast at a
    /// time; blur, noise and JPEG move the measure: it gave 0.64–1.25 times the smear on the shaken
    /// photos measured), as the print's own lines make dips of their own, at their pitch: a magazine page
    /// smeared 7 px down dipped lowest at 14, and deconvolved by that it read at CER 0.67 instead of 0.08.
    static let shortestSmearShare = 0.5
    static let longestSmearShare = 1.6
    /// Rounds of deconvolution: each sharpens a little more, and amplifies the photo's noise a little.
    /// Twelve pages smeared 7 px across read at mean CER 0.110 / 0.110 (fast / accurate) after 15
    /// rounds, 0.074 / 0.080 after 30 and 0.063 / 0.072 after 60; smeared 11 px, 0.143 / 0.274 after 30
    /// and 0.090 / 0.243 after 60 (0.2 s a 2100 × 2800 page for 30 rounds).
    static let deconvolutionRounds = 60

    /// What the focus measure found, and the page made sharp for it.
    struct Focus {
        /// The steeper way's edge steepness.
        let steepness: Double
        /// The way camera shake smeared the print, `across`, `down` or `slant`; nil when it was not smeared
        /// one way.
        let streak: String?
        /// The smear's length in pixels, when it was measured and taken out.
        let smear: Int?
        /// The σ in pixels of the Gaussian blur deconvolved, when print out of focus was.
        let blur: Double?
        /// The page sharpened or deconvolved; nil when in focus, or Leptonica could not sharpen it.
        let sharpened: PixImage?
    }

    /// `image`'s focus: its edge steepness, the way and length of a smear, and `image` sharpened when its
    /// print is out of focus or smeared; nil when it cannot be measured (a bilevel page, a blank).
    /// - Parameter blurScale: how much blurrier in pixels the page would be at the size `blurredBelow`
    ///   holds for (`blurScale(loadScale:workingSize:)`).
    static func measured(_ image: PixImage, blurScale: Double = 1) -> Focus? {
        guard let steps = image.directionalSteepness() else { return nil }
        let steepness = max(steps.across, steps.down)
        guard steepness >= blurredBelow * blurScale else {
            let sigma = blurPerUnit / max(steepness, 0.01)
            if sigma >= deblurFrom, let restored = image.deconvolved(blur: sigma, iterations: deblurRounds) {
                return Focus(steepness: steepness, streak: nil, smear: nil, blur: sigma, sharpened: restored)
            }
            let sharpened = image.unsharpMasked(halfWidth: halfWidth(for: steepness), fraction: fraction)
            return Focus(steepness: steepness, streak: nil, smear: nil, blur: nil, sharpened: sharpened)
        }
        guard let streak = streak(in: steps) else {
            if steepness < slantCheckBelow, min(steps.across, steps.down) < slantCheckRatio * steepness, let slant = slant(in: image) {
                let unsmeared = unsmeared(image, at: slant)
                if let sharpened = unsmeared.image {
                    return Focus(steepness: steepness, streak: "slant", smear: unsmeared.smear, blur: nil, sharpened: sharpened)
                }
            }
            return Focus(steepness: steepness, streak: nil, smear: nil, blur: nil, sharpened: nil)
        }
        let unsmeared = unsmeared(image, across: streak)
        return Focus(steepness: steepness, streak: streak.across ? "across" : "down", smear: unsmeared.smear, blur: nil, sharpened: unsmeared.image)
    }

    /// `image` with the smear taken out when camera shake smeared its print one way; nil when it is in
    /// focus, out of focus all ways, or cannot be measured. What the orient stage judges a page on
    /// (`PageOrienter.inFocus`), without sharpening a page out of focus that it does not use.
    static func unsmeared(_ image: PixImage) -> PixImage? {
        guard let steps = image.directionalSteepness(), max(steps.across, steps.down) >= blurredBelow,
              let streak = streak(in: steps)
        else { return nil }
        return unsmeared(image, across: streak).image
    }

    /// Whether steps measuring `steps` are smeared one way (the print otherwise in focus): which way,
    /// and the smeared way's steepness.
    private static func streak(in steps: (across: Double, down: Double)) -> (across: Bool, steepness: Double)? {
        let steepness = max(steps.across, steps.down), smeared = min(steps.across, steps.down)
        guard smeared < streakedBelow, smeared < streakRatio * steepness else { return nil }
        return (steps.across < steps.down, smeared)
    }

    /// A page whose steeper steps measure under this, neither smeared along its rows or columns nor out of
    /// focus, is looked at for a smear at a slant (`slant(in:)`).
    static let slantCheckBelow = 0.5
    /// Nor unless its weaker way measures under this share of its stronger as it is: a smear at a slant
    /// shortens the steps one way more than the other unless it lies near 45°.
    static let slantCheckRatio = 0.8
    /// The turns at which the page's middle is measured for a smear at a slant, and how much weaker than
    /// the other way its steps must be at the best of them (`slant(in:)`).
    static let slantTurns: [Double] = [-40, -30, -20, -10, 10, 20, 30, 40]
    static let slantRatio = 0.66
    /// The side of the square in the page's middle measured for a smear at a slant.
    static let slantSquare = 1200

    /// The turn (clockwise degrees) that lays a smear at a slant along the rows (`across`) or the
    /// columns, nil when the page's middle shows none. Camera shake 10–35° off the horizontal shortens
    /// the steps across and down alike; turned so that it lies along a row, it shows as a smear one way
    /// does. The square in the page's middle is turned by each of `slantTurns` (Leptonica's area map,
    /// which softens every page alike, so only the turned measures are compared) and its middle 3/5
    /// measured: at the best turn the weaker way measured 0.48–0.75 of the stronger on the stress set's
    /// twelve slanted scenes, and 0.71 or more at every turn on every photo in focus of eval/real,
    /// Fixtures and the stress set's desk and big scenes (49).
    static func slant(in image: PixImage) -> (degrees: Double, across: Bool, steepness: Double)? {
        let side = min(slantSquare, image.width, image.height)
        guard side >= 200, let square = image.cropped(
            to: PageBox(x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side))
        else { return nil }
        var best: (degrees: Double, across: Bool, ratio: Double, weaker: Double)?
        for degrees in slantTurns {
            guard let turned = square.rotated(degrees: degrees, fill: 255),
                  let middle = turned.cropped(to: PageBox(x: side / 5, y: side / 5, width: 3 * side / 5, height: 3 * side / 5)),
                  let steps = middle.directionalSteepness()
            else { continue }
            let weaker = min(steps.across, steps.down)
            let ratio = weaker / max(steps.across, steps.down, 0.01)
            if ratio < best?.ratio ?? .infinity { best = (degrees, steps.across < steps.down, ratio, weaker) }
        }
        guard let best, best.ratio < slantRatio, best.weaker < streakedBelow else { return nil }
        return (best.degrees, best.across, best.weaker)
    }

    /// `image` with a smear at a slant taken out: its columns moved up or down by whole pixels so that
    /// the smear lies along the rows (a page whose smear lies nearer the columns is turned a quarter
    /// first, exactly), deconvolved across as a smear one way is, and moved back. Nothing is resampled,
    /// as turning the page would (Leptonica's area map took a crisp render's steps from 0.97 to 0.74).
    private static func unsmeared(_ image: PixImage, at slant: (degrees: Double, across: Bool, steepness: Double)) -> (image: PixImage?, smear: Int?) {
        guard let lying = slant.across ? image : image.rotated(quarterTurns: 1) else { return (nil, nil) }
        // Turned clockwise by `degrees` the smear lies along the rows: it runs up by tan(degrees) a pixel
        // to the right, so moving column x down by x·tan(degrees) lays it flat.
        let slope = tan(slant.degrees * .pi / 180)
        let moves = (0..<lying.width).map { Int((Double($0) * slope).rounded()) }
        let lowest = moves.min() ?? 0, highest = moves.max() ?? 0
        let shifts = moves.map { Int32($0 - lowest) }
        // The smear's length is looked for near the one the turned square's steepness gives: measured on
        // the moved columns, the print's level edges, now stairs, step steeply across.
        guard let flat = lying.shearedColumns(by: shifts, height: lying.height + highest - lowest) else { return (nil, nil) }
        let unsmeared = unsmeared(flat, across: (true, slant.steepness))
        guard let restored = unsmeared.image?.shearedColumns(by: shifts.map { -$0 }, height: lying.height),
              let upright = slant.across ? restored : restored.rotated(quarterTurns: 3)
        else { return (nil, nil) }
        return (upright, unsmeared.smear)
    }

    /// `image` deconvolved by its smear's length, or sharpened across the smear when no length from 3 px
    /// is found near the one its steepness gives.
    private static func unsmeared(_ image: PixImage, across streak: (across: Bool, steepness: Double)) -> (image: PixImage?, smear: Int?) {
        let expected = 1 / max(streak.steepness, 0.01)
        // A steep streak expects a smear under 3 px: no range to look in (a 950 × 100 strip of colour
        // swatches, Leptonica's 19-colors.png, made one that ended before it began, and trapped).
        let shortest = max(3, Int(shortestSmearShare * expected))
        let longest = min(longestSmear, Int((longestSmearShare * expected).rounded(.up)))
        if longest > shortest, let smear = image.smearLength(across: streak.across, within: shortest...longest),
           let restored = image.deconvolved(smear: smear.length, across: streak.across, iterations: deconvolutionRounds) {
            return (restored, smear.length)
        }
        let sharpened = image.unsharpMasked(
            halfWidth: halfWidth(for: streak.steepness, perUnit: widthPerStreak), fraction: streakFraction, across: streak.across)
        return (sharpened, nil)
    }
}
