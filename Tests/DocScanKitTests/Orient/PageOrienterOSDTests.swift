import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// A worker reading Latin pages loads OSD's engine only when a page needs it.
struct PageOrienterOSDTests {
    @Test func osdIsLoadedAtTheFirstPageTheAscendersCannotSettle() throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        #expect(configuration.orientation.ascenderCheck)
        // Kept once loaded, so that it shows (a worker lets it go after each page). Without the punctuation
        // count, which settles the invoice (`PunctuationMarksTests`).
        var options = configuration.orientation
        options.releasesEngine = false
        options.punctuationCheck = false
        let orienter = try PageOrienter(
            options: options, osdModel: configuration.osdModel,
            checker: ScriptedRecognizer(script: []))
        #expect(!orienter.holdsOSD)

        func orient(_ url: URL) throws -> OrientationReport {
            try oriented(url, by: orienter, configuration).report
        }
        let upright = try orient(TestSupport.fixture("en_letter.png"))
        #expect(upright.osdAngle == nil)
        #expect(!orienter.holdsOSD)

        // Clearly turned Latin text: the ascenders propose the turn, and OSD is still not needed.
        let turned = try orient(TestSupport.special("orientation/en_letter_rot90.png"))
        #expect(turned.turnProposedBy == "ascenders")
        #expect(turned.rotation == 270)
        #expect(!orienter.holdsOSD)

