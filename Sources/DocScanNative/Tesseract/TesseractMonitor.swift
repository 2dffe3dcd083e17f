internal import CTesseract

/// Owns one Tesseract progress monitor (`ETEXT_DESC`), used to give a recognition a deadline.
final class TesseractMonitor {
    private let monitor: OpaquePointer

    /// A monitor whose deadline is `milliseconds` from now.
    init?(deadlineMilliseconds milliseconds: Int) {
        guard let monitor = TessMonitorCreate() else { return nil }
        self.monitor = monitor
        TessMonitorSetDeadlineMSecs(monitor, Int32(clamping: milliseconds))
    }

    deinit {
        TessMonitorDelete(monitor)
    }

    func withUnsafeMonitor<Result>(_ body: (OpaquePointer) throws -> Result) rethrows -> Result {
        try body(monitor)
    }
}

@available(*, unavailable)
extension TesseractMonitor: Sendable {}
