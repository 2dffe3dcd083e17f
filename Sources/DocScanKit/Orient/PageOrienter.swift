import DocScanCore
import DocScanNative
import Foundation

/// The orient stage: detects a page turned by 90°, 180° or 270° with Tesseract OSD and turns it upright.
///
/// OSD runs on a reduced copy (it judges character shapes, which survive the reduction), sharpened when
/// camera shake smeared its print one way (`inFocus`). A turn it proposes under its confidence threshold
/// (a page with little text, a photo) is taken only when the page reads clearly better turned
/// (`provesWeakTurn`).
/// OSD alone is not trusted: on an upright 1871 scan it proposed 180° with confidence 3.3–7.8 (Tesseract's
/// own `--psm 0` agrees), so a proposed turn is checked by reading the reduced page both ways with the
/// recognition engine and refused when the page as it was reads clearly better.
///
/// Most pages are upright, and OSD costs 300–500 ms on any page (as much as reading a short English page).
/// When every scanned language is written in Latin letters, Leptonica's ascender count comes first
/// (`TextOrientation`): a page it finds upright with confidence skips OSD, a page it finds clearly on its
/// side is turned (`takesUnchecked`), and one it finds clearly upside down has that turn checked, without
/// OSD; only an unclear count goes to OSD. On the eval sets and
/// Fixtures turned every way (100 Latin pages) its clear verdicts were all right, while OSD saw 12 of
/// those pages upright or under its threshold (an 1871 scan upside down: ascenders -28.6, OSD 0° with
/// confidence 5.9). Han has no ascenders; a page whose ascenders do not decide, and a Chinese, Japanese
/// or Korean page, has its punctuation counted next (`PunctuationMarks`: full stops and commas at the
/// foot of the lines): upright, it skips OSD; upside down or on its side (`quarterCorrection`), that
/// turn is checked. OSD's engine
/// (about 30 MB) is loaded at the first page that needs it: a worker may never hold it, and it is let
/// go as soon as it has looked at a page (`Options.releasesEngine`). In a run (`PagePreparer`), a page neither check
/// decides on the frame is left as it is until the clean-up stage has found and levelled the sheet, and
/// judged again on that before OSD looks at the frame (`Options.defersToCleanedPage`, `settle`).
///
/// OSD's cost is its shape classifier, run on a fixed number of characters (250, four ways each; 8% of a
/// Chinese page's CPU, its layout analysis under 1%). It first looks at 100: a page they find upright is
/// taken as upright (the reading catches the few it gets wrong: `Options.quickUprightConfidence`); any
/// other verdict is looked at again with all 250.
public final class PageOrienter: PageStage {
    /// Options for the stage.
    public struct Options: Sendable {
        /// Run OSD at all (on by default in both modes).
        public var detect: Bool
        /// Minimum OSD orientation confidence to turn a page.
        public var threshold: Double
        /// The reduced copy's longer side, in pixels; nil: chosen from the run's scripts
        /// (`workingSize(for:)`).
        public var workingSize: Int?
        /// Trust Leptonica's ascender count when it finds the page upright, and skip OSD: only for Latin
        /// script (`ScanConfiguration` sets it from the language list).
        public var ascenderCheck = false
        /// Count the page's punctuation marks (`PunctuationMarks`) before OSD, when the ascenders did not
        /// run or did not decide: a page they find upright skips OSD, one they find upside down has that
        /// turn checked. For Latin script and horizontal Chinese, Japanese and Korean, whose full stops
        /// and commas sit at the foot of a line (`ScanConfiguration` sets it from the language list).
        public var punctuationCheck = false
        /// Let OSD's engine go once it has looked at a page, with the heap it freed, and load it again at
        /// the next page that needs it.
        ///
        /// The engine (about 30 MB, mostly its shape classifier's tables) is needed for a moment before the
        /// page is read; let go, the reading does not stack on it. Measured on the public eval set's eight
        /// Chinese pages, `--jobs 2`, peak of docscan's and its workers' summed resident memory: fast mode
        /// 424–427 → 397–398 MB, accurate mode 467–472 → 420–439 MB (with the cleaned page's sources let
        /// go, `PagePreparer`), for 30–100 ms of loading a page that needs OSD.
        public var releasesEngine = true
        /// Leave a page whose ascenders and punctuation do not decide on the frame as it is, and judge it
        /// again once the clean-up stage has found, flattened and levelled it (`settle`), before OSD.
        ///
        /// On a photo the frame misleads the cheap checks: the sheet lies at an angle, in perspective, on
        /// a textured desk. Of Fixtures' and eval/real's 28 Latin photos the ascenders decided 13 on the
        /// frame; cut out and levelled, 9 of the rest counted clearly up (fast mode; 10 in accurate), and 5
        /// or 6 (tables, receipts) went to OSD. Fixtures' four Chinese photos, none decided on the frame,
        /// counted 11–15 full stops at the feet of their cleaned lines and none at the heads. On the
        /// frame, OSD had taken 0.2–1.3 s a photo, and turned three upright letters upside down or onto
        /// their side, each then read, doubted and turned back (`TurnAfterReading`), 2–3 s more. The
        /// cost: a page that must be turned is cleaned up twice. `PagePreparer` turns this on when the
        /// clean-up looks for sheets (`ScanConfiguration.judgesOrientationOnCleanedPage`).
        public var defersToCleanedPage = false
        /// Check a turn OSD proposes under `threshold` by reading the page's square both ways, and take it
        /// when the square reads clearly better turned (`provesWeakTurn`); off, such a page is left as it is.
        public var checksWeakTurns = true
        /// How many points of mean word confidence the page as it was must lead by to refuse OSD's turn.
        public static let refusalMargin = 5.0
        /// The mean word confidence under which the checked square, read as it is, is garble: the turn is
        /// taken without reading the square turned, since only a square that reads well as it is refuses
        /// a turn. Over the 72 records of the eval sets and the photo stress set that had a turn checked,
        /// every refused turn read at 37 or more as it was (83–95 but a steep photo of a Chinese page, 37
        /// against 13 turned), while half the applied turns read under 30 (0–29). On a Chinese page turned
        /// 90° the two readings were 63% of its orientation's 3.2 s (fast mode, perf). A page turned wrongly
        /// all the same reads with almost no confidence and is looked at again (`TurnAfterReading`).
        public static let garbledAsIs = 30.0
        /// OSD's first, quick look: `min_characters_to_try` (it classifies five times as many characters).
        public static let quickCharacters = 20
        /// The quick look's "upright" is final above this confidence: any verdict at all.
        ///
        /// Upright pages' quick looks scatter (0.08–5.5 on the Chinese pages), and so do wrong ones (0.44,
        /// 0.89), so no threshold parts them; at 2.5 only about half the upright Chinese pages were settled,
        /// and the rest paid for a full look. A page the quick look wrongly calls upright reads with almost
        /// no confidence, or as vertical text, and is turned after reading (`TurnAfterReading`). Measured on
        /// the eval set's and Fixtures' Chinese pages turned every way (40): turned right 40 of 40 in both
        /// modes either way; orientation's share of the CPU of pages not turned 12.4% → 7.7% (accurate)
        /// and 12.7% → 6.9% (fast); the one page called upright wrongly (a photo turned 270°, fast mode) cost
        /// 0.6 s more, read twice. On the Latin pages turned every way (72) nothing changed.
        public static let quickUprightConfidence = 0.0

