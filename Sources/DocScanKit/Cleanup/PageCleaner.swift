import DocScanCore
import DocScanNative

/// The clean-up stage: evens out the background (shadows, uneven lighting, grey paper) and removes skew,
/// so Tesseract sees dark text on a white page with level lines.
public struct PageCleaner: PageStage {
    public struct Options: Sendable {
        /// Look for a sheet of paper in a photo and warp it flat.
        public var findPage: Bool
        /// Divide out a smooth background estimate (grey pages only; bilevel scans have none).
        public var normalizeBackground: Bool
        /// Largest skew searched for, in degrees either way; 0 turns deskewing off.
        public var maxSkew: Double
        /// Straighten bent text lines (a curled book page) where they are measurably bent.
        public var flattenCurl: Bool
        /// Median-filter a page strewn with single-pixel noise (`Despeckler`).
        public var despeckle: Bool
        /// Warp a curled sheet along its traced sides (`CurvedSides`), not by its corners alone. Off,
        /// a curled sheet's lines are left to the curl step, as a book page's are.
        public var followCurvedSides = true
        /// Deepen print made faint over part of a photographed page, by a lamp's glare (`FaintPrint`),
        /// after its background is evened out.
        public var deepenFaintPrint = false
        /// Join print made of separate dots into strokes (`DottedPrint`).
        public var joinDots = false
        /// Paint over a dark border along the page's edge that pulls Tesseract's split into the print
        /// (`DarkBorder`).
        public var paintDarkBorder = false
        /// Paint over thin ruled lines (`RuleEraser`).
        public var eraseRules = false
        /// Turn light print on shaded bands dark on paper (`ShadedBands`).
        public var reverseBands = false
        /// Sharpen a photo whose print is out of focus (`BlurredPrint`).
        public var sharpenBlurredPrint = false
        /// Enlarge a page whose print is small in pixels (`SmallPrint`), up to `longestSide` on its longer side,
        /// and reduce one whose print is large.
        public var enlargeSmallPrint = false
        /// The longer side a page may be enlarged to: the mode's working size (`PageLoader.workingSize(for:)`).
        public var longestSide = PageLoader.workingSize(for: .accurate)

        public init(findPage: Bool, normalizeBackground: Bool, maxSkew: Double, flattenCurl: Bool = false, despeckle: Bool = false) {
            self.findPage = findPage
            self.normalizeBackground = normalizeBackground
            self.maxSkew = maxSkew
            self.flattenCurl = flattenCurl
            self.despeckle = despeckle
        }

        /// Both modes run every step: a page that is not found, flattened and levelled reads badly
        /// however hard recognition tries (fast mode without them: mean CER 0.20 on the eval set against
        /// accurate's 0.04). Fast mode is cheaper in recognition, not in making the page readable.
        public static func defaults(for mode: ScanMode) -> Options {
            var options = Options(
                findPage: true, normalizeBackground: true, maxSkew: widestSkew, flattenCurl: true, despeckle: true)
            options.enlargeSmallPrint = true
            options.sharpenBlurredPrint = true
            options.eraseRules = true
            options.joinDots = true
            options.deepenFaintPrint = true
            options.paintDarkBorder = true
            options.reverseBands = true
            options.longestSide = PageLoader.workingSize(for: mode)
            return options
        }

        /// The skew searched for by default, either way: past 45°, so that a page the orient stage turned
        /// by the right quarter is levelled whatever its angle (`PrintSkew.widest`).
        public static let widestSkew = PrintSkew.widest

        /// Keep each step's image in the result, for `--debug-images`.
        public var keepSteps = false

