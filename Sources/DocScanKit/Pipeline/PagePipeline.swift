import DocScanCore
import DocScanKeywords
import DocScanNative
import Foundation

/// Runs one page through every stage with one worker's engines, and turns the outcome into a record.
///
/// A pipeline belongs to one worker thread for the whole run; it never writes output.
public final class PagePipeline {
    private let configuration: ScanConfiguration
    private let preparer: PagePreparer
    private let recognizer: TextRecognizer
    /// Nil in a worker process: its parent extracts the keywords (`IsolatedPageProcessor`).
    private let keywords: KeywordStage?

    /// Starts this worker's engines.
    /// - Parameter extractsKeywords: false leaves the keyword fields empty and loads no word list or
    ///   dictionary, for a worker process whose parent extracts the keywords.
    /// - Throws: `DocScanError.engineInitFailed`.
    public init(configuration: ScanConfiguration, extractsKeywords: Bool = true) throws {
        self.configuration = configuration
        recognizer = TextRecognizer(recognizer: try configuration.recognizers.make(configuration.models, configuration.userWordsFile))
        preparer = try PagePreparer(configuration: configuration, checker: recognizer.recognizer)
        if extractsKeywords {
            try configuration.keywordExtractor.prepare(languages: configuration.languages)
            keywords = KeywordStage(extractor: configuration.keywordExtractor)
        } else {
            keywords = nil
        }
    }

    /// The record for `page`; a page that fails gets a record with its error, never a thrown error.
    public func process(_ page: PageReference) -> PageRecord {
        var clock = StageClock()
        var record = PageRecord(page: page, models: configuration.models)
        var context = PageContext(
            page: page, mode: configuration.mode, languages: configuration.languages,
            deadline: PageDeadline(limit: configuration.pageTimeout))
        do {
            record.sha256 = try clock.time(\.source) { try page.sha256 ?? FileHasher.sha256(of: page.url) }
            let prepared = try preparer.prepare(
                page, context: &context, clock: &clock, keepingUpright: configuration.debugImages != nil)
            let cleaned = prepared.cleaned
            record.originalWidth = prepared.originalWidth
            record.originalHeight = prepared.originalHeight
            record.scale = (prepared.scale * 1000).rounded() / 1000
            record.cropped = prepared.cropped
            record.orientation = cleaned.orientation
            record.cleanup = cleaned.cleanup
            record.width = cleaned.image.width
            record.height = cleaned.image.height
            if let debugImages = configuration.debugImages,
               let warning = debugImages.write(
                   (prepared.printExtent.map { [("print_extent", $0)] } ?? []) + (prepared.upright.map { [("upright", $0)] } ?? [])
                       + cleaned.steps + [("cleaned", cleaned.image)], for: page) {
                context.warnings.append(warning)
            }
            if context.deadline.isPast { throw context.deadline.timedOut(during: "loading, turning and cleaning up the page") }
            FaultInjection.fault(for: page)?.trigger()
            var read = cleaned
            // What loading, turning and cleaning up freed goes back before the reading, instead of lying
            // under it: the eval set's Chinese pages, `--jobs 2`, peak 397 → 390 MB fast, 420–439 → 415 accurate.
            ProcessMemory.releaseFreed()
            let warnedBeforeReading = context.warnings.count
            var text = try clock.time(\.recognize) { try recognizer.run(read, context: &context) }
            if TurnAfterReading.doubts(text, orientation: cleaned.orientation) {
                var orientation = cleaned.orientation
                try readTurned(
                    page, &read, &text, orientation: &orientation, warnedBeforeReading: warnedBeforeReading,
                    clock: &clock, context: &context)
                record.orientation = orientation
                record.cleanup = read.cleanup
                record.width = read.image.width
                record.height = read.image.height
            }
            if var orientation = record.orientation {
                let warning = clock.time(\.orient) {
                    preparer.foreignScript(of: text, on: read.image, languages: configuration.languages, orientation: &orientation)
                }
                record.orientation = orientation
                if let warning { context.warnings.append(warning) }
            }
            if let debugImages = configuration.debugImages,
               let drawing = DebugImages.drawing(
                   lines: ReadingOrder.sequence(of: text.lines, order: text.layout?.order), on: read.image),
               let warning = debugImages.write([("layout", drawing)], for: page) {
                context.warnings.append(warning)
            }
            record.text = text.text
            if text.text.isEmpty { context.warnings.append("no text was recognized on the page (blank, or not a text page)") }
            record.meanConfidence = text.meanConfidence
            record.resolution = text.resolution > 0 ? text.resolution : nil
            record.words = text.words.map(Self.rounded)
            record.lines = text.lines.map(Self.rounded)
            record.layout = text.layout
            if let keywords {
                let found = clock.time(\.keywords) { keywords.run(record.recognizedText, context: &context) }
                record.setKeywords(found)
            }
        } catch let error as PageError {
            record.error = error
        } catch {
            record.error = PageError(.recognitionFailed, String(describing: error))
        }
        clock.finish()
        record.timingsMs = clock.wall.rounded()
        record.cpuMs = clock.cpu.rounded()
        record.warnings = context.warnings
        return record
    }

