import DocScanCore
import DocScanNative

/// What the clean-up stage records as it goes: the report, each step's time, and each step's image when
/// `--debug-images` asked for them.
struct StepLog {
    var report = CleanupReport()
    var steps: [(name: String, image: PixImage)] = []
    var watch = Stopwatch()
    let keepsImages: Bool

    init(keepsImages: Bool) {
        self.keepsImages = keepsImages
    }

    /// Keeps `image` as the step `name`'s, for the debug images.
    mutating func keep(_ name: String, _ image: PixImage) {
        if keepsImages { steps.append((name, image)) }
    }

    /// Adds the time since the last lap to `step`'s (a step can run twice: `PageCleaner`).
    mutating func lap(_ step: String) {
        let milliseconds = report.stepsMs[step, default: 0] + watch.lap()
        report.stepsMs[step] = (milliseconds * 10).rounded() / 10
    }
}