        /// Default threshold, chosen on the eval set (README, "Orientation threshold").
        public static let defaultThreshold = 2.0
        public static let defaultWorkingSize = 1600
        /// The working size when a language of the run is Chinese, Japanese or Korean. OSD judges
        /// connected components, and a Han character is several (its radicals); at 1,600 px an A4 page's
        /// characters are about 20 px high, many components fall under OSD's 10 px minimum, and its verdicts
        /// scatter. Measured with `tesseract --psm 0` on four Chinese pages and a photo, each turned four ways
        /// (20 pages): at 1,600 px OSD turned 3 of them wrong or under its threshold, at 2,400 px none,
        /// its confidence 2.8–14.2; 100 characters pointed the right way on all 20 at 2,400 px. At 2,800 px
        /// the photo went wrong again (its text grows past what OSD expects). A look costs about 70 ms more.
        public static let unspacedScriptWorkingSize = 2400

        /// Chinese, Japanese and Korean models for horizontal text: their pages' full stops and commas
        /// sit at the foot of a line.
        static let horizontalCJK: Set<String> = ["chi_sim", "chi_tra", "jpn", "kor"]

        /// Whether a run in `languages` counts punctuation before OSD (`punctuationCheck`): when every
        /// language is written in Latin letters or in horizontal Chinese, Japanese or Korean. Not for
        /// vertical models (an upright page's lines run down it) nor scripts not measured here.
        public static func punctuationCheck(for languages: [String]) -> Bool {
            languages.allSatisfy { LanguageCode.isLatinScript($0) || horizontalCJK.contains($0) }
        }

