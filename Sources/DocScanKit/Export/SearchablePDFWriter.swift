import DocScanCore
import DocScanNative
import Foundation

/// Writes a searchable PDF for the pages of one source file: each PDF page shows the cleaned page image
/// docscan reads (after load, orient and clean up) with Tesseract's invisible text laid over it, so
/// selecting or searching text in a viewer finds it where it is printed.
///
/// Starts its own engines, like a `PagePipeline`, and reuses them for every page and file it writes;
/// one writer per worker.
public final class SearchablePDFWriter {
    private let configuration: ScanConfiguration
    private let preparer: PagePreparer
    private let engine: TesseractEngine

    /// The paper height assumed for a page without a believable resolution: A4's long side, in inches.
    static let assumedLongSide = 11.69

    /// Starts the engines for `configuration`'s mode and languages.
    /// - Throws: `DocScanError.engineInitFailed`, or `.missingModel` when orientation detection is on
    ///   without the OSD model.
    public init(configuration: ScanConfiguration) throws {
        self.configuration = configuration
        engine = try TesseractEngine(scanning: configuration.models, userWordsFile: configuration.userWordsFile)
        preparer = try PagePreparer(configuration: configuration, checker: engine)
    }

    /// Writes one PDF with `pages` in order, normally all pages of one file, replacing any file at `url`.
    ///
    /// A page that cannot be read is skipped and reported; the others still go in. The document is
    /// written under a hidden name beside `url` and renamed when complete, so `url` never holds a
    /// half-written PDF.
    /// - Parameter rotations: for each page, the clockwise turn its record says it was read in, so that
    ///   a page turned after it was read (`TurnAfterReading`) is not put in the PDF in the turn the
    ///   orient stage gives it; nil, or a nil entry: the orient stage turns it.
    /// - Returns: one entry per page, in order: nil for a page in the PDF, its error for a page left out.
    ///   When every entry is an error, no PDF is written and `url` is left as it was.
    /// - Throws: `DocScanError.outputNotWritable` when the PDF cannot be written; `url` is then left as it was.
    public func write(pages: [PageReference], to url: URL, rotations: [Int?]? = nil) throws -> [PageError?] {
        guard let first = pages.first else { return [] }
        let pdf = try PDFRenderer(target: url, title: first.relativePath, fontDirectory: configuration.models.dataPath)
        var outcomes: [PageError?] = []
        for (index, page) in pages.enumerated() {
            var context = PageContext(page: page, mode: configuration.mode, languages: configuration.languages)
            var clock = StageClock()
            let rotation = rotations.flatMap { index < $0.count ? $0[index] : nil }
            do {
                let image = try preparer.prepare(page, context: &context, clock: &clock, rotation: rotation).cleaned.image
                // Read at the resolution the record's text was read at, so the PDF holds the same text.
                let reading = SourceResolution.reading(image, languages: configuration.languages).dotsPerInch
                let paper = Self.pageResolution(width: image.width, height: image.height, fileResolution: image.resolution)
                engine.readsInvertedText = TextRecognizer.darkAreas(of: image).invert
                defer { engine.readsInvertedText = false }
                try engine.recognize(image, resolution: reading, addingPageTo: pdf, pageResolution: paper)
                outcomes.append(nil)
            } catch let error as PageError {
                outcomes.append(error)
            }
        }
        if pdf.pageCount > 0 { try pdf.finish() }
        return outcomes
    }

    /// The resolution that gives a page its paper size: the image's own when it is believable (it was
    /// scaled with the image), else the one that makes the longer side an A4 page's height.
    ///
    /// Tesseract estimates the resolution for reading but keeps the estimate to itself, and its floor of
    /// 70 dpi would make a 2,480-pixel page almost 3 feet tall; scans are mostly A4 or Letter.
    static func pageResolution(width: Int, height: Int, fileResolution: Int) -> Int {
        if SourceResolution.plausible.contains(fileResolution) { return fileResolution }
        return max(1, Int((Double(max(width, height)) / assumedLongSide).rounded()))
    }
}

@available(*, unavailable)
extension SearchablePDFWriter: Sendable {}