    /// Reads `page` again turned when Tesseract read most of its text turned, when its central square
    /// reads clearly better in another turn, and with the orient stage's turn undone or upside down
    /// (`TurnAfterReading`), in that order, and keeps the first reading that is upright and as sure, or
    /// clearly surer (`TurnAfterReading.Turn.keeps`); a turn read as vertical text is followed by the turn
    /// that reading points to (`TurnAfterReading.sideways`). The record keeps the warnings of the reading it
    /// keeps: the first reading's, from the `warnedBeforeReading`th on (a resolution measured from
    /// letters lying on their side), are replaced, and a reading not kept leaves none.
    ///
    /// A quarter turn is tried first on the page loaded, turned and cleaned up again: the clean-up's skew,
    /// curl and text-size steps measure text lines across the page, and on a page lying on its side they
    /// measured nothing true (eval/public's 1871 photo turned by 90° or 270°, OSD unsure: skewed by 6°,
    /// its small print not enlarged, CER 0.13–0.14 against 0.04 upright). When that reading is not kept,
    /// on the cleaned image turned: cleaned up again, photos blurred by 1/750 and 1/800 of their size read
    /// less than so (and stayed on their side). A half turn is tried on the cleaned image turned only:
    /// cleaned up again upright, the tilted receipt of Fixtures/photos came out a little otherwise and
    /// Tesseract's layout analysis then cut its rows (CER 0.000 → 0.082), where upside down it had
    /// measured the same lines.
    private func readTurned(
        _ reference: PageReference, _ cleaned: inout CleanedPage, _ text: inout RecognizedText,
        orientation: inout OrientationReport, warnedBeforeReading: Int, clock: inout StageClock,
        context: inout PageContext
    ) throws {
        let check = TurnAfterReading(checker: recognizer.recognizer)
        var turns = try clock.time(\.orient) { try check.turns(for: text, on: cleaned.image, orientation: orientation) }
        var tried = Set(turns.map(\.correction))
        /// Whether a kept quarter turn's opposite was queued (below).
        var flipped = false
        while !turns.isEmpty {
            let turn = turns.removeFirst()
            let warnings = context.warnings
            let rotation = (orientation.rotation + turn.correction) % 360
            let outcome = try read(turn, of: reference, cleaned, over: text, rotation: rotation, clock: &clock, context: &context)
            guard let kept = outcome.kept else {
                context.warnings = warnings
                if let pointed = outcome.pointed, tried.insert(pointed.correction).inserted { turns.append(pointed) }
                continue
            }
            // Loaded and cleaned up twice, the page warns twice of what its file holds.
            let warnedAgain = context.warnings.dropFirst(warnings.count).filter { !warnings.prefix(warnedBeforeReading).contains($0) }
            context.warnings = Array(warnings.prefix(warnedBeforeReading)) + warnedAgain
            if let debugImages = configuration.debugImages, !kept.cleaned.steps.isEmpty,
               let warning = debugImages.write(
                   (kept.upright.map { [("upright", $0)] } ?? []) + kept.cleaned.steps + [("cleaned", kept.cleaned.image)],
                   for: reference) {
                context.warnings.append(warning)
            }
            if let warning = Self.warning(turning: orientation, by: turn, from: text, to: kept.text) {
                context.warnings.append(warning)
            }
            // A turn tried on the whole page is judged by the whole page's confidence, both ways.
            orientation.confidenceAsIs = turn.onWholePage ? text.meanConfidence : turn.confidenceAsIs
            orientation.confidenceTurned = turn.onWholePage ? kept.text.meanConfidence : turn.confidenceTurned
            // On top of the orient stage's turn, if it made one: a wrong turn undone leaves the page as it came.
            orientation.rotation = rotation
            orientation.applied = orientation.rotation != 0
            orientation.turnProposedBy = turn.proposer
            cleaned = kept.cleaned
            text = kept.text
            // Still read with almost no confidence after a quarter turn, the page may lie the other way
            // up: blurred sideways print reads a little in either quarter turn (an out-of-focus curled
            // letter turned 90°, read as vertical text, turned 270° by recognition: 27). The opposite
            // turn is read once, as a half turn of the page as it now is.
            guard text.meanConfidence < TurnAfterReading.lowConfidence, turn.correction != 180, !flipped else { return }
            flipped = true
            turns = [TurnAfterReading.Turn(correction: 180, confidenceAsIs: nil, confidenceTurned: nil, onWholePage: true)]
            tried = [180]
        }
    }