        /// The working size for a run in `languages` (Tesseract codes).
        public static func workingSize(for languages: [String]) -> Int {
            languages.contains(where: LanguageCode.isUnspacedScript) ? unspacedScriptWorkingSize : defaultWorkingSize
        }

        public init(detect: Bool, threshold: Double = defaultThreshold, workingSize: Int? = nil) {
            self.detect = detect
            self.threshold = threshold
            self.workingSize = workingSize
        }
    }

    public let options: Options
    /// OSD, once loaded; nil without detection, until a page needs it when a cheaper check runs first, and
    /// between pages when `Options.releasesEngine`.
    private var engine: OrientationEngine?
    private let osdModelPath: String?

    private let checker: any TurnChecker

    /// - Parameter checker: reads the page both ways to check a proposed turn: the worker's recognizer.
    /// - Throws: `DocScanError.engineInitFailed` when detection is on and the OSD model cannot be loaded,
    ///   `DocScanError.missingModel` when there is none. The model is loaded here even when it is then
    ///   let go until a page needs it, so a damaged model stops the run before its first page.
    public init(options: Options, osdModel: InstalledModel?, checker: any TurnChecker) throws {
        self.options = options
        self.checker = checker
        if options.detect {
            guard let osdModel else {
                throw DocScanError.missingModel(
                    language: "osd", mode: .accurate, advice: ModelStore.installAdvice(for: "osd"))
            }
            let loaded = try OrientationEngine(model: osdModel.path)
            engine = options.ascenderCheck || options.punctuationCheck ? nil : loaded
            osdModelPath = osdModel.path
        } else {
            engine = nil
            osdModelPath = nil
        }
    }

    /// Whether OSD's engine is loaded now.
    var holdsOSD: Bool { engine != nil }

    /// OSD's engine, loaded on first use, or why it cannot be loaded.
    private func osd() -> Result<OrientationEngine, PageError> {
        if let engine { return .success(engine) }
        guard let osdModelPath else { return .failure(PageError(.recognitionFailed, "orientation detection is off")) }
        do {
            let loaded = try OrientationEngine(model: osdModelPath)
            engine = loaded
            return .success(loaded)
        } catch {
            // It loaded when the worker started: the file changed since.
            return .failure(PageError(.recognitionFailed, "the OSD model could not be loaded again: \(error)"))
        }
    }

    public func run(_ page: LoadedPage, context: inout PageContext) throws -> OrientedPage {
        var report = Self.report(of: page)
        guard options.detect else { return OrientedPage(image: page.image, orientation: report, loadScale: page.scale) }

        report.detected = true
        let (reduced, factor, resolution) = self.reduced(page.image)
        // Handed on with the page when it is left as it is, for the clean-up stage.
        let copy = reduced !== page.image ? (image: reduced, factor: factor) : nil
        let look = Look(judged: Self.inFocus(reduced), resolution: resolution)
        // The cheaper checks' verdict, when one decides: the ascenders, else the punctuation.
        var up: Double?, left: Double?, marks: PunctuationMarks?
        let verdict = cheapVerdict(on: look.judged, ascenders: &up, &left, punctuation: &marks)
        (report.ascendersUp, report.ascendersLeft, report.punctuationMarks) = (up, left, marks)
        let correction: Int
        if let verdict {
            guard verdict.correction != 0 else {
                return OrientedPage(image: page.image, orientation: report, reduced: copy, loadScale: page.scale)
            }
            if options.defersToCleanedPage, Self.liesFarAskew(look.judged) {
                return OrientedPage(image: page.image, orientation: report, reduced: copy, pending: look, loadScale: page.scale)
            }
            report.turnProposedBy = verdict.proposer
            correction = Self.takesUnchecked(verdict)
                ? verdict.correction
                : try checked(verdict.correction, weak: nil, on: look, report: &report, context: &context)
        } else if options.defersToCleanedPage {
            return OrientedPage(image: page.image, orientation: report, reduced: copy, pending: look, loadScale: page.scale)
        } else {
            correction = try turnFromOSD(look, report: &report, context: &context)
        }
        guard correction != 0 else { return OrientedPage(image: page.image, orientation: report, reduced: copy, loadScale: page.scale) }
        return try Self.turned(page, by: correction, report: report)
    }

