import DocScanCore
import DocScanNative
import Foundation

/// Images of archived pages for `docscan serve`: the page as docscan recognized it (loaded, turned
/// upright, cleaned up), on whose pixels the record's word boxes stand, and small thumbnails.
///
/// They are made again from the original file, not kept in the archive: a page image is 100-300 KB
/// as JPEG, which would grow a 10-million-page archive by terabytes, and the file is what a person
/// downloads anyway. A file that has moved or changed since it was scanned gets a `PageImageError`
/// that says so, never the image of another file. Rendered images are kept in memory for the next
/// request (`RenderedImageCache`), and up to one page per core is rendered at once (`KeyedPool`).
public final class PageImageRenderer: @unchecked Sendable {
    private let models: ModelStore
    private let preparers: KeyedPool<(engine: TesseractEngine, preparer: PagePreparer)>
    private let images: RenderedImageCache
    /// Files already hashed, by path, with the size and modification time they had: a page view and the
    /// image it loads check the same file, which is hashed once while it stays as it was.
    private var verified: [String: FileStamp] = [:]
    private let verifiedLock = NSLock()

    private struct FileStamp: Equatable {
        var size: Int64
        var modified: Date?
        var sha256: String
    }

    /// - Parameters:
    ///   - concurrentPages: pages rendered at once, each with an engine of its own; by default one
    ///     per core, at most 4.
    ///   - cacheBytes: memory for rendered images kept for the next request.
    public init(
        models: ModelStore = .default(),
        concurrentPages: Int = min(4, ProcessInfo.processInfo.activeProcessorCount),
        cacheBytes: Int = 64 << 20
    ) {
        self.models = models
        self.preparers = KeyedPool(limit: concurrentPages)
        self.images = RenderedImageCache(budget: cacheBytes)
    }

    /// The page as Tesseract read it, as JPEG: the same load and clean-up as the scan, turned as the
    /// record says it was read (not detected again: a page turned after it was read, `TurnAfterReading`,
    /// was shown in the orient stage's turn), so the record's word boxes fall on its words.
    /// - Throws: `PageImageError`.
    public func pageImage(_ page: ArchivedPage, quality: Int = 80) throws -> Data {
        let reference = try self.reference(page)
        let record = page.record
        let languages = try self.languages(page)
        // The file was just checked against this SHA-256, so the key names the content shown.
        let cacheKey = "\(page.path)\u{0}\(record.page)\u{0}\(record.sha256 ?? "size \(reference.fileSize)")\u{0}\(quality)"
        if let kept = images.image(cacheKey) { return kept }
        let key = "\(record.mode.rawValue) \(record.languages.joined(separator: "+"))"
        let jpeg = try preparers.withResource(key, make: {
            do {
                let configuration = try ScanConfiguration(mode: record.mode, languages: languages, store: models, jobs: 1)
                let engine = try TesseractEngine(scanning: configuration.models, userWordsFile: nil)
                return (engine, try PagePreparer(configuration: configuration, checker: engine))
            } catch let error as DocScanError {
                throw PageImageError.cannotRender(path: page.path, reason: error.localizedDescription)
            }
        }) { prepared in
            var context = PageContext(page: reference, mode: record.mode, languages: languages)
            var clock = StageClock()
            do {
                let image = try prepared.preparer.prepare(
                    reference, context: &context, clock: &clock, rotation: record.orientation?.rotation).cleaned.image
                guard let jpeg = image.jpegData(quality: quality) else {
                    throw PageImageError.cannotRender(path: page.path, reason: "the image could not be encoded")
                }
                return jpeg
            } catch let error as PageError {
                throw PageImageError.cannotRender(path: page.path, reason: error.message)
            }
        }
        images.keep(jpeg, as: cacheKey)
        return jpeg
    }

    /// A small JPEG of the page, `width` pixels wide, upright as the record says it was turned; not
    /// cleaned up, which would take as long as a page view.
    /// - Throws: `PageImageError`.
    public func thumbnail(_ page: ArchivedPage, width: Int = 240) throws -> Data {
        let reference = try self.reference(page)
        var context = PageContext(page: reference, mode: .fast, languages: try languages(page))
        do {
            let loaded = try PageLoader(workingSize: max(width * 4, 800)).run(reference, context: &context)
            let turns = (page.record.orientation?.rotation ?? 0) / 90
            guard let upright = turns == 0 ? loaded.image : loaded.image.rotated(quarterTurns: turns),
                  let small = upright.scaled(by: Double(width) / Double(max(1, upright.width))),
                  let jpeg = small.jpegData(quality: 75)
            else { throw PageImageError.cannotRender(path: page.path, reason: "the thumbnail could not be made") }
            return jpeg
        } catch let error as PageError {
            throw PageImageError.cannotRender(path: page.path, reason: error.message)
        }
    }

