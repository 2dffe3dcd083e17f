import DocScanCore

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
        loader = PageLoader(maxPixels: configuration.maxPixels, workingSize: configuration.workingSize)
        orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: checker)
        cleaner = PageCleaner(options: configuration.cleanup)
    }

    /// Runs the three stages on `page`.
    /// - Parameter clock: times each stage, also one that throws.
    /// - Throws: `PageError` from the stage that could not go on.
    func prepare(_ page: PageReference, context: inout PageContext, clock: inout StageClock) throws -> PreparedPage {
        let loaded = try clock.time(\.load) { try loader.run(page, context: &context) }
        let oriented = try clock.time(\.orient) { try orienter.run(loaded, context: &context) }
        let cleaned = try clock.time(\.cleanup) { try cleaner.run(oriented, context: &context) }
        return PreparedPage(loaded: loaded, oriented: oriented, cleaned: cleaned)
    }
}

/// Each stage's output for one page: the record wants what every stage learned, the PDF only the image.
struct PreparedPage {
    let loaded: LoadedPage
    let oriented: OrientedPage
    let cleaned: CleanedPage
}

@available(*, unavailable)
extension PagePreparer: Sendable {}