    /// Settles the orientation of a page `run` left pending (`OrientedPage.pending`), once the clean-up
    /// stage has found, flattened and levelled it: the ascenders and punctuation are counted again on
    /// `cleaned`; a page they find upright is taken as it is, and a quarter turn the ascenders show is
    /// checked by reading the cleaned page's central square both ways (`checked`). Any other page goes to
    /// OSD as in `run`; a page OSD leaves as it was that still looks upside down has the half turn checked
    /// on the cleaned square (`halfTurnProposer`). Returns the clockwise degrees the page as loaded is to
    /// be turned (0: keep it as cleaned up).
    ///
    /// The ascenders' up is taken only when the punctuation does not contradict it, and their down only
    /// after OSD and the check: photographed receipts, all capitals and digits, turn the count around.
    /// Fixtures' two receipts, cut out and levelled, counted clearly down upright (-9.4 and -13.1) and
    /// clearly up upside down (11.0 and 15.4); their quarter turns did not decide. A page read upside
    /// down all the same is caught after reading (`TurnAfterReading`).
    public func settle(
        _ look: Look, cleaned: PixImage, report: inout OrientationReport, context: inout PageContext
    ) throws -> Int {
        let (reduced, _, resolution) = self.reduced(cleaned)
        var up: Double?, left: Double?, marks: PunctuationMarks?
        let ascenders = options.ascenderCheck ? ascenderDecision(of: reduced, up: &up, left: &left) : .unknown
        if ascenders == .up || ascenders == .unknown, options.punctuationCheck {
            marks = PunctuationMarks.measure(reduced)
        }
        report.cleanedPage = CleanedPageCheck(ascendersUp: up, ascendersLeft: left, punctuationMarks: marks)
        let punctuation = marks?.correction
        let cleanedLook = Look(judged: reduced, resolution: resolution)
        switch ascenders {
        case .up where punctuation == nil || punctuation == 0: return 0
        case .unknown where punctuation == 0: return 0
        case .left, .right:
            guard let correction = ascenders.correction else { break }
            report.turnProposedBy = "ascenders"
            return try checked(correction, weak: nil, on: cleanedLook, report: &report, context: &context)
        case .unknown:
            guard let correction = marks?.quarterCorrection else { break }
            report.turnProposedBy = "punctuation"
            return try checked(correction, weak: nil, on: cleanedLook, report: &report, context: &context)
        default: break
        }
        let turn = try turnFromOSD(look, report: &report, context: &context)
        guard turn == 0, let proposer = Self.halfTurnProposer(ascenders: ascenders, punctuation: punctuation) else {
            return turn
        }
        report.turnProposedBy = proposer
        return try checked(180, weak: nil, mustProve: true, on: cleanedLook, report: &report, context: &context)
    }