        /// Every step off.
        public static let none = Options(findPage: false, normalizeBackground: false, maxSkew: 0)
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    public func run(_ page: OrientedPage, context: inout PageContext) throws -> CleanedPage {
        var log = StepLog(keepsImages: options.keepSteps)
        let blurScale = BlurredPrint.blurScale(loadScale: page.loadScale, workingSize: options.longestSide)
        guard options.sharpenBlurredPrint, let focus = BlurredPrint.measured(page.image, blurScale: blurScale) else {
            return cleaned(page, from: page.image, log: log)
        }
        log.report.sharpness = (focus.steepness * 100).rounded() / 100
        log.report.streak = focus.streak
        log.report.smearLength = focus.smear
        log.report.blurSigma = focus.blur.map { ($0 * 100).rounded() / 100 }
        guard let sharp = focus.sharpened else {
            log.lap("sharpen")
            return cleaned(page, from: page.image, log: log)
        }
        /// The log as it would be unsharpened; its next lap counts the sharpened pass's time too.
        let unsharpened = log
        log.report.sharpened = true
        log.keep("sharpened", sharp)
        log.lap("sharpen")
        let result = cleaned(page, from: sharp, log: log)
        // A ruled table out of focus reads worse sharpened (`BlurredPrint`): the page is cleaned again as
        // it was shot. Not one deconvolved: Fixtures' shaken supply order read at CER 0.017 so, 0.27
        // cleaned again (fast); its blurred table deblurred 0.033 / 0.029 (fast / accurate), cleaned
        // again as shot 0.077 / 0.099.
        guard result.cleanup.rulesErased, focus.smear == nil, focus.blur == nil else { return result }
        var again = unsharpened
        again.lap("sharpen")
        return cleaned(page, from: page.image, log: again)
    }

