import DocScanCore
import Foundation

/// What a scan into an archive has to do: the pages to read, the pages already archived unchanged,
/// and the archived files that are gone from the folder.
public struct ScanPlan: Sendable {
    /// Pages to read: new, changed, archived with another mode or languages, or failed last time.
    /// Each carries its file's SHA-256, computed here once per file.
    public var pages: [PageReference]
    /// Pages whose file's SHA-256 is archived for that page with the same mode and languages.
    public var unchanged: [PageReference]
    /// Files (paths relative to the root) archived from this root that are no longer there.
    public var gone: [String]

    /// Compares `listing` with what an archive holds for its root.
    /// - Parameter force: read every page again, archived or not.
    public init(listing: [PageReference], archived: [ArchivedPageState], mode: ScanMode, languages: LanguageList, force: Bool) {
        var current = Set<String>()
        for page in archived where !page.failed && page.mode == mode && page.languages == languages.codes {
            guard let sha256 = page.sha256 else { continue }
            current.insert(Self.key(source: page.source, page: page.page, sha256: sha256))
        }
        var hashes: [URL: String?] = [:]
        pages = []
        unchanged = []
        for var page in listing {
            // A file that cannot be read has no hash: it is read, and its page gets the reason.
            if hashes[page.url] == nil { hashes[page.url] = .some(try? FileHasher.sha256(of: page.url)) }
            page.sha256 = hashes[page.url] ?? nil
            if !force, let sha = page.sha256, current.contains(Self.key(source: page.relativePath, page: page.page, sha256: sha)) {
                unchanged.append(page)
            } else {
                pages.append(page)
            }
        }
        let listed = Set(listing.map(\.relativePath))
        gone = Set(archived.map(\.source)).subtracting(listed).sorted()
    }

    /// Compares `listing` with what `archive` holds for `root`.
    /// - Parameter partial: the listing is part of the folder (a shard, a file list): the archive is
    ///   asked only about its files, and files missing from it are not gone.
    /// - Throws: `DocScanError.archiveUnusable`.
    public init(
        archive: any PageArchive, listing: [PageReference], root: String, mode: ScanMode, languages: LanguageList,
        force: Bool, partial: Bool = false
    ) throws {
        let archived = try archive.archivedPages(root: root, sources: partial ? Set(listing.map(\.relativePath)) : nil)
        self.init(listing: listing, archived: archived, mode: mode, languages: languages, force: force)
        if partial { gone = [] }
    }

    private static func key(source: String, page: Int, sha256: String) -> String {
        "\(source)\u{0}\(page)\u{0}\(sha256)"
    }
}
