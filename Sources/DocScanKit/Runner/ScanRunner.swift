import DocScanCore
import DocScanNative
import Foundation

/// Runs pages through worker pipelines and hands their records to one writer in page order.
///
/// Tesseract calls block for a second or more, so workers are plain threads, each owning a
/// `PagePipeline` (and so its own `TessBaseAPI`) for the whole run. The calling thread is the only
/// writer: it waits for the next record in page order, writes it, and reports progress.
public final class ScanRunner: Sendable {
    public let configuration: ScanConfiguration
    /// Worker processes to read pages in, or nil to read them on threads of this process.
    public let isolation: ProcessIsolation?
    private let board = WorkBoard()

    public init(configuration: ScanConfiguration, isolation: ProcessIsolation? = nil) {
        self.configuration = configuration
        self.isolation = isolation
    }

    /// Stops handing out pages; pages in progress finish and are written. Safe from any thread; before
    /// `run`, the run starts no page. A cancelled runner stays cancelled.
    public func cancel() {
        board.cancel()
    }

    /// Scans `pages` into `writer`, calling `progress` after each record on the calling thread.
    /// - Throws: `DocScanError.engineInitFailed` if a worker cannot start its engines, or the writer's error;
    ///   records written before it stay written.
    public func run(
        pages: [PageReference],
        skipped: [String] = [],
        writer: any RecordWriter,
        progress: (ScanProgress) -> Void = { _ in }
    ) throws -> ScanSummary {
        let clock = Stopwatch()
        let workers = min(configuration.jobs, pages.count)
        board.reset(pageCount: pages.count, tailLength: Self.tailLength(workers: workers)) { index in
            Self.cost(of: pages[index])
        }
        // Each run's own: a runner may run again.
        let memory = MemoryTally()
        for worker in 0..<workers {
            let thread = Thread { [board, memory, configuration, isolation] in
                Self.work(
                    pages: pages, configuration: configuration, isolation: isolation, board: board,
                    memory: memory, worker: worker)
            }
            // Tesseract's layout analysis recurses deeply; the default secondary-thread stack is too small.
            thread.stackSize = 16 << 20
            board.workerStarted()
            thread.start()
        }

        var summary = ScanSummary(total: pages.count, written: 0, failures: [], skipped: skipped, elapsed: 0, interrupted: false)
        var writeError: (any Error)?
        while summary.written < pages.count, let record = board.next(index: summary.written) {
            do {
                try writer.write(record)
            } catch {
                writeError = error
                board.cancel()
                break
            }
            if let error = record.error {
                summary.failures.append((pages[summary.written].displayName, error))
            }
            if let script = record.foreignScript {
                summary.foreignScripts.append((pages[summary.written].displayName, script))
            }
            summary.written += 1
            progress(ScanProgress(
                done: summary.written, total: pages.count, failed: summary.failures.count,
                elapsed: clock.seconds, last: pages[summary.written - 1], lastError: record.error))
        }
        board.waitForWorkers()
        if let failure = board.setupFailure { throw failure }
        if let writeError { throw writeError }
        try writer.finish()
        summary.elapsed = clock.seconds
        summary.interrupted = summary.written < pages.count
        memory.fill(&summary)
        return summary
    }

    /// What reading `page` will cost, to hand the last pages out largest first: its share of its file's
    /// bytes. Reading follows the amount of text (Tesseract scales every line to its network's height),
    /// which a compressed image's size follows too, while pages are scaled to a working size, so their
    /// pixels hardly differ: on the public eval set's A4 pages, all of one size, the pixels left the
    /// eight Chinese pages in folder order and a photo of 5 s for the last, with the other worker idle.
    /// Replayed with each page's CPU time from its record (two workers, each language group a run), the
    /// groups' page time came to 37.1 s ordered by pixels, 35.1 s by bytes and 34.9 s at best in fast
    /// mode, and 46.2, 44.6 and 43.7 s in accurate mode. Formats that compress much better (a 1-bit TIFF
    /// of a text page) are put later than their text deserves; that costs at most a page's time at the end.
    /// Run for real, six times each, alternating, the eight Chinese pages in fast mode took 22.1–26.2 s
    /// (mean 24.2) against 23.4–26.2 s (mean 24.9) ordered by pixels: the gain is within the spread of runs.
    static func cost(of page: PageReference) -> Int {
        Int(page.fileSize / Int64(max(1, page.pageCount)))
    }

    /// How many of the last pages are handed out largest first: with one worker order cannot shorten
    /// the run, and a few pages per worker are enough to end together.
    static func tailLength(workers: Int) -> Int {
        workers > 1 ? 4 * workers : 0
    }

    /// A worker's life: start engines, then take pages until none are left or the run is cancelled.
    private static func work(
        pages: [PageReference], configuration: ScanConfiguration, isolation: ProcessIsolation?, board: WorkBoard,
        memory: MemoryTally, worker: Int
    ) {
        defer { board.workerFinished() }
        let pipeline: any PageProcessor
        do {
            if let isolation {
                pipeline = try IsolatedPageProcessor(configuration: configuration, isolation: isolation) {
                    memory.sample(worker: worker, resident: $0)
                }
            } else {
                pipeline = try PagePipeline(configuration: configuration)
            }
        } catch {
            board.fail(error)
            return
        }
        while let index = board.take() {
            let record = pipeline.process(pages[index])
            board.deliver(record, at: index)
        }
        memory.workerFinished(worker: worker, childPeak: pipeline.childPeakMemory)
    }
}