    /// `page` cleaned from `start` (its image, or that image sharpened), continuing `log`.
    func cleaned(_ page: OrientedPage, from start: PixImage, log: StepLog) -> CleanedPage {
        var log = log
        var image = start
        /// The sheet's outline in the photo, once it has been warped flat by it.
        var sheet: (quad: PageQuad, sides: CurvedSides?)?
        /// No background showed around the page: a scan, or a photo taken so close that the sheet's
        /// edges lie outside it, whose perspective only its print shows (`PrintPerspective`).
        var fillsTheFrame = false
        /// No sheet was found, for whatever reason: a ruled table's outer rules may still show the
        /// perspective (a close-up's lit part of the paper not standing out from the rest).
        var noSheet = false
        if options.findPage {
            var outcome = PageFinder.find(in: image)
            // Print sharpened or deconvolved for a blur or smear rings along the sheet's edges too: a
            // Chinese book page photographed close, its right side on a dark desk, measured smeared 8 px
            // down and deconvolved, and its bright region no longer stood out enough (accurate mode;
            // fast mode, deconvolved at its smaller size, found it). Looked for on the photo as shot, it
            // is warped from there.
            if case .notFound(let reason) = outcome, reason != BrightRegion.fillsTheFrame, image !== page.image {
                let asShot = PageFinder.find(in: page.image)
                if case .found = asShot { outcome = asShot }
            }
            // The print's letters, found once for the checks of the sheet's sides below.
            let letters: PhotoLetters? = if case .found = outcome {
                PhotoLetters(of: image, reduced: image === page.image ? page.reduced : nil)
            } else {
                nil
            }
            // A side that cuts through lines of print is not the paper's edge.
            if case .found(let quad, let method, let score, _) = outcome, let letters, let wider = TextBeyondSheet.widened(quad, letters: letters) {
                outcome = .found(wider.quad, method: method, score: score)
                log.report.pageWidened = wider.sides
                // A bright region may have ended at a shadow across the sheet: then the sheet's outline
                // around it, moved out in turn where it cuts print too.
                if method == "brightness", case .found(let around, let method, let score, _)? = PageFinder.outline(around: quad, in: image) {
                    let wider = TextBeyondSheet.widened(around, letters: letters)
                    outcome = .found(wider?.quad ?? around, method: method, score: score)
                    log.report.pageWidened = wider?.sides
                }
            }
            // A side along the photo's border, far from the print, is the frame's, not the sheet's.
            if case .found(let quad, "edges", let score, _) = outcome, let letters, let pulled = FrameSide.pulledIn(quad, letters: letters) {
                outcome = .found(pulled.quad, method: "edges", score: score)
                log.report.pagePulledIn = pulled.sides
            }
            log.lap("find_page")
            switch outcome {
            case .notFound(let reason):
                log.report.pageNote = reason
                fillsTheFrame = reason == BrightRegion.fillsTheFrame
                noSheet = true
            case .found(let quad, let method, let score, let sides):
                log.report.pageCorners = quad
                log.report.pageMethod = method
                log.report.pageScore = score
                let followed = options.followCurvedSides ? sides : nil
                log.report.sideBulge = followed.map { ($0.bulge(of: quad) * 1000).rounded() / 1000 }
                if options.keepSteps, let drawn = DebugImages.drawing(quad, sides: followed, on: image) { log.steps.append(("corners", drawn)) }
                if let flat = PageFinder.flatten(image, quad: quad, sides: followed) {
                    image = flat
                    sheet = (quad, followed)
                    log.report.warped = true
                    log.keep("warped", image)
                } else {
                    log.report.pageNote = "the page could not be warped flat"
                }
                log.lap("warp")
            }
        }
        guard options.enlargeSmallPrint else {
            image = evenedOut(image, log: &log)
            if noSheet { image = inPerspective(image, byMargins: fillsTheFrame, log: &log) }
            image = levelled(image, log: &log)
            return CleanedPage(image: image, orientation: page.orientation, cleanup: log.report, steps: log.steps)
        }
        guard let sheet else {
            // A page with no sheet cut out of it is enlarged between the steps that even out its tones
            // and those that straighten its lines: its specks are measured and removed at the size they
            // were made at (enlarged before, a noisy 150-dpi scan's specks were taken for letters: CER
            // 0.06 → 0.37), and its lines are levelled and straightened tall enough to be measured
            // (eval/real's catalogue page at a third of its size: 0.252 → 0.091, enlarged last).
            image = evenedOut(image, log: &log)
            if noSheet { image = inPerspective(image, byMargins: fillsTheFrame, log: &log) }
            if let factor = smallPrintFactor(of: image, log: &log), let larger = image.scaled(by: factor) {
                image = larger
                log.report.enlargement = factor
                log.keep(Self.scaledStep(factor), image)
            }
            log.lap("enlarge")
            image = levelled(image, log: &log)
            return CleanedPage(image: image, orientation: page.orientation, cleanup: log.report, steps: log.steps)
        }
        let stepsBefore = log.steps.count
        /// What the page finder and the warp found, so a second pass of the later steps starts from it.
        let beforeFlattening = log.report
        var skew: PrintSkew?
        image = deskewed(evenedOut(image, log: &log), skew: &skew, log: &log)
        // Measured on the flat, level sheet; a sheet whose print is small (or large) is warped again from
        // the photo enlarged (or reduced), and its later steps run again at that size: one interpolation
        // of the photo's pixels instead of two, and lines tall enough for the skew and curl steps to
        // measure (`SmallPrint`). Measured first before the curl, rules, bands and border steps, so that a
        // sheet whose print is clearly too small or too large is not put through them for nothing: on
        // eval/real's two photos of large print (reduced in accurate mode) they were a third of the
        // clean-up. Those steps move letters' height by a pixel or two (erasing rules frees letters that
        // touched them; a blurred curl's letters run together less once straightened), so print measured
        // near a bound is measured again after them, as before.
        var scale = smallPrintScale(of: image, log: &log)
        // Settled implies a factor: a page left at its size has always been straightened here.
        let settled = scale?.settled == true
        if !settled {
            log.lap("enlarge")
            image = straightened(image, log: &log)
            scale = smallPrintScale(of: image, log: &log)
        }
        guard let factor = scale?.factor else {
            log.lap("enlarge")
            return CleanedPage(image: image, orientation: page.orientation, cleanup: log.report, steps: log.steps)
        }
        if let larger = PageFinder.flatten(start, quad: sheet.quad, sides: sheet.sides, enlargedBy: factor) {
            log.lap("enlarge")
            log.steps.removeSubrange(stepsBefore...)
            log.keep(Self.scaledStep(factor), larger)
            // The second pass's findings replace the first's; both passes' times are kept.
            let (stepsMs, letters) = (log.report.stepsMs, log.report.letterHeight)
            log.report = beforeFlattening
            (log.report.stepsMs, log.report.letterHeight) = (stepsMs, letters)
            image = levelled(evenedOut(larger, log: &log), skew: skew, log: &log)
            log.report.enlargement = factor
        } else {
            log.lap("enlarge")
            if settled { image = straightened(image, log: &log) }
            if let larger = image.scaled(by: factor) {
                image = larger
                log.report.enlargement = factor
            }
            log.lap("enlarge")
        }
        return CleanedPage(image: image, orientation: page.orientation, cleanup: log.report, steps: log.steps)
    }

