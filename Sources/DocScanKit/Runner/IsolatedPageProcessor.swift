import DocScanCore
import DocScanNative
import Foundation

/// Reads each page in a child process (a "worker process" to the user), so that a crash, a hang or
/// runaway memory inside Tesseract or Leptonica fails that page alone: the child is replaced and the
/// next page goes on.
///
/// Owned by one of the runner's workers for the whole run, like `PagePipeline`, which the child runs.
final class IsolatedPageProcessor: PageProcessor {
    private let configuration: ScanConfiguration
    private let isolation: ProcessIsolation
    private var child: ChildProcess?
    /// The largest peak among the children already replaced.
    private var retiredPeakMemory = 0
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// Starts the first child and waits until its engines are up.
    /// - Throws: the child's own error when it could not start its engines (`DocScanError.engineInitFailed`),
    ///   else `DocScanError.workerFailed`.
    init(configuration: ScanConfiguration, isolation: ProcessIsolation) throws {
        self.configuration = configuration
        self.isolation = isolation
        Self.ignoreBrokenPipes
        child = try start()
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
            timeLimit: configuration.pageTimeout.map(ProcessIsolation.watchdogLimit), on: clock, memoryLimit: isolation.memoryLimit)
        switch outcome {
        case .line(let line):
            if case .record(var record, let counts)? = try? decoder.decode(ChildProcessMessage.self, from: line) {
                record.keywordCounts = counts
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

    /// Starts a child and waits for its engines.
    private func start() throws -> ChildProcess {
        let process = try ChildProcess(command: isolation.command)
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
