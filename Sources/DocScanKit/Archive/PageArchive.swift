import DocScanCore

/// Where scanned pages are kept and found.
///
/// One protocol, so that the use cases (scan into an archive, search, export, import, merge) do not care
/// which archive they talk to: the embedded SQLite file, the default, or a PostgreSQL database that many
/// machines share.
///
/// Pages are kept by (root, source, page). The root is the absolute path of the folder scanned, or a
/// collection name (`--collection`) when machines mount the same share at different paths.
public protocol PageArchive: AnyObject, Sendable {
    /// Where it is, for messages: a file path, or a server and database without a password.
    var location: String { get }

    /// Takes the archive for one writing run until the returned lock goes, so that a second run waits
    /// and then finds the first one's pages archived instead of reading them again.
    /// - Parameters:
    ///   - wait: wait for another run to finish; when false, fail at once.
    ///   - waiting: called once before blocking, so the user learns why nothing happens.
    /// - Throws: `DocScanError.archiveBusy` when another run holds it and `wait` is false.
    func lockForWriting(wait: Bool, waiting: () -> Void) throws -> any ArchiveLock

    /// What the archive holds for the pages scanned from `root`: what a new scan of it compares with.
    /// - Parameter sources: only these files (paths relative to `root`), for a scan of part of the
    ///   folder (a shard, a file list), which must not read the state of millions of other files; nil
    ///   for all.
    /// - Throws: `DocScanError.archiveUnusable`.
    func archivedPages(root: String, sources: Set<String>?) throws -> [ArchivedPageState]

    /// Starts a run that writes the pages of `root`, one complete page at a time.
    /// - Parameter folder: the absolute path of the folder (or single image) the pages' files are under
    ///   on this machine, from which each page's `path` is made; the root itself unless it is a
    ///   collection name.
    /// - Throws: `DocScanError.archiveUnusable`, `DocScanError.missingDependency` (ICU, jieba).
    func beginRun(root: String, folder: String, mode: ScanMode, languages: LanguageList) throws -> any ArchiveRun

    /// Brings what is computed over many pages up to date after writers are done: PostgreSQL's keyword
    /// document frequencies, which its writers leave out of their transactions; SQLite's index merge.
    /// - Throws: `DocScanError.archiveUnusable`.
    func finalize() throws

    /// Pages matching every word of `query.text`, best first.
    /// - Throws: `DocScanError.emptyQuery`, `DocScanError.archiveUnusable`, `DocScanError.missingDependency`.
    func search(_ query: ArchiveQuery) throws -> [SearchHit]

    /// Calls `body` with every page of `selection`, in order of root, file and page, each page's
    /// keywords ranked over the pages of its root.
    /// - Throws: `DocScanError.archiveUnusable`, or `body`'s error.
    func forEachPage(_ selection: PageSelection, _ body: (ArchivedPage) throws -> Void) throws

    /// The roots of the pages of `selection`, in order.
    func roots(_ selection: PageSelection) throws -> [String]

    /// How many pages the archive holds.
    func pageCount() throws -> Int

    /// Pages ok and failed per root, in order of root, counted without reading the pages.
    /// - Throws: `DocScanError.archiveUnusable`.
    func pageCounts() throws -> [RootPageCount]

    /// The pages of `selection` without their records, in order of root, file and page.
    /// - Throws: `DocScanError.archiveUnusable`.
    func summaries(_ selection: PageSelection) throws -> [PageSummary]

    /// The keywords on most pages of `root`, as of the document frequencies the archive keeps, skipping
    /// those on more than `maxShare` of its pages (words every page has tell nothing apart).
    /// - Throws: `DocScanError.archiveUnusable`.
    func frequentKeywords(root: String, maxShare: Double, limit: Int) throws -> [KeywordFrequency]

    /// On how many pages of `root` each of `keywords` is, as of the document frequencies the archive
    /// keeps; keywords it does not have are left out.
    /// - Throws: `DocScanError.archiveUnusable`.
    func documentFrequencies(root: String, of keywords: [String]) throws -> [String: Int]
}

/// Held for a writing run; released when it goes, or when the process ends.
public protocol ArchiveLock: AnyObject, Sendable {}

/// One run writing into an archive: each record in its own transaction, so a run killed at any
/// moment leaves every finished page and no half page.
public protocol ArchiveRun: RecordWriter {
    /// Records how the run ended: pages found unchanged, and whether it was interrupted.
    func recordOutcome(unchanged: Int, interrupted: Bool) throws
    /// Removes the pages of `sources` (paths relative to the run's root).
    /// - Returns: the number of pages removed.
    @discardableResult
    func prune(_ sources: [String]) throws -> Int
}

/// What an archive holds for one page: enough to tell whether a new scan must read it again.
public struct ArchivedPageState: Equatable, Sendable {
    public var source: String
    public var page: Int
    public var sha256: String?
    public var mode: ScanMode?
    /// Tesseract codes, primary first.
    public var languages: [String]
    /// Whether the page failed when it was scanned.
    public var failed: Bool

    public init(source: String, page: Int, sha256: String?, mode: ScanMode?, languages: [String], failed: Bool) {
        self.source = source
        self.page = page
        self.sha256 = sha256
        self.mode = mode
        self.languages = languages
        self.failed = failed
    }
}

/// One archived page as exports see it: its record, keywords ranked over the pages of its root.
public struct ArchivedPage: Sendable {
    /// The folder (or file) it was scanned from, or its collection name.
    public var root: String
    /// Absolute path of the file.
    public var path: String
    public var record: PageRecord
    /// The page's id in the archive, for links to it.
    public var id: Int64 = 0
    /// When the page was written into the archive (ISO 8601).
    public var archivedAt = ""
}

/// A search of an archive.
public struct ArchiveQuery: Sendable {
    /// Words to look for, all required; `word*` matches as a prefix; Chinese is cut into words.
    public var text: String
    /// Only pages of files at or under this absolute path.
    public var folder: String?
    /// Only pages scanned with this Tesseract language code.
    public var language: String?
    /// Only pages kept under this root: a collection name (`--collection`), or a scanned folder's path.
    public var root: String?
    public var limit: Int
    /// Hits skipped before the first returned, for paging.
    public var offset = 0
    /// What goes before and after each matched word in snippets.
    public var marks: (String, String)
    /// Keywords returned per page.
    public var keywordLimit: Int

    public init(
        _ text: String, folder: String? = nil, language: String? = nil, limit: Int = 10,
        marks: (String, String) = ("[", "]"), keywordLimit: Int = 10
    ) {
        self.text = text
        self.folder = folder
        self.language = language
        self.limit = limit
        self.marks = marks
        self.keywordLimit = keywordLimit
    }
}

extension PageArchive {
    /// Pages matching every word of `text`, best first.
    public func search(
        _ text: String, folder: String? = nil, language: String? = nil, limit: Int = 10,
        marks: (String, String) = ("[", "]"), keywordLimit: Int = 10
    ) throws -> [SearchHit] {
        try search(ArchiveQuery(text, folder: folder, language: language, limit: limit, marks: marks, keywordLimit: keywordLimit))
    }
}
