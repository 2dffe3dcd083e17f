import DocScanCore
import DocScanKit
import Foundation

/// One fuzz input through the load stage as a scan meets it: written to a file, listed by `PageSource`
/// (format from the content, a TIFF's pages counted from its directory chain) and loaded page by page.
///
/// It traps, so the fuzzer keeps the input, when the stage breaks its contract: an error other than a
/// load `PageError`, or an image with no pixels or over the working size.
final class LoadFuzzTarget {
    /// What loading one input came to, for the replayer's summary.
    enum Outcome: Hashable {
        case decoded
        case refused(PageError.Kind)
    }

    /// Kept low so one input cannot take the fuzzer's memory: the cap's refusal is part of what is fuzzed.
    static let maxPixels = 16_000_000
    static let workingSize = PageLoader.workingSize(for: .fast)
    /// Later pages of a long TIFF add nothing the first few do not.
    static let pagesPerInput = 4

    private let file: URL
    private let loader = PageLoader(maxPixels: LoadFuzzTarget.maxPixels, workingSize: LoadFuzzTarget.workingSize)
    private let languages: LanguageList

    init() throws {
        // In memory where Linux has it: the fuzzer writes this file for every input.
        let shared = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.isWritableFile(atPath: shared.path) ? shared : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("docscan-load-fuzzer-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Named like a page image, so content that is no image still reaches the load stage.
        file = folder.appendingPathComponent("input.png")
        languages = try LanguageList(parsing: "eng")
    }

    deinit {
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }

    /// Loads every page of `bytes`; the outcome of each page.
    func run(_ bytes: UnsafeRawBufferPointer) -> [Outcome] {
        do {
            try Data(bytes).write(to: file)
        } catch {
            fatalError("cannot write the fuzz input to \(file.path): \(error)")
        }
        let listing: PageSource.Listing
        do {
            listing = try PageSource(root: file).list()
        } catch {
            fatalError("the source stage threw \(error) for a file that exists")
        }
        precondition(listing.pages.count >= 1, "a file named .png was not listed as a page")
        return listing.pages.prefix(Self.pagesPerInput).map(load)
    }

    private func load(_ page: PageReference) -> Outcome {
        var context = PageContext(page: page, mode: .fast, languages: languages)
        do {
            let loaded = try loader.run(page, context: &context)
            let longSide = max(loaded.image.width, loaded.image.height)
            precondition(loaded.image.width > 0 && loaded.image.height > 0, "an image with no pixels was loaded")
            precondition(Double(longSide) <= Double(Self.workingSize) * 1.1, "a \(longSide) px page passed the working size")
            // Colour, alpha, colour maps and 16-bit samples are reduced to grey at load.
            precondition([1, 2, 4, 8].contains(loaded.image.depth), "a page of depth \(loaded.image.depth) left the load stage")
            return .decoded
        } catch let error as PageError {
            precondition([.notAnImage, .decodeFailed, .tooLarge, .unreadable].contains(error.kind), "load failed with \(error.kind)")
            return .refused(error.kind)
        } catch {
            fatalError("the load stage threw \(error), not a PageError")
        }
    }
}
