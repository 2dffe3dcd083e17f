import DocScanNative

/// An upright, cleaned page.
public struct CleanedPage {
    public let image: PixImage
    public let orientation: OrientationReport
    public let cleanup: CleanupReport
    /// Each step's image, when `PageCleaner.Options.keepSteps` asked for them.
    public let steps: [(name: String, image: PixImage)]
}
