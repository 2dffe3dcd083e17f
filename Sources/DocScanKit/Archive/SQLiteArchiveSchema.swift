import GRDB

/// The archive's tables, built by migrations so that an archive made by any earlier docscan opens and
/// is brought up to date, and one made by a later docscan is refused rather than misread.
///
/// - `scan`: one row per `docscan scan` run into the archive.
/// - `page`: one row per page, unique by (root, source, page); `record` is the page's JSON record as
///   scanned, the columns beside it what search and re-scans filter on.
/// - `keyword`: a page's keywords in first-seen order, with how often each occurs on the page.
/// - `keyword_df`: per root, on how many pages each keyword is: the document frequency keyword
///   ranking needs, kept up to date by the writer so that reading it is one lookup per keyword
///   (counting it from `keyword` took a second per search on 10,000 pages).
/// - `page_by_root_error`: counts of pages read and failed per root, from the index alone (v2).
/// - `page_fts`: FTS5 over the page's segmented text and its keyword string; rowid = `page.id`.
///   Chinese is indexed as space-separated jieba words, because `unicode61` sees a run of Han
///   characters as one token (DESIGN.md).
enum SQLiteArchiveSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE scan (
                    id INTEGER PRIMARY KEY,
                    root TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    languages TEXT NOT NULL,
                    started_at TEXT NOT NULL,
                    finished_at TEXT,
                    pages_written INTEGER NOT NULL DEFAULT 0,
                    pages_failed INTEGER NOT NULL DEFAULT 0,
                    pages_unchanged INTEGER NOT NULL DEFAULT 0,
                    status TEXT NOT NULL
                );
                CREATE TABLE page (
                    id INTEGER PRIMARY KEY,
                    scan_id INTEGER REFERENCES scan(id) ON DELETE SET NULL,
                    root TEXT NOT NULL,
                    source TEXT NOT NULL,
                    path TEXT NOT NULL,
                    page INTEGER NOT NULL,
                    page_count INTEGER NOT NULL,
                    sha256 TEXT,
                    file_size INTEGER NOT NULL,
                    format TEXT,
                    mode TEXT NOT NULL,
                    languages TEXT NOT NULL,
                    text TEXT NOT NULL,
                    mean_confidence REAL,
                    rotation INTEGER,
                    skew_angle REAL,
                    warped INTEGER,
                    timings TEXT NOT NULL,
                    warnings TEXT NOT NULL,
                    error_kind TEXT,
                    error_message TEXT,
                    keyword_string TEXT NOT NULL,
                    record TEXT NOT NULL,
                    archived_at TEXT NOT NULL,
                    UNIQUE (root, source, page)
                );
                CREATE INDEX page_by_path ON page(path);
                CREATE INDEX page_by_sha256 ON page(sha256);
                CREATE TABLE keyword (
                    page_id INTEGER NOT NULL REFERENCES page(id) ON DELETE CASCADE,
                    rank INTEGER NOT NULL,
                    keyword TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (page_id, rank)
                ) WITHOUT ROWID;
                CREATE INDEX keyword_by_word ON keyword(keyword);
                CREATE TABLE keyword_df (
                    root TEXT NOT NULL,
                    keyword TEXT NOT NULL,
                    pages INTEGER NOT NULL,
                    PRIMARY KEY (root, keyword)
                ) WITHOUT ROWID;
                CREATE VIRTUAL TABLE page_fts USING fts5(terms, keywords, tokenize = 'unicode61');
                """)
        }
        // Counting a root's pages read and failed (search ranking, the folder filter, `archive status`)
        // read every page row, records and all: 20 ms on 10,000 pages. This index answers it alone.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "CREATE INDEX page_by_root_error ON page(root, error_kind)")
        }
        return migrator
    }
}
