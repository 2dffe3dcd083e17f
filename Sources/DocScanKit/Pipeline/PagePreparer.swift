import DocScanCore
import DocScanNative

/// The stages that turn a page file into the image Tesseract reads: load, orient, clean up.
///
/// Shared by the record pipeline and the searchable-PDF writer, so a PDF page shows exactly the image
/// its record's text was read from. Belongs to one worker, like the engine it borrows.
final class PagePreparer {
    private let loader: PageLoader
    private let orienter: PageOrienter
    private let cleaner: PageCleaner

    /// - Parameter checker: the worker's recognizer, which the orienter uses to check a turn.
    /// - Throws: `DocScanError.engineInitFailed` or `.missingModel` when orientation detection cannot start.
    init(configuration: ScanConfiguration, checker: any TurnChecker) throws {
        var loader = PageLoader(maxPixels: configuration.maxPixels, workingSize: configuration.workingSize)
        loader.capturesDecoderMessages = configuration.capturesDecoderMessages
        self.loader = loader
        var orientation = configuration.orientation
        orientation.defersToCleanedPage = configuration.judgesOrientationOnCleanedPage && configuration.cleanup.findPage
        orienter = try PageOrienter(options: orientation, osdModel: configuration.osdModel, checker: checker)
        cleaner = PageCleaner(options: configuration.cleanup)
    }

    /// Runs the three stages on `page`; a page the orient stage left pending (its ascenders and punctuation
    /// undecided on the frame) is judged again once cleaned up, and cleaned up again when it must be
    /// turned (`PageOrienter.settle`).
    ///
    /// The loaded image, and the upright one when the page was turned, are let go here: the page is read
    /// from the cleaned image, and they held a full-size copy each through the reading (10.6 MB for a
    /// 300-dpi A4 page in accurate mode, a quarter of the page images at a Chinese page's peak).
    /// - Parameters:
    ///   - clock: times each stage, also one that throws.
    ///   - keepingUpright: keep the page as turned upright, before clean-up (for debug images).
    ///   - rotation: turn the page by these clockwise degrees instead of detecting its orientation: the
    ///     turn a page was found to need after it was read (`TurnAfterReading`), or that its record says
    ///     it was read in.
    /// - Throws: `PageError` from the stage that could not go on.
    func prepare(
        _ page: PageReference, context: inout PageContext, clock: inout StageClock, keepingUpright: Bool = false,
        rotation: Int? = nil
    ) throws -> PreparedPage {
        var loaded = try clock.time(\.load) { try loader.run(page, context: &context) }
        let oriented = try clock.time(\.orient) {
            if let rotation { return try PageOrienter.turned(loaded, by: rotation) }
            return try orienter.run(loaded, context: &context)
        }
        // Wanted only to turn the page later; through the clean-up it would hold a second full-size copy.
        if oriented.pending == nil { loaded.unscaled = nil }
        let warnedBefore = context.warnings.count
        var cleaned = try clock.time(\.cleanup) { try cleaner.run(oriented, context: &context) }
        var upright = oriented.image
        if let pending = oriented.pending {
            var report = cleaned.orientation
            let warnedCleaning = context.warnings.count
            let correction = try clock.time(\.orient) {
                try orienter.settle(pending, cleaned: cleaned.image, report: &report, context: &context)
            }
            if correction == 0 {
                cleaned = CleanedPage(image: cleaned.image, orientation: report, cleanup: cleaned.cleanup, steps: cleaned.steps)
            } else {
                // Cleaned up again turned (its clean-up measures lines across the page); the warnings of
                // its clean-up as it lay go.
                let turned = try clock.time(\.orient) { try PageOrienter.turned(loaded, by: correction, report: report) }
                context.warnings.removeSubrange(warnedBefore..<warnedCleaning)
                cleaned = try clock.time(\.cleanup) { try cleaner.run(turned, context: &context) }
                upright = turned.image
            }
        }
        return PreparedPage(
            originalWidth: loaded.originalWidth, originalHeight: loaded.originalHeight, scale: loaded.scale, cropped: loaded.cropped,
            upright: keepingUpright ? upright : nil,
            printExtent: keepingUpright ? loaded.printProbe.flatMap { DebugImages.drawing($0.box, on: $0.image) } : nil,
            cleaned: cleaned)
    }
}

extension PagePreparer {
    /// The warning for `text`, read from `image` with `languages`, when it reads with little confidence in a
    /// script none of them reads (`ForeignScript`); OSD is asked only when the orient stage's OSD did not
    /// name the page's script, and what it finds is noted in `orientation`.
    func foreignScript(
        of text: RecognizedText, on image: PixImage, languages: LanguageList, orientation: inout OrientationReport
    ) -> String? {
        guard text.meanConfidence < ForeignScript.lowConfidence,
              text.words.reduce(0, { $0 + $1.text.count }) >= ForeignScript.leastCharacters else { return nil }
        let found: (name: String, confidence: Double, orientationConfidence: Double)?
        if let script = orientation.script, let confidence = orientation.scriptConfidence, let orientationConfidence = orientation.osdConfidence {
            found = (script, confidence, orientationConfidence)
        } else {
            found = orienter.script(of: image, into: &orientation).map { ($0.script, $0.scriptConfidence, $0.confidence) }
        }
        guard let found,
              let foreign = ForeignScript(
                  script: found.name, confidence: found.confidence, orientationConfidence: found.orientationConfidence,
                  languages: languages.codes)
        else { return nil }
        return foreign.warning(meanConfidence: text.meanConfidence, languages: languages)
    }
}

/// What the stages made of one page: the record wants what every stage learned, the PDF only the image.
struct PreparedPage {
    /// The image file's size, before any reduction, and the reduction the loader applied.
    let originalWidth: Int
    let originalHeight: Int
    let scale: Double
    let cropped: PageBox?
    /// The page turned upright, before clean-up, when it was asked for.
    let upright: PixImage?
    /// The copy a big scan's print was found on, its box drawn, when it was cut to it and asked for.
    let printExtent: PixImage?
    let cleaned: CleanedPage
}

@available(*, unavailable)
extension PagePreparer: Sendable {}