    /// What shows a page upside down that OSD, judging the frame, left as it was: its cleaned ascenders or
    /// its cleaned punctuation. The half turn is then taken only when the cleaned page's central square
    /// reads clearly better turned (`provesWeakTurn`), instead of the page being read whole upside down and
    /// turned after reading (read twice).
    ///
    /// Over Fixtures' and eval/real's 32 photos turned 180° (fast mode), five were turned so: a curled
    /// report 0.046 → 0.022, small book type 0.0024 → 0.0008, the blurred letter 0.021 → 0.027 (its
    /// upright photo's own figure), the letter on stone and the curled letter on a pale desk (the same
    /// text); the 96 photos turned every way took 4% (fast) and 21% (accurate) less CPU. The ascenders' down
    /// is not taken without reading: upright receipts, all capitals and digits, count clearly down. Nor
    /// is a table of digits turned on a tie: its digits read about as surely upside down (Fixtures'
    /// blurred table upside down: 95 both ways; OSD 180° under its threshold; read upside down, CER 0.84).
    /// Nor is a page whose cleaned ascenders count it up turned on its punctuation alone: with OSD's 0
    /// that is two counts against one, and on bowed lines the marks lean the wrong way (Fixtures' bowed
    /// letter, fast: 92 marks at the lines' heads against 20, its ascenders up at 21; its square read 91
    /// as it is, 45 turned, for 1.0 s of orientation). Of about 7,900 records of this machine's eval,
    /// Fixtures, stress and turned runs, it was the only page the punctuation proposed a half turn for
    /// with its ascenders up; the pages it turned rightly counted no ascenders either way.
    static func halfTurnProposer(ascenders: TextOrientation.Decision, punctuation: Int?) -> String? {
        if ascenders == .down { return "ascenders" }
        return punctuation == 180 && ascenders != .up ? "punctuation" : nil
    }

    /// `image` reduced to the working size (itself when no larger), the factor, and the resolution the
    /// reduced copy is read at to check a turn.
    private func reduced(_ image: PixImage) -> (image: PixImage, factor: Double, resolution: Int) {
        let workingSize = options.workingSize ?? Options.defaultWorkingSize
        let factor = min(1, Double(workingSize) / Double(max(image.width, image.height)))
        let reduced = factor < 1 ? image.scaled(by: factor) ?? image : image
        return (reduced, factor, SourceResolution(fileResolution: Int(Double(image.resolution) * factor)).dotsPerInch)
    }

    /// The reduced page judged, and the resolution it is read at to check a turn.
    public struct Look {
        let judged: PixImage
        let resolution: Int
    }

    /// The ascenders' verdict on `image`, else the punctuation's, noting what each measured; nil when
    /// neither decides (or neither runs).
    private func cheapVerdict(
        on image: PixImage, ascenders up: inout Double?, _ left: inout Double?, punctuation: inout PunctuationMarks?
    ) -> (correction: Int, proposer: String)? {
        let ascenders = options.ascenderCheck ? ascenderDecision(of: image, up: &up, left: &left) : .unknown
        if let correction = ascenders.correction { return (correction, "ascenders") }
        guard options.punctuationCheck, let counted = PunctuationMarks.measure(image) else { return nil }
        punctuation = counted
        return (counted.correction ?? counted.quarterCorrection).map { ($0, "punctuation") }
    }

    /// Whether the print of `image` lies `farAskew` or more off level, measured sure as the clean-up
    /// stage measures it (`PrintSkew.measured`). The ascenders and punctuation are counted
    /// along the image's rows and columns, and on lines lying that far off they count a page upright as
    /// turned: Fixtures' letter on planks turned 35° more (45° in all) counted clearly to the left
    /// (−12.3), was turned by 270° unchecked and read as garbage (CER 0.85, accurate mode). A turn they
    /// propose on such a page waits for the cleaned page, flattened and levelled (`settle`). Measured
    /// only for a proposed turn: most pages count upright and are not measured.
    static func liesFarAskew(_ image: PixImage) -> Bool {
        guard let skew = PrintSkew.measured(on: image, upTo: PrintSkew.widest) else { return false }
        return skew.isSure && abs(Double(skew.angle)) >= farAskew
    }

    /// How far off level print must lie for the cheap checks' turn to wait for the cleaned page.
    static let farAskew = 25.0

