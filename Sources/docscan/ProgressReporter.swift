import DocScanCore
import DocScanKit
import Foundation

/// Shows progress and failures on standard error: a self-overwriting line on a terminal, nothing
/// per page otherwise (logs stay short), and every failure on its own line either way.
final class ProgressReporter {
    private let showsLine: Bool
    private var lineVisible = false

    init(enabled: Bool) {
        showsLine = enabled && isatty(STDERR_FILENO) == 1
    }

    /// Shows the line before the first page is done, which can take seconds.
    func start(total: Int) {
        guard showsLine else { return }
        write("\r\u{1B}[K[0/\(total)] 0%  reading…")
        lineVisible = true
    }

    func update(_ progress: ScanProgress) {
        if let error = progress.lastError, let page = progress.last {
            report(failure: page.displayName, error)
        }
        guard showsLine else { return }
        let percent = progress.total > 0 ? progress.done * 100 / progress.total : 100
        var line = "[\(progress.done)/\(progress.total)] \(percent)%  \(String(format: "%.1f", progress.pagesPerMinute)) pages/min"
        if let remaining = progress.remaining { line += "  ETA \(Self.clock(remaining))" }
        if progress.failed > 0 { line += "  \(progress.failed) failed" }
        if let last = progress.last { line += "  \(last.displayName)" }
        write("\r\u{1B}[K" + line)
        lineVisible = true
    }

    /// Prints a failed page on its own line, above the progress line.
    func report(failure page: String, _ error: PageError) {
        clearLine()
        StandardError.print("\(page): \(error.message) [\(error.kind.rawValue)]")
    }

    func finish() {
        clearLine()
    }

    /// "332 MB", or with worker processes "382 MB at once: main process 120 MB, each worker at most 146 MB"
    /// (each figure its own process's peak; the first what they held together).
    private static func memory(_ summary: ScanSummary) -> String {
        let total = "\(summary.peakMemory / 1_000_000) MB"
        guard summary.workerPeakMemory > 0 else { return total }
        return "\(total) at once: main process \(summary.mainPeakMemory / 1_000_000) MB, each worker at most \(summary.workerPeakMemory / 1_000_000) MB"
    }

    /// The run's last lines: what was read, where it went, what was skipped or not read (repeated here
    /// because a long run scrolls the warnings away), and what the archive made of the run.
    func printSummary(_ outcome: ArchiveScan.Outcome, configuration: ScanConfiguration) {
        let summary = outcome.summary
        let rate = summary.elapsed > 0 ? Double(summary.written) / summary.elapsed * 60 : 0
        var lines = [
            "Scanned \(summary.written) of \(summary.total) pages in \(String(format: "%.1f", summary.elapsed)) s "
                + "(\(String(format: "%.1f", rate)) pages/min, \(configuration.mode.rawValue) mode, \(configuration.languages), \(Self.count(min(configuration.jobs, max(summary.total, 1)), "job"))): "
                + "\(summary.succeeded) ok, \(summary.failures.count) failed.",
            "Records: \(outcome.outputs.joined(separator: " and "))  (peak memory \(Self.memory(summary)))",
        ]
        if !summary.skipped.isEmpty {
            let examples = summary.skipped.prefix(3).joined(separator: ", ")
            lines.append("Skipped \(Self.count(summary.skipped.count, "non-image file")) (\(examples)\(summary.skipped.count > 3 ? ", …" : "")).")
        }
        if !outcome.notRead.isEmpty {
            let examples = outcome.notRead.prefix(3).joined(separator: ", ")
            lines.append("Not read: \(Self.count(outcome.notRead.count, "entry", plural: "entries")) named in the warnings above (\(examples)\(outcome.notRead.count > 3 ? ", …" : "")).")
        }
        if !summary.foreignScripts.isEmpty {
            let examples = summary.foreignScripts.prefix(3).map { "\($0.page): \($0.script)" }.joined(separator: ", ")
            lines.append(
                "Other scripts: \(Self.count(summary.foreignScripts.count, "page")) read with little confidence look written in a script "
                    + "\(configuration.languages) does not read (\(examples)\(summary.foreignScripts.count > 3 ? ", …" : "")); "
                    + "their records' warnings name the languages that read them.")
        }
        if summary.interrupted { lines.append("Interrupted: \(summary.total - summary.written) pages not scanned.") }
        lines += archiveLines(unchanged: outcome.plan?.unchanged.count ?? 0, gone: outcome.plan?.gone ?? [], pruned: outcome.pruned)
        write(lines.joined(separator: "\n") + "\n")
    }

    /// What the archive made of the run: pages skipped as unchanged, files gone from the folder.
    private func archiveLines(unchanged: Int, gone: [String], pruned: Int?) -> [String] {
        var lines: [String] = []
        if unchanged > 0 {
            lines.append("Unchanged: \(Self.count(unchanged, "page")) already archived with this mode and languages, not read again (--force reads them).")
        }
        if !gone.isEmpty {
            let examples = gone.prefix(3).joined(separator: ", ") + (gone.count > 3 ? ", …" : "")
            if let pruned {
                lines.append("Gone: \(Self.count(gone.count, "file")) no longer in the folder (\(examples)); removed their \(Self.count(pruned, "page")) from the archive.")
            } else {
                lines.append("Gone: \(Self.count(gone.count, "file")) archived from this folder no longer there (\(examples)); --prune removes their pages.")
            }
        }
        return lines
    }

    private func clearLine() {
        if lineVisible {
            write("\r\u{1B}[K")
            lineVisible = false
        }
    }

    private func write(_ text: String) {
        StandardError.write(text)
    }

    /// `1 job`, `2 jobs`.
    static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600
            ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }
}