    /// `page`, in which no sheet was found, with its perspective undone from its ruled table's outer
    /// rules or, `byMargins` (it fills the photo's frame), its print's margins (`PrintPerspective`). A
    /// page showing a background around a sheet the finder could not outline (a page on stone as light
    /// as it) is not warped by its margins: the warp would enlarge the background with the page, and
    /// the stone's grain at the narrow end was read as a line of letters (CER 0.06 → 0.13, accurate
    /// mode). A table's rules are four straight lines, not a guess from where lines of print start.
    private func inPerspective(_ page: PixImage, byMargins: Bool, log: inout StepLog) -> PixImage {
        _ = log.watch.lap()
        defer { log.lap("print_perspective") }
        guard let outcome = PrintPerspective.flattened(page, byMargins: byMargins) else { return page }
        log.report.printConvergence = outcome.convergence
        guard let flat = outcome.image else { return page }
        log.report.pageCorners = outcome.quad
        log.report.pageMethod = outcome.method
        log.report.pageScore = outcome.score
        log.report.pageNote = nil
        log.report.warped = true
        if options.keepSteps, let drawn = DebugImages.drawing(outcome.quad, sides: nil, on: page) { log.steps.append(("\(outcome.method)_corners", drawn)) }
        log.keep("\(outcome.method)_warped", flat)
        return flat
    }

    /// The debug image's name for a page scaled by `factor` for its print size.
    private static func scaledStep(_ factor: Double) -> String { factor < 1 ? "reduced" : "enlarged" }

    /// How much `image` is to be scaled for its print size (nil: not at all); the letters' height
    /// measured goes into the report, and the time measuring takes into the `enlarge` step.
    private func smallPrintFactor(of image: PixImage, log: inout StepLog) -> Double? {
        smallPrintScale(of: image, log: &log)?.factor
    }

    /// `smallPrintFactor(of:log:)`, and whether the steps after deskewing could not change it
    /// (`SmallPrint.enlargement(for:longestSide:)`); nil when the page's print is not measured (too few
    /// letters, a trusted resolution).
    private func smallPrintScale(of image: PixImage, log: inout StepLog) -> (factor: Double?, settled: Bool)? {
        _ = log.watch.lap()
        let enlargement = SmallPrint.enlargement(for: image, longestSide: options.longestSide)
        log.report.letterHeight = enlargement?.letters
        return enlargement.map { ($0.factor, $0.settled) }
    }