    /// Whether the cheaper checks' turn of the page as loaded is taken without reading its square both
    /// ways: a quarter turn the ascenders show. One they show on a photo's cleaned page is still checked
    /// (`settle`): a photo out of focus can count clearly on its side.
    ///
    /// Leptonica's clear verdicts (confidence 8, and 2.5 times the other way's) were right on every scan
    /// of the eval sets and Fixtures turned every way, and the check never refused a quarter turn they
    /// showed over the nine eval sets of this machine (62 page-runs, 50 of them judged on the page as
    /// loaded), while reading the square both ways cost 0.1–4.8 s of a page's 0.6–10.8 (a Latin page on
    /// its side reads at 29–65 as it is, rarely garbled enough to spare the second reading). A half turn is
    /// still checked (photographed receipts, all capitals and digits, count clearly upside down upright),
    /// and so are the punctuation's turns (an upright page of vertical Chinese has its lines down the
    /// page). A page turned wrongly all the same reads with almost no confidence, or as vertical text,
    /// and is turned after reading (`TurnAfterReading`).
    static func takesUnchecked(_ verdict: (correction: Int, proposer: String)) -> Bool {
        verdict.proposer == "ascenders" && verdict.correction % 180 == 90
    }

    /// Leptonica's ascender count of `image`, its confidences rounded into `up` and `left`.
    private func ascenderDecision(of image: PixImage, up: inout Double?, left: inout Double?) -> TextOrientation.Decision {
        guard let shape = image.textOrientation() else { return .unknown }
        up = (shape.upConfidence * 100).rounded() / 100
        left = (shape.leftConfidence * 100).rounded() / 100
        return shape.decision
    }

    /// The turn OSD finds for the page `look` judges, checked by reading (`checked`); 0 when it finds
    /// none, or the check refuses it.
    private func turnFromOSD(_ look: Look, report: inout OrientationReport, context: inout PageContext) throws -> Int {
        guard let (detection, sure) = detectWithOSD(look.judged, into: &report, context: &context) else { return 0 }
        report.turnProposedBy = "osd"
        return try checked(detection.correction, weak: sure ? nil : detection, on: look, report: &report, context: &context)
    }

    /// `correction` when the page's central square reads no clearly better as it is (a turn OSD was
    /// unsure of, `weak`: when it reads clearly better turned), else 0, with a warning saying why.
    ///
    /// With `mustProve`, a turn proposed by the cleaned page's counts after OSD left the page as it was is
    /// taken only when the square reads clearly better turned, as an unsure OSD's is.
    private func checked(
        _ correction: Int, weak: OrientationEngine.Detection?, mustProve: Bool = false, on look: Look,
        report: inout OrientationReport, context: inout PageContext
    ) throws -> Int {
        guard let sample = Self.centralSquare(of: look.judged) else {
            throw PageError(.decodeFailed, "the page could not be turned upright")
        }
        let confidenceAsIs = try checker.meanConfidence(sample, resolution: look.resolution)
        report.confidenceAsIs = confidenceAsIs
        // An unsure OSD's turn, or the cleaned counts', is taken only when the square proves it.
        let proving = weak != nil || mustProve
        guard confidenceAsIs >= Options.garbledAsIs || proving else { return correction }
        guard let sampleTurned = sample.rotated(quarterTurns: correction / 90) else {
            throw PageError(.decodeFailed, "the page could not be turned upright")
        }
        let confidenceTurned = try checker.meanConfidence(sampleTurned, resolution: look.resolution)
        report.confidenceTurned = confidenceTurned
        if proving {
            guard Self.provesWeakTurn(asIs: confidenceAsIs, turned: confidenceTurned) else {
                let doubt = weak.map {
                    String(format: "the page looks turned by %d° but OSD's confidence %.2f is under the threshold %.2f, and it",
                           $0.pageAngle, $0.confidence, options.threshold)
                } ?? String(format: "the cleaned page's %@ count shows it upside down, but it", report.turnProposedBy ?? "counts")
                context.warnings.append(String(
                    format: "%@ reads no clearly better turned (confidence %.0f against %.0f); kept as it is",
                    doubt, confidenceTurned, confidenceAsIs))
                return 0
            }
        } else if confidenceAsIs >= confidenceTurned + Options.refusalMargin {
            context.warnings.append(String(
                format: "%@ proposed turning the page by %d°, but it reads better as it is (confidence %.0f against %.0f); kept as it is",
                report.turnProposerName, correction, confidenceAsIs, confidenceTurned))
            return 0
        }
        return correction
    }