    /// Whether `page`'s file is still there and unchanged, without rendering it.
    /// - Throws: `PageImageError`.
    public func check(_ page: ArchivedPage) throws {
        _ = try reference(page)
    }

    /// A searchable PDF of `pages` (normally every page of one file, in order), as the export writes it.
    /// - Throws: `PageImageError`.
    public func searchablePDF(_ pages: [ArchivedPage]) throws -> Data {
        guard let first = pages.first else { throw PageImageError.cannotRender(path: "", reason: "no page was read") }
        let references = try pages.map(reference)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("docscan-serve-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: target) }
        do {
            let configuration = try ScanConfiguration(
                mode: first.record.mode, languages: try languages(first), store: models, jobs: 1)
            let errors = try SearchablePDFWriter(configuration: configuration)
                .write(pages: references, to: target, rotations: pages.map { $0.record.orientation?.rotation })
            if let error = errors.compactMap({ $0 }).first, errors.allSatisfy({ $0 != nil }) {
                throw PageImageError.cannotRender(path: first.path, reason: error.message)
            }
            return try Data(contentsOf: target)
        } catch let error as DocScanError {
            throw PageImageError.cannotRender(path: first.path, reason: error.localizedDescription)
        } catch let error as PageImageError {
            throw error
        } catch {
            throw PageImageError.cannotRender(path: first.path, reason: "\(error)")
        }
    }

    /// The original file of `page`, read whole.
    /// - Throws: `PageImageError`.
    public func original(_ page: ArchivedPage) throws -> Data {
        _ = try reference(page)
        do {
            return try Data(contentsOf: URL(fileURLWithPath: page.path))
        } catch {
            throw PageImageError.fileMissing(path: page.path)
        }
    }

    private func languages(_ page: ArchivedPage) throws -> LanguageList {
        do {
            return try LanguageList(codes: page.record.languages)
        } catch {
            throw PageImageError.cannotRender(path: page.path, reason: "its record names no usable language")
        }
    }

    /// The page's file, checked to be the one scanned: there, and with the SHA-256 of its record.
    private func reference(_ page: ArchivedPage) throws -> PageReference {
        let url = URL(fileURLWithPath: page.path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              (attributes[.type] as? FileAttributeType) == .typeRegular
        else { throw PageImageError.fileMissing(path: page.path) }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        if let expected = page.record.sha256 {
            let stamp = FileStamp(size: size, modified: attributes[.modificationDate] as? Date, sha256: expected)
            if verifiedLock.withLock({ verified[url.path] }) != stamp {
                guard (try? FileHasher.sha256(of: url)) == expected else { throw PageImageError.fileChanged(path: page.path) }
                verifiedLock.withLock {
                    if verified.count > 10_000 { verified.removeAll() }
                    verified[url.path] = stamp
                }
            }
        }
        return PageReference(
            url: url, relativePath: page.record.source, page: page.record.page, pageCount: page.record.pageCount,
            format: ImageFormat(contentsOf: url), fileSize: size)
    }
}

/// Why an archived page's image cannot be shown.
public enum PageImageError: Error, Equatable, Sendable {
    /// The file is no longer where it was scanned.
    case fileMissing(path: String)
    /// The file there is not the one scanned (its SHA-256 differs).
    case fileChanged(path: String)
    /// The file is there but could not be read or rendered.
    case cannotRender(path: String, reason: String)

    /// For a person: what happened and what to do.
    public var message: String {
        switch self {
        case .fileMissing(let path):
            "\(path) is no longer there: it was moved or deleted after it was scanned. Scan it again where it is now to see its image."
        case .fileChanged(let path):
            "\(path) has changed since it was scanned (its SHA-256 differs), so this page's words would not match its image. Scan it again."
        case .cannotRender(let path, let reason):
            "\(path) could not be shown: \(reason)"
        }
    }
}
