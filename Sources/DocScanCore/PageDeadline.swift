import Foundation

/// When a page's time is up: its start plus the run's per-page limit, or never.
///
/// Load, orientation and clean-up cannot be interrupted, so the deadline is checked between stages;
/// recognition, which takes most of a page's time, gets the rest as Tesseract's monitor deadline.
public struct PageDeadline: Sendable {
    /// The limit in seconds, or nil for none.
    public let limit: Double?
    private let clock = Stopwatch()

    public init(limit: Double?) {
        self.limit = limit.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Milliseconds left, at least 1 while the limit holds; nil when there is no limit.
    public var remainingMilliseconds: Int? {
        guard let limit else { return nil }
        return max(0, Int((limit * 1000 - clock.elapsed).rounded(.down)))
    }

    public var isPast: Bool { remainingMilliseconds == 0 }

    /// The page's error once its time is up.
    public func timedOut(during stage: String) -> PageError {
        let seconds = limit.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "?"
        return PageError(.timedOut, "\(stage) went past the page time limit of \(seconds) s (--page-timeout)")
    }
}