    /// `page` turned by `rotation` clockwise degrees (a multiple of 90), without detecting anything, and
    /// `report` (by default: what its file said) with the turn noted.
    static func turned(_ page: LoadedPage, by rotation: Int, report: OrientationReport? = nil) throws -> OrientedPage {
        var report = report ?? Self.report(of: page)
        let quarterTurns = ((rotation / 90) % 4 + 4) % 4
        guard quarterTurns != 0 else { return OrientedPage(image: page.image, orientation: report, loadScale: page.scale) }
        // Turned before it is scaled, so it is the very image of the page scanned upright (`LoadedPage.unscaled`).
        let image = if let unscaled = page.unscaled {
            unscaled.image.rotated(quarterTurns: quarterTurns).flatMap { $0.scaled(by: unscaled.factor) }
        } else {
            page.image.rotated(quarterTurns: quarterTurns)
        }
        guard let image else {
            throw PageError(.decodeFailed, "the page could not be turned upright")
        }
        report.rotation = quarterTurns * 90
        report.applied = true
        return OrientedPage(image: image, orientation: report, loadScale: page.scale)
    }

    /// A report of what `page`'s file said of its orientation (EXIF), before anything is detected.
    private static func report(of page: LoadedPage) -> OrientationReport {
        var report = OrientationReport()
        report.exif = page.exifOrientation
        report.exifApplied = page.exifApplied
        return report
    }

    /// The square a turn is checked on: the centre of the page, the same text either way, and a fraction of
    /// a full reading (a whole Chinese page read twice took 10 s). Its side is half the shorter side of
    /// the page at the default working size, so a larger image reads no more text.
    static func centralSquare(of image: PixImage) -> PixImage? {
        let share = 0.5 * min(1, Double(Options.defaultWorkingSize) / Double(max(image.width, image.height)))
        let side = Int(Double(min(image.width, image.height)) * share)
        return image.cropped(to: PageBox(x: (image.width - side) / 2, y: (image.height - side) / 2, width: side, height: side))
    }

    /// `reduced` sharpened across its smear when camera shake smeared its print one way (`BlurredPrint`),
    /// for every look at its orientation; the clean-up stage gets the copy as it was and sharpens the
    /// page itself.
    ///
    /// A smear one way draws each character out along it, and smeared print is taken for text on its
    /// side: desk photos smeared 7 px at 20° from the horizontal had Chinese pages turned by 90° (OSD 270°
    /// at confidence 2.7–2.9, the page's square garbled as it was) and read at CER 0.90–0.96. Blur the
    /// same all ways does not draw print out one way, and a page out of focus is judged as it is: judged
    /// sharpened, Fixtures' blurred letter was found upright at once where OSD had turned it upside down
    /// and it was turned back after reading, and read worse so (CER 0.028 → 0.035, fast mode).
    static func inFocus(_ reduced: PixImage) -> PixImage {
        BlurredPrint.unsmeared(reduced) ?? reduced
    }

    /// `reduced` with its paper brought to one level when it is unevenly lit (a shadow, a photo's light
    /// fall-off), for OSD's full look, which thresholds the page as a whole: on a shadowed Chinese page it
    /// found too little text to judge in any turn. The quick look runs on the page as it is, so a clean
    /// upright page pays nothing for the measuring (50–170 ms). Evenly lit pages are left alone, and so
    /// are evenly lit faded ones (`ToneCorrection.backgroundThreshold`; the fixed level would flatten
    /// their print) and pages of impulse noise (`Despeckler`), whose specks make the paper look uneven:
    /// normalized, the noisy Huckleberry Finn page turned upside down lost OSD's confidence in its turn
    /// (7.2 → 0.5), and median-filtered too (0.2).
    static func evenlyLit(_ reduced: PixImage) -> PixImage {
        if let specks = Despeckler.specks(in: reduced), specks >= Despeckler.noisyPage { return reduced }
        guard reduced.depth == 8, let spread = ToneCorrection.backgroundSpread(reduced), spread.range > ToneCorrection.evenLighting else {
            return reduced
        }
        if let levels = ToneCorrection.levels(of: reduced),
           ToneCorrection.backgroundThreshold(for: levels, of: reduced) != ToneCorrection.defaultBackgroundThreshold {
            return reduced
        }
        return reduced.backgroundNormalized(foregroundThreshold: ToneCorrection.defaultBackgroundThreshold) ?? reduced
    }