    /// The steps that even out a page's tones: background, dots and specks.
    private func evenedOut(_ page: PixImage, log: inout StepLog) -> PixImage {
        var image = page
        _ = log.watch.lap()
        if options.normalizeBackground, image.depth == 8, let spread = ToneCorrection.backgroundSpread(image),
           spread.darkest < Self.evenBackground.darkest || spread.range > Self.evenBackground.range {
            let levels = ToneCorrection.levels(of: image)
            log.report.inkLevel = levels?.ink
            log.report.paperLevel = levels?.paper
            let threshold = levels.map { ToneCorrection.backgroundThreshold(for: $0, of: image) }
                ?? ToneCorrection.defaultBackgroundThreshold
            log.report.lowContrast = threshold != ToneCorrection.defaultBackgroundThreshold
            if let normalized = ToneCorrection.normalizedBackground(image, threshold: threshold) {
                image = normalized
                log.report.backgroundNormalized = true
                log.keep("background", image)
            }
        }
        if options.normalizeBackground { log.lap("background") }
        if options.deepenFaintPrint, log.report.backgroundNormalized {
            if let deepened = FaintPrint.deepened(image, asShot: page) {
                image = deepened.image
                log.report.faintPrint = deepened.faintShare
                log.keep("faint_print", image)
            }
            log.lap("faint_print")
        }
        if options.joinDots, image.depth == 8 {
            if let joined = DottedPrint.joined(image) {
                image = joined.image
                log.report.dotsJoined = joined.box
                log.keep("dots", image)
            }
            log.lap("dots")
        }
        if options.despeckle, image.depth == 8 {
            let specks = Despeckler.specks(in: image)
            log.report.specks = specks.map { ($0 * 100).rounded() / 100 }
            if let clean = Despeckler.despeckled(image, specks: specks) {
                image = clean
                log.report.despeckled = true
                log.keep("despeckled", image)
            }
            log.lap("despeckle")
        }
        return image
    }

    /// The steps that straighten a page's lines: skew and curl; then ruled tables, shaded bands and a dark
    /// border.
    private func levelled(_ page: PixImage, skew: PrintSkew? = nil, log: inout StepLog) -> PixImage {
        var skew = skew
        return straightened(deskewed(page, skew: &skew, log: &log), log: &log)
    }

    /// `page` turned level, when its skew is worth turning: by `skew` when it is given (the same sheet
    /// measured at another size: a sheet warped again enlarged lies as it lay), else by its skew
    /// measured, which `skew` then holds.
    private func deskewed(_ page: PixImage, skew known: inout PrintSkew?, log: inout StepLog) -> PixImage {
        var image = page
        _ = log.watch.lap()
        if options.maxSkew > 0 {
            let mask = known == nil || !log.report.warped ? PrintSkew.printMask(of: image) : nil
            if let skew = known ?? mask.flatMap({ mask in PrintSkew.measured(mask: mask, upTo: options.maxSkew)?.corroborated(by: mask) }) {
                known = skew
                log.report.skewAngle = (Double(skew.angle) * 100).rounded() / 100
                log.report.skewConfidence = (Double(skew.confidence) * 100).rounded() / 100
                log.report.skewGain = (Double(skew.gain) * 100).rounded() / 100
                log.report.skewLines = skew.linesAngle.map { (Double($0) * 100).rounded() / 100 }
                if skew.levels, let level = Self.rotate(image, degrees: Double(skew.angle), keeping: log.report.warped ? nil : mask) {
                    image = level
                    log.report.deskewed = true
                    log.keep("deskewed", image)
                }
            }
            log.lap("deskew")
        }
        return image
    }

