import Foundation
import GRDB

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

    /// Compares `listing` with what `archive` holds for `root`.
    /// - Parameter force: read every page again, archived or not.
    /// - Throws: `DocScanError.archiveUnusable`.
    public init(archive: Archive, listing: [PageReference], root: String, mode: ScanMode, languages: LanguageList, force: Bool) throws {
        let archived = try archive.read { db in
            try Row.fetchAll(db, sql: """
                SELECT source, page, sha256, mode, languages, error_kind FROM page WHERE root = ?
                """, arguments: [root])
        }
        let languageKey = Archive.languageKey(languages.codes)
        var current = Set<String>()
        var sources = Set<String>()
        for row in archived {
            let source: String = row["source"]
            sources.insert(source)
            let sha: String? = row["sha256"]
            let errorKind: String? = row["error_kind"]
            guard let sha, errorKind == nil, row["mode"] == mode.rawValue, row["languages"] == languageKey else { continue }
            current.insert(Self.key(source: source, page: row["page"], sha256: sha))
        }
        var hashes: [URL: String?] = [:]
        pages = []
        unchanged = []
        for var page in listing {
            if hashes[page.url] == nil { hashes[page.url] = .some(try? FileHasher.sha256(of: page.url)) }
            page.sha256 = hashes[page.url] ?? nil
            if !force, let sha = page.sha256, current.contains(Self.key(source: page.relativePath, page: page.page, sha256: sha)) {
                unchanged.append(page)
            } else {
                pages.append(page)
            }
        }
        let listed = Set(listing.map(\.relativePath))
        gone = sources.subtracting(listed).sorted()
    }

    private static func key(source: String, page: Int, sha256: String) -> String {
        "\(source)\u{0}\(page)\u{0}\(sha256)"
    }
}