        // The invoice's ascenders are not clear (up about 16, left about -7: under 2.5 times): OSD decides.
        let invoice = try orient(TestSupport.fixture("en_invoice.png"))
        #expect(invoice.osdAngle == 0)
        #expect(invoice.rotation == 0)
        #expect(orienter.holdsOSD)
    }

    /// A turn the ascenders propose is checked like OSD's: refused, with a warning, when the page reads
    /// clearly better as it is.
    @Test func anAscenderTurnIsRefusedWhenThePageReadsBetterAsItIs() throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        let checker = AnsweringChecker(answers: [95, 40])
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: checker)
        let (report, warnings) = try oriented(TestSupport.special("orientation/en_letter_rot180.png"), by: orienter, configuration)
        #expect(report.turnProposedBy == "ascenders")
        #expect(report.confidenceAsIs == 95 && report.confidenceTurned == 40)
        #expect(report.rotation == 0 && !report.applied)
        #expect(warnings.contains {
            $0.hasPrefix("Leptonica's ascender count proposed turning the page by 180°, but it reads better as it is")
        }, "\(warnings)")
        #expect(checker.answers.isEmpty)
    }

    /// A quarter turn the ascenders show clearly is taken without reading the square: a checker that would
    /// refuse it is never asked (on the eval sets it never refused one, and reading a Latin page's square
    /// both ways cost up to 4.7 s). A half turn they show is still read both ways (above).
    @Test(arguments: [("en_letter_rot90", 270), ("en_letter_rot270", 90)])
    func aQuarterTurnTheAscendersShowIsTakenUnread(name: String, correction: Int) throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        let checker = AnsweringChecker(answers: [95, 40])
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: checker)
        let (report, warnings) = try oriented(TestSupport.special("orientation/\(name).png"), by: orienter, configuration)
        #expect(report.turnProposedBy == "ascenders" && report.osdAngle == nil, "\(report)")
        #expect(report.rotation == correction && report.applied, "\(report)")
        #expect(report.confidenceAsIs == nil && report.confidenceTurned == nil, "\(report)")
        #expect(checker.answers == [95, 40], "the square was read")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// A quarter turn the punctuation shows is checked by reading, since an upright page of vertical
    /// Chinese has its lines down the page too: refused when the square reads clearly better as it is.
    @Test func aQuarterTurnThePunctuationShowsIsRefusedWhenThePageReadsBetterAsItIs() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        let checker = AnsweringChecker(answers: [80, 20])
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: checker)
        let (report, warnings) = try oriented(TestSupport.special("orientation/zh_notice_rot270.png"), by: orienter, configuration)
        #expect(report.turnProposedBy == "punctuation" && report.osdAngle == nil, "\(report)")
        #expect(report.punctuationMarks?.quarterCorrection == 90, "\(report)")
        #expect(report.confidenceAsIs == 80 && report.confidenceTurned == 20, "\(report)")
        #expect(report.rotation == 0 && !report.applied, "\(report)")
        #expect(warnings.contains { $0.contains("proposed turning the page by 90°, but it reads better as it is") }, "\(warnings)")
        #expect(checker.answers.isEmpty)
    }

    /// A square that reads as garble as it is cannot refuse the turn: it is taken without reading the
    /// square turned. One that reads a little better than garble is still checked both ways (the steep
    /// photo of an upright Chinese page that OSD wanted turned: 37 as it was, 13 turned).
    @Test(arguments: [(answers: [12.0], applied: true, turned: nil as Double?, left: 0),
                      (answers: [37.0, 13.0], applied: false, turned: 13.0, left: 0),
                      (answers: [29.0, 99.0], applied: true, turned: nil, left: 1)])
    func aGarbledSquareTakesTheTurnWithoutASecondReading(answers: [Double], applied: Bool, turned: Double?, left: Int) throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        let checker = AnsweringChecker(answers: answers)
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: checker)
        let (report, _) = try oriented(TestSupport.special("orientation/en_letter_rot180.png"), by: orienter, configuration)
        #expect(report.turnProposedBy == "ascenders")
        #expect(report.confidenceAsIs == answers[0] && report.confidenceTurned == turned)
        #expect(report.applied == applied && report.rotation == (applied ? 180 : 0))
        #expect(checker.answers.count == left)
    }

    /// A turn OSD proposes under its threshold is checked on the page's square, with the worker's own
    /// recognizer, and taken before the page is read: read whole in its wrong turn first, a sideways
    /// Chinese page cost four times its reading.
    @Test func aTurnOSDIsUnsureOfIsTakenWhenTheSquareReadsClearlyBetterTurned() throws {
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        // OSD finds the turn with confidence about 9: under this threshold, every turn it proposes is unsure.
        configuration.orientation.threshold = 100
        // The notice on its side is decided by its punctuation; OSD's verdict is what is tried here.
        configuration.orientation.punctuationCheck = false
        let recognizer = try configuration.recognizers.make(configuration.models, nil)
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: recognizer)
        let (report, warnings) = try oriented(TestSupport.special("orientation/zh_notice_rot270.png"), by: orienter, configuration)
        #expect(report.turnProposedBy == "osd" && report.osdAngle == 270, "\(report)")
        #expect(report.applied && report.rotation == 90, "\(report)")
        let asIs = try #require(report.confidenceAsIs), turned = try #require(report.confidenceTurned)
        #expect(PageOrienter.provesWeakTurn(asIs: asIs, turned: turned), "as is \(asIs), turned \(turned)")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    /// An unsure turn needs the square to read as text turned, and clearly better than as it is; both
    /// readings are made even when the square reads as garble as it is, since OSD's word is weak.
    @Test(arguments: [(answers: [10.0, 90.0], applied: true),
                      (answers: [40.0, 60.0], applied: true),
                      (answers: [20.0, 45.0], applied: false),
                      (answers: [50.0, 60.0], applied: false)])
    func anUnsureTurnIsTakenOnlyWhenTheSquareProvesIt(answers: [Double], applied: Bool) throws {
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        configuration.orientation.threshold = 100
        // The notice on its side is decided by its punctuation; OSD's verdict is what is tried here.
        configuration.orientation.punctuationCheck = false
        let checker = AnsweringChecker(answers: answers)
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: checker)
        let (report, warnings) = try oriented(TestSupport.special("orientation/zh_notice_rot270.png"), by: orienter, configuration)
        #expect(report.confidenceAsIs == answers[0] && report.confidenceTurned == answers[1], "\(report)")
        #expect(report.applied == applied && report.rotation == (applied ? 90 : 0), "\(report)")
        #expect(checker.answers.isEmpty)
        let kept = warnings.contains {
            $0.hasPrefix("the page looks turned by 270° but OSD's confidence") && $0.hasSuffix("kept as it is")
                && $0.contains("under the threshold 100.00, and it reads no clearly better turned")
        }
        #expect(kept == !applied, "\(warnings)")
    }

    /// OSD's full look reads an unevenly lit page with its paper evened out: on the desk photo as it is
    /// OSD found too little text to judge, upright or upside down.
    @Test func anUnevenlyLitPhotoTurnedUpsideDownIsTurnedBack() throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        let orienter = try PageOrienter(
            options: configuration.orientation, osdModel: configuration.osdModel,
            checker: ScriptedRecognizer(script: []))
        let page = try #require(try PageSource(root: TestSupport.special("photos/desk_letter.jpg")).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: configuration.languages)
        let loaded = try PageLoader().run(page, context: &context)
        let turned = try #require(loaded.image.rotated(quarterTurns: 2))
        for (image, expected) in [(loaded.image, 0), (turned, 180)] {
            let upsideDown = LoadedPage(
                image: image, format: loaded.format, originalWidth: loaded.originalWidth, originalHeight: loaded.originalHeight,
                scale: loaded.scale, exifOrientation: nil, exifApplied: false)
            let report = try orienter.run(upsideDown, context: &context).orientation
            #expect(report.osdAngle == expected, "\(report)")
            #expect(report.rotation == expected)
        }
    }

    /// OSD looks at a photo smeared by camera shake with its smear taken out (`PageOrienter.inFocus`):
    /// as shot, it took the upright lab report (`shaken_report.jpg`) for one turned by 90° (confidence
    /// 0.3–1.3), and the page's square was read both ways before the turn was refused. A page out of focus
    /// all ways is judged as it is.
    @Test func aShakenPhotoIsJudgedSharpened() throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        var options = configuration.orientation
        // OSD judges the page, not the punctuation (which finds too few marks to decide on it).
        options.punctuationCheck = false
        let checker = AnsweringChecker(answers: [])
        let orienter = try PageOrienter(options: options, osdModel: configuration.osdModel, checker: checker)
        var (loaded, context) = try loadedPage(TestSupport.special("photos/shaken_report.jpg"), configuration)
        let reduced = try #require(loaded.image.scaled(by: Double(PageOrienter.Options.unspacedScriptWorkingSize) / 2800))
        let judged = PageOrienter.inFocus(reduced)
        let before = try #require(reduced.directionalSteepness()), after = try #require(judged.directionalSteepness())
        #expect(judged !== reduced && after.across >= before.across + 0.05, "\(before) → \(after)")

        let report = try orienter.run(loaded, context: &context).orientation
        #expect(report.osdAngle == 0 && report.rotation == 0, "\(report)")
        #expect(report.confidenceAsIs == nil && report.turnProposedBy == nil, "\(report)")

        // A page in focus is judged as it is, and so is one out of focus all ways (`blurred_letter.jpg`).
        for url in [TestSupport.fixture("en_letter.png"), TestSupport.special("photos/blurred_letter.jpg")] {
            let image = try loadedPage(url, configuration).page.image
            #expect(image.depth == 8 && PageOrienter.inFocus(image) === image, "\(url.lastPathComponent)")
        }
        let blurred = try loadedPage(TestSupport.special("photos/blurred_letter.jpg"), configuration).page.image
        #expect(try #require(BlurredPrint.measured(blurred)).sharpened != nil)
    }

    /// A Chinese page upside down has its full stops and commas at the heads of its lines: the punctuation
    /// proposes the turn, the reading check takes it (or refuses it, with a warning, when the page reads
    /// better as it is), and OSD is never loaded.
    @Test(arguments: [nil, [95.0, 40.0]] as [[Double]?])
    func anUpsideDownChinesePageIsTurnedByItsPunctuation(answers: [Double]?) throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        var options = configuration.orientation
        options.releasesEngine = false
        let checker: any TurnChecker = if let answers { AnsweringChecker(answers: answers) } else {
            try configuration.recognizers.make(configuration.models, nil)
        }
        let orienter = try PageOrienter(options: options, osdModel: configuration.osdModel, checker: checker)
        var (upsideDown, context) = try loadedUpsideDown(TestSupport.fixture("zh_notice.png"), configuration)
        let report = try orienter.run(upsideDown, context: &context).orientation
        let marks = try #require(report.punctuationMarks)
        #expect(marks.correction == 180 && marks.high >= 8 && marks.low * 4 <= marks.high, "\(marks)")
        #expect(report.turnProposedBy == "punctuation" && report.osdAngle == nil && !orienter.holdsOSD, "\(report)")
        let asIs = try #require(report.confidenceAsIs)
        if answers == nil {
            // Upside down, its square reads as garble: the turn is taken without reading it turned.
            #expect(report.applied && report.rotation == 180, "\(report)")
            #expect(asIs < PageOrienter.Options.garbledAsIs && report.confidenceTurned == nil, "\(report)")
            #expect(context.warnings.isEmpty, "\(context.warnings)")
        } else {
            #expect(asIs == 95 && report.confidenceTurned == 40, "\(report)")
            #expect(!report.applied && report.rotation == 0, "\(report)")
            #expect(context.warnings.contains {
                $0.hasPrefix("the punctuation marks proposed turning the page by 180°, but it reads better as it is")
            }, "\(context.warnings)")
        }
    }

    /// A run with Chinese judges pages at 2,400 px, where OSD sees whole radicals: the lab report upside
    /// down got confidence 5.3 in its turn there, against 2.8–3.0 at 1,600 px (the threshold is 2.0).
    @Test func aChinesePageIsJudgedLargeEnoughForItsCharacters() throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        #expect(configuration.orientation.workingSize == PageOrienter.Options.unspacedScriptWorkingSize)
        let latin = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng,deu"), jobs: 1)
        #expect(latin.orientation.workingSize == PageOrienter.Options.defaultWorkingSize)

        let orienter = try PageOrienter(
            options: configuration.orientation, osdModel: configuration.osdModel, checker: AnsweringChecker(answers: [30, 80]))
        var (upsideDown, context) = try loadedUpsideDown(TestSupport.fixture("zh_lab_report.png"), configuration)
        let report = try orienter.run(upsideDown, context: &context).orientation
        #expect(report.osdAngle == 180 && report.rotation == 180, "\(report)")
        #expect((report.osdConfidence ?? 0) >= 2 * PageOrienter.Options.defaultThreshold, "\(report)")
    }

    /// A Chinese run counts punctuation before OSD, so OSD is loaded at the first page that needs it, as
    /// in a Latin run; a run with neither cheaper check (vertical Chinese, scripts not measured) holds
    /// it from the start.
    @Test func osdIsHeldFromTheStartOnlyWithoutACheaperCheck() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        #expect(configuration.orientation.punctuationCheck && !configuration.orientation.ascenderCheck)
        let lazy = try PageOrienter(
            options: configuration.orientation, osdModel: configuration.osdModel, checker: ScriptedRecognizer(script: []))
        #expect(!lazy.holdsOSD)
        var neither = configuration.orientation
        neither.punctuationCheck = false
        let holding = try PageOrienter(options: neither, osdModel: configuration.osdModel, checker: ScriptedRecognizer(script: []))
        #expect(holding.holdsOSD)

        #expect(PageOrienter.Options.punctuationCheck(for: ["jpn", "kor", "chi_tra", "deu"]))
        #expect(!PageOrienter.Options.punctuationCheck(for: ["chi_sim_vert"]))
        #expect(!PageOrienter.Options.punctuationCheck(for: ["eng", "ara"]))
        #expect(!PageOrienter.Options.punctuationCheck(for: ["rus"]))
    }

    /// OSD's engine is let go once the page is turned, so the reading does not stack on it; loaded again,
    /// it judges the next page the same. Kept when asked.
    @Test func osdIsLetGoAfterEachPageUnlessKept() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        #expect(configuration.orientation.releasesEngine)
        for releases in [true, false] {
            var options = configuration.orientation
            options.releasesEngine = releases
            // The page's punctuation would settle it without OSD.
            options.punctuationCheck = false
            let orienter = try PageOrienter(
                options: options, osdModel: configuration.osdModel, checker: ScriptedRecognizer(script: []))
            for _ in 0..<2 {
                let report = try oriented(TestSupport.fixture("zh_notice.png"), by: orienter, configuration).report
                #expect(report.osdAngle == 0 && report.rotation == 0, "\(report)")
                #expect(report.script == "Han", "\(report)")
                #expect(orienter.holdsOSD == !releases)
            }
        }
    }

    /// OSD's model gone in the middle of a run (it is loaded again for each page that needs it): the page
    /// is kept as it is, with a warning that says why, instead of failing.
    @Test func aPageWhoseOSDModelIsGoneIsKeptAsItIsWithAWarning() throws {
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        // The notice on its side is decided by its punctuation; OSD is what is tried here.
        configuration.orientation.punctuationCheck = false
        let installed = try #require(configuration.osdModel)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("osd.traineddata").path
        try FileManager.default.copyItem(atPath: installed.path, toPath: copy)
        let model = InstalledModel(language: "osd", variant: installed.variant, path: copy, size: installed.size)
        let checker = AnsweringChecker(answers: [40, 95])
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: model, checker: checker)
        let page = TestSupport.special("orientation/zh_notice_rot270.png")

        let turned = try oriented(page, by: orienter, configuration).report
        #expect(turned.turnProposedBy == "osd" && turned.rotation == 90 && turned.applied, "\(turned)")

        try FileManager.default.removeItem(atPath: copy)
        let (kept, warnings) = try oriented(page, by: orienter, configuration)
        #expect(kept.detected && kept.rotation == 0 && !kept.applied && kept.osdAngle == nil, "\(kept)")
        #expect(warnings.contains { $0.hasPrefix("orientation not detected: the OSD model could not be loaded again") }, "\(warnings)")
        #expect(checker.answers.isEmpty)
    }
}