    /// Reads `cleaned` turned by `turn` (to `rotation` from the file), in each way `readTurned` tries it,
    /// and returns the first turned page and reading the turn keeps over `text`; when none is kept, the
    /// turn a reading of it as vertical text points to (`TurnAfterReading.sideways`). `context` comes back
    /// with the warnings of the reading kept added, or of the last one tried.
    private func read(
        _ turn: TurnAfterReading.Turn, of reference: PageReference, _ cleaned: CleanedPage, over text: RecognizedText,
        rotation: Int, clock: inout StageClock, context: inout PageContext
    ) throws -> (kept: (cleaned: CleanedPage, upright: PixImage?, text: RecognizedText)?, pointed: TurnAfterReading.Turn?) {
        let warnings = context.warnings
        var pointed: TurnAfterReading.Turn?
        // Whether the page is cleaned up again, for each way it is tried, in order (the record's corners
        // stay in the pixels of the image cleaned up). It is loaded again from its file: kept through the
        // first reading, the loaded page would hold a full-size copy under every page.
        for cleansAgain in turn.correction == 180 ? [false] : [true, false] {
            context.warnings = warnings
            let turned: (cleaned: CleanedPage, upright: PixImage?)
            if cleansAgain {
                let prepared = try preparer.prepare(
                    reference, context: &context, clock: &clock, keepingUpright: configuration.debugImages != nil,
                    rotation: rotation)
                turned = (prepared.cleaned, prepared.upright)
            } else {
                guard let image = cleaned.image.rotated(quarterTurns: turn.correction / 90) else { continue }
                turned = (CleanedPage(image: image, orientation: cleaned.orientation, cleanup: cleaned.cleanup, steps: []), nil)
            }
            let again = try clock.time(\.recognize) { try recognizer.run(turned.cleaned, context: &context) }
            if turn.keeps(again, over: text) { return ((turned.cleaned, turned.upright, again), nil) }
            pointed = pointed ?? TurnAfterReading.sideways(again, after: turn)
        }
        return (nil, pointed)
    }

    /// The warning that the page was turned by `turn` after reading `text`, and read `again`; nil when the
    /// orient stage proposed no turn (it then has nothing to take back).
    private static func warning(
        turning orientation: OrientationReport, by turn: TurnAfterReading.Turn, from text: RecognizedText,
        to again: RecognizedText
    ) -> String? {
        guard orientation.turnProposedBy != nil else { return nil }
        let proposer = orientation.turnProposerName
        let firstReading = text.words.isEmpty ? "it then read no text"
            : text.meanConfidence < TurnAfterReading.lowConfidence
            ? String(format: "it then read with almost no confidence (%.0f)", text.meanConfidence)
            : String(format: "Tesseract then read most of it as vertical text (%d characters with confidence)",
                     TurnAfterReading.confidentCharacters(in: text))
        // The orient stage's warning that it kept the page as it was stands, and this one says what came of it.
        let stage = orientation.applied
            ? String(format: "%@ turned the page by %d°", proposer, orientation.rotation)
            : "\(proposer) proposed turning the page and it was kept as it was"
        return String(
            format: "%@, but %@; turned by %@%d° it reads better (confidence %.0f, %d characters with confidence)",
            stage, firstReading, orientation.applied ? "a further " : "", turn.correction, again.meanConfidence,
            TurnAfterReading.confidentCharacters(in: again))
    }

    /// Confidences to one decimal: more digits are noise in a record.
    private static func rounded(_ span: RecognizedSpan) -> RecognizedSpan {
        var span = span
        span.confidence = (span.confidence * 10).rounded() / 10
        return span
    }
}

extension StageTimings {
    /// Milliseconds to one decimal.
    func rounded() -> StageTimings {
        func round(_ value: Double?) -> Double? { value.map { ($0 * 10).rounded() / 10 } }
        var copy = self
        copy.source = round(source)
        copy.load = round(load)
        copy.orient = round(orient)
        copy.cleanup = round(cleanup)
        copy.recognize = round(recognize)
        copy.keywords = round(keywords)
        copy.total = round(total)
        return copy
    }
}

@available(*, unavailable)
extension PagePipeline: Sendable {}