    /// The steps after deskewing: curl; then ruled tables, shaded bands and a dark border.
    private func straightened(_ page: PixImage, log: inout StepLog) -> PixImage {
        var image = page
        _ = log.watch.lap()
        if options.flattenCurl {
            let curl = CurlFlattener.flatten(image, drawing: options.keepSteps, cutOut: log.report.warped)
            if let drawing = curl.drawing { log.steps.append(("curl_lines", drawing)) }
            log.report.curlLines = curl.lines
            log.report.lineBend = curl.bend
            log.report.lineFan = curl.fan
            log.report.curlModel = curl.model?.rawValue
            if let straight = curl.image {
                image = straight
                log.report.dewarped = true
                log.keep("dewarped", image)
            }
            log.lap("dewarp")
        }
        if options.eraseRules {
            let inFocus = RuleEraser.printInFocus(
                sharpness: log.report.sharpness, smeared: log.report.streak != nil, deblurred: log.report.blurSigma != nil)
            if let erased = RuleEraser.erased(image, printInFocus: inFocus) {
                image = erased
                log.report.rulesErased = true
                log.keep("rules", image)
            }
            log.lap("rules")
        }
        if options.reverseBands {
            if let reversed = ShadedBands.reversed(image) {
                image = reversed.image
                log.report.bandsReversed = reversed.bands
                log.keep("bands", image)
            }
            log.lap("bands")
        }
        if options.paintDarkBorder {
            if let painted = DarkBorder.painted(image) {
                image = painted.image
                log.report.borderPainted = (painted.share * 1000).rounded() / 1000
                log.keep("border", image)
            }
            log.lap("border")
        }
        return image
    }

    /// A background this even needs no normalization: its darkest tile at least this light, and the
    /// lightest and darkest tiles at most this far apart. Normalizing clean renders hurt them (a Chinese
    /// notice: CER 0.019 → 0.042), so only pages with shadows, gradients or grey paper get it.
    static let evenBackground = (darkest: 200, range: 25)

    /// Rotates by `degrees` (positive: clockwise) with area mapping on a grey copy, bringing in the
    /// paper's level at the corners. White corners on a page whose paper was normalized to 200 are the
    /// lightest tenth of a photo turned 9°: Tesseract's global threshold (Otsu's) then fell between paper
    /// and white, took all paper for print and read nothing (a curled letter on a desk, CER 0.41).
    ///
    /// The page is turned on a canvas grown as far as `print` (its print's mask), turned with it, would
    /// reach past its sides, and `turnMargin` more: turned on its own canvas, a close-up's corners lost
    /// their print (a Chinese page photographed close, its print reaching the frame's left side,
    /// levelled 3.4°: the first letters of its last six lines cut off). A page whose print keeps clear
    /// of its corners keeps its size. A sheet cut out of a photo is turned without `print`: its margins
    /// hold no print, and what its corners keep is the desk's or its edge's shade (grown for them, a
    /// photo stress set's 1871 page curled on a desk read 0.019 → 0.049, accurate).
    static func rotate(_ image: PixImage, degrees: Double, keeping print: PixImage? = nil) -> PixImage? {
        guard let grey = image.depth == 1 ? image.greyFromBilevel() : image else { return nil }
        let paper = ToneCorrection.levels(of: grey)?.paper ?? 255
        let fill = UInt8(clamping: paper)
        let reach = print?.turnedOverflow(degrees: degrees) ?? (x: 0, y: 0, lost: 0)
        let grow = { (overflow: Double) in overflow > 0 && reach.lost >= leastLostShare ? Int(overflow.rounded(.up)) + turnMargin : 0 }
        let (x, y) = (grow(reach.x), grow(reach.y))
        guard let canvas = x > 0 || y > 0 ? grey.padded(left: x, top: y, right: x, bottom: y, fill: UInt32(fill)) : grey else {
            return nil
        }
        return canvas.rotated(degrees: degrees, fill: fill)
    }

    /// The paper kept past print that a turn would take beyond the page's sides, in pixels.
    static let turnMargin = 16
    /// The least share of the print's pixels a turn would take beyond the page's sides for its canvas
    /// to grow: the close-ups whose letters were cut lost 0.3–0.5% of them; specks and a book's shaded
    /// edge near the corners of eval/real's catalogue page 0.001%, and grown for them, the canvas kept
    /// a speck read as a `5` (CER 0.031 → 0.033).
    static let leastLostShare = 0.001
}