/// The first page under `url`, loaded and run through `orienter`: its orientation and its warnings.
private func oriented(
    _ url: URL, by orienter: PageOrienter, _ configuration: ScanConfiguration
) throws -> (report: OrientationReport, warnings: [String]) {
    let page = try #require(try PageSource(root: url).list().pages.first)
    var context = PageContext(page: page, mode: configuration.mode, languages: configuration.languages)
    let loaded = try PageLoader().run(page, context: &context)
    return (try orienter.run(loaded, context: &context).orientation, context.warnings)
}

/// The first page under `url`, loaded, and its context.
private func loadedPage(_ url: URL, _ configuration: ScanConfiguration) throws -> (page: LoadedPage, context: PageContext) {
    let page = try #require(try PageSource(root: url).list().pages.first)
    var context = PageContext(page: page, mode: configuration.mode, languages: configuration.languages)
    return (try PageLoader().run(page, context: &context), context)
}

/// The first page under `url`, loaded and turned upside down, and its context.
private func loadedUpsideDown(_ url: URL, _ configuration: ScanConfiguration) throws -> (LoadedPage, PageContext) {
    let (loaded, context) = try loadedPage(url, configuration)
    let upsideDown = LoadedPage(
        image: try #require(loaded.image.rotated(quarterTurns: 2)), format: loaded.format,
        originalWidth: loaded.originalWidth, originalHeight: loaded.originalHeight,
        scale: loaded.scale, exifOrientation: nil, exifApplied: false)
    return (upsideDown, context)
}

/// Answers the reading check with the given confidences, in order: the page as it is, then turned.
private final class AnsweringChecker: TurnChecker {
    var answers: [Double]

    init(answers: [Double]) {
        self.answers = answers
    }

    func meanConfidence(_ image: PixImage, resolution: Int) throws -> Double {
        answers.isEmpty ? 0 : answers.removeFirst()
    }
}
