import DocScanCore
import DocScanKeywords
import DocScanNative
import Foundation

/// Reads each page in a child process (a "worker process" to the user), so that a crash, a hang or
/// runaway memory inside Tesseract or Leptonica fails that page alone: the child is replaced and the
/// next page goes on.
///
/// Owned by one of the runner's workers for the whole run, like `PagePipeline`, which the child runs.
///
/// The keywords are extracted here, in the parent, from the record the child sends: the word lists and
/// jieba's dictionary are then built once for the run, not once in every child (six Latin languages'
/// lists take 0.43 s and about 20 MB to build), and a replaced child starts sooner.
final class IsolatedPageProcessor: PageProcessor {
    private let configuration: ScanConfiguration
    private let keywords: KeywordStage
    private let isolation: ProcessIsolation
    private var child: ChildProcess?
    /// The largest peak among the children already replaced.
    private var retiredPeakMemory = 0
    /// Gets each reading of the current child's resident memory, in bytes, and 0 when it is replaced.
    private let memorySampled: (Int) -> Void
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// Starts the first child and waits until its engines are up.
    /// - Throws: the child's own error when it could not start its engines (`DocScanError.engineInitFailed`),
    ///   else `DocScanError.workerFailed`.
    /// The keyword extractor is built while the child starts its engines.
    init(configuration: ScanConfiguration, isolation: ProcessIsolation, memorySampled: @escaping (Int) -> Void = { _ in }) throws {
        self.configuration = configuration
        self.isolation = isolation
        self.memorySampled = memorySampled
        keywords = KeywordStage(extractor: configuration.keywordExtractor)
        Self.ignoreBrokenPipes
        let starting = try ChildProcess(command: isolation.command)
        do {
            try configuration.keywordExtractor.prepare(languages: configuration.languages)
        } catch {
            starting.stop()
            throw error
        }
        // Reading the word lists and building from them freed more than they keep.
        ProcessMemory.releaseFreed()
        child = try ready(starting)
    }

    deinit {
        child?.finish()
    }

    var childPeakMemory: Int { max(retiredPeakMemory, child?.peakMemory ?? 0) }

    /// A child that died leaves a closed pipe; writing to it must fail, not end the parent.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    func process(_ page: PageReference) -> PageRecord {
        let clock = Stopwatch()
        let request: Data
        do {
            request = try encoder.encode(page)
        } catch {
            return failed(page, PageError(.recognitionFailed, "the page could not be handed to a worker: \(error)"), clock: clock)
        }
        // A child that died between pages (killed from outside) gets one replacement before the page fails.
        var sent = false
        for _ in 0..<2 where !sent {
            do {
                let current = try child ?? start()
                child = current
                sent = current.send(request)
                if !sent { retire() }
            } catch {
                return failed(page, PageError(.workerCrashed, "no worker process could be started for the page: \(error.localizedDescription)"), clock: clock)
            }
        }
        guard sent, let current = child else {
            return failed(page, PageError(.workerCrashed, "the worker process for the page ended before it could take the page"), clock: clock)
        }
        let outcome = current.receive(
            timeLimit: configuration.pageTimeout.map(ProcessIsolation.watchdogLimit), on: clock, memoryLimit: isolation.memoryLimit,
            sampled: memorySampled)
        switch outcome {
        case .line(let line):
            if case .record(var record)? = try? decoder.decode(ChildProcessMessage.self, from: line) {
                if record.error == nil { extractKeywords(into: &record) }
                return record
            }
            retire()
            return failed(page, PageError(.workerCrashed, "the worker process answered with something that is not a record; it was replaced"), clock: clock)
        case .ended(let how):
            retire()
            return failed(page, PageError(.workerCrashed, "the worker process reading the page crashed: \(how); a new one took over"), clock: clock)
        case .overTime:
            retire()
            let limit = configuration.pageTimeout.map { ProcessIsolation.watchdogLimit(pageTimeout: $0) } ?? 0
            return failed(page, PageError(.timedOut, "the page did not stop at the page time limit and its worker process was killed after \(Self.seconds(limit)) s (--page-timeout)"), clock: clock)
        case .overMemory(let bytes):
            retire()
            let limit = (isolation.memoryLimit ?? 0) / 1_000_000
            return failed(page, PageError(.outOfMemory, "the worker process reading the page held \(bytes / 1_000_000) MB, over the limit of \(limit) MB (--page-memory-limit), and was killed"), clock: clock)
        }
    }

    /// The keywords of a page the child read, timed into its record like the child's own stages.
    private func extractKeywords(into record: inout PageRecord) {
        var clock = Stopwatch()
        let found = keywords.extractor.extract(from: record.recognizedText, languages: configuration.languages)
        let (wall, cpu) = clock.laps()
        record.setKeywords(found)
        record.warnings += found.warnings
        func adding(_ milliseconds: Double, to timings: inout StageTimings) {
            func add(_ value: Double?) -> Double { ((value ?? 0) * 10 + milliseconds * 10).rounded() / 10 }
            timings.keywords = add(timings.keywords)
            timings.total = add(timings.total)
        }
        adding(wall, to: &record.timingsMs)
        if var timings = record.cpuMs {
            adding(cpu, to: &timings)
            record.cpuMs = timings
        }
    }

    /// Starts a child and waits for its engines.
    private func start() throws -> ChildProcess {
        try ready(try ChildProcess(command: isolation.command))
    }

    /// `process` once its engines are up.
    private func ready(_ process: ChildProcess) throws -> ChildProcess {
        switch process.receive(timeLimit: isolation.startupLimit, on: Stopwatch(), memoryLimit: nil) {
        case .line(let line):
            switch try? decoder.decode(ChildProcessMessage.self, from: line) {
            case .ready?:
                return process
            case .setupFailed(let error)?:
                process.stop()
                throw error
            default:
                process.stop()
                throw DocScanError.workerFailed(reason: "it did not say it was ready")
            }
        case .ended(let how):
            throw DocScanError.workerFailed(reason: "it ended while starting: \(how)")
        case .overTime, .overMemory:
            process.stop()
            throw DocScanError.workerFailed(reason: "it did not start its engines within \(Self.seconds(isolation.startupLimit)) s")
        }
    }

    /// Kills the current child, keeping its memory figure; the next page starts a new one.
    private func retire() {
        guard let child else { return }
        child.stop()
        retiredPeakMemory = max(retiredPeakMemory, child.peakMemory)
        memorySampled(0)
        self.child = nil
    }

    private func failed(_ page: PageReference, _ error: PageError, clock: Stopwatch) -> PageRecord {
        var record = PageRecord(page: page, models: configuration.models)
        record.sha256 = page.sha256 ?? (try? FileHasher.sha256(of: page.url))
        record.error = error
        var timings = StageTimings()
        timings.total = clock.elapsed
        record.timingsMs = timings.rounded()
        return record
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

@available(*, unavailable)
extension IsolatedPageProcessor: Sendable {}