    /// Whether a turn OSD proposed under its threshold is taken: the page's square must read as text
    /// turned (`TurnAfterReading.lowConfidence`), and `TurnAfterReading.margin` points surer than as it is.
    ///
    /// Left as it was, such a page was read whole in its wrong turn, doubted for its low confidence and
    /// only then turned (`TurnAfterReading`): a Chinese page photographed sideways, OSD 270° at 1.6–1.7,
    /// took 10 s to recognize instead of 2.3 s. A page this leaves turned wrongly is still doubted after
    /// it is read.
    static func provesWeakTurn(asIs: Double, turned: Double) -> Bool {
        turned >= TurnAfterReading.lowConfidence && turned >= asIs + TurnAfterReading.margin
    }

    /// OSD's verdict on `reduced` when it proposes a turn, and whether it is sure of it (its confidence at
    /// the threshold or above); nil when the page stays as it is (upright, too little text, or, with a
    /// warning, OSD's model could not be loaded again).
    private func detectWithOSD(
        _ reduced: PixImage, into report: inout OrientationReport, context: inout PageContext
    ) -> (detection: OrientationEngine.Detection, sure: Bool)? {
        // Before the turn is checked by reading, and the page turned: neither stacks on the engine.
        defer { releaseEngine() }
        // Loaded again for each page, OSD's model can be gone in a long run (a package upgrade): the page
        // is read as it is, and a page read turned is still caught after reading (`TurnAfterReading`).
        let osd: OrientationEngine
        switch self.osd() {
        case .success(let engine): osd = engine
        case .failure(let error):
            context.warnings.append("orientation not detected: \(error.message)")
            return nil
        }
        // OSD needs a resolution to size its character filters; judge it as a 300 dpi page at the working size.
        let quick = osd.detect(reduced, resolution: 300, characters: Options.quickCharacters)
        if let quick, quick.correction == 0, quick.confidence > Options.quickUprightConfidence {
            report.record(quick)
            return nil
        }
        guard let detection = osd.detect(Self.evenlyLit(reduced), resolution: 300) else {
            context.warnings.append("too little text to detect the page's orientation; kept as it is")
            return nil
        }
        report.record(detection)
        guard detection.correction != 0 else { return nil }
        let sure = detection.confidence >= options.threshold
        guard sure || options.checksWeakTurns else {
            context.warnings.append(String(
                format: "the page looks turned by %d° but OSD's confidence %.2f is under the threshold %.2f; kept as it is",
                detection.pageAngle, detection.confidence, options.threshold))
            return nil
        }
        return (detection, sure)
    }

    /// Lets OSD's engine go, with the heap it freed, when `Options.releasesEngine`.
    private func releaseEngine() {
        if options.releasesEngine, engine != nil {
            engine = nil
            ProcessMemory.releaseFreed()
        }
    }

    /// The script OSD finds on `image`, a page already read, noted in `report`'s `script` fields (its
    /// angle fields keep what the orient stage found); nil when detection is off, OSD's model cannot be
    /// loaded, or OSD finds too little text. For `ForeignScript`, which asks only of a page read with
    /// little confidence.
    func script(of image: PixImage, into report: inout OrientationReport) -> OrientationEngine.Detection? {
        guard options.detect else { return nil }
        defer { releaseEngine() }
        guard case .success(let osd) = self.osd(),
              let detection = osd.detect(Self.evenlyLit(reduced(image).image), resolution: 300) else { return nil }
        report.script = detection.script
        report.scriptConfidence = (detection.scriptConfidence * 100).rounded() / 100
        return detection
    }
}

@available(*, unavailable)
extension PageOrienter: Sendable {}

private extension OrientationReport {
    /// Notes what OSD found.
    mutating func record(_ detection: OrientationEngine.Detection) {
        osdAngle = detection.pageAngle
        osdConfidence = (detection.confidence * 100).rounded() / 100
        osdCharacters = detection.characters
        script = detection.script
        scriptConfidence = (detection.scriptConfidence * 100).rounded() / 100
    }
}
