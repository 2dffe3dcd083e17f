import DocScanNative

/// The PostgreSQL archive's tables, made by numbered migrations that run once, under an advisory lock,
/// in one transaction: four shards that start at once on an empty database make the schema once (two
/// sessions creating the same tables without the lock fail on PostgreSQL's catalog).
///
/// - `docscan_scan`: one row per run (a task of an array job is one).
/// - `docscan_page`: one row per page, unique by (collection, source, page); `search` is the page's
///   tokens (`IndexText.tokens`) as a tsvector, keywords weighted above the text; `indexed_text` is the
///   text with Chinese words spaced, where it differs from `text`, for snippets.
/// - `docscan_keyword`: a page's keywords in first-seen order with how often each occurs.
/// - `docscan_keyword_df`, `docscan_collection_size`: materialized views of the document frequencies
///   keyword ranking needs, refreshed by `docscan archive finalize`. Counting them in each page's
///   transaction deadlocked with 8 writers or capped them at about 290 pages/s (issue 17).
///
/// Full-text search needs no server extension beyond `unaccent` (in PostgreSQL's contrib, trusted, and
/// offered by managed services): Chinese arrives cut into words by docscan's own segmenter.
enum PostgreSQLArchiveSchema {
    /// The advisory lock key migrations hold: "docscan" in ASCII.
    static let migrationLock = "28269970599403886"

    static let migrations: [(name: String, sql: String)] = [
        ("v1", """
        CREATE EXTENSION IF NOT EXISTS unaccent;
        CREATE TEXT SEARCH CONFIGURATION docscan (COPY = pg_catalog.simple);
        ALTER TEXT SEARCH CONFIGURATION docscan
            ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part,
                hword_numpart
            WITH unaccent, simple;
        CREATE TABLE docscan_scan (
            id bigserial PRIMARY KEY,
            collection text NOT NULL,
            folder text NOT NULL,
            host text NOT NULL,
            mode text NOT NULL,
            languages text NOT NULL,
            started_at timestamptz NOT NULL DEFAULT now(),
            finished_at timestamptz,
            pages_written integer NOT NULL DEFAULT 0,
            pages_failed integer NOT NULL DEFAULT 0,
            pages_unchanged integer NOT NULL DEFAULT 0,
            status text NOT NULL
        );
        CREATE TABLE docscan_page (
            id bigserial PRIMARY KEY,
            scan_id bigint REFERENCES docscan_scan(id) ON DELETE SET NULL,
            collection text NOT NULL,
            source text NOT NULL,
            path text NOT NULL,
            page integer NOT NULL,
            page_count integer NOT NULL,
            sha256 text,
            file_size bigint NOT NULL,
            format text,
            mode text NOT NULL,
            languages text NOT NULL,
            text text NOT NULL,
            indexed_text text,
            mean_confidence double precision,
            rotation integer,
            skew_angle double precision,
            warped boolean,
            timings text NOT NULL,
            warnings text NOT NULL,
            error_kind text,
            error_message text,
            keyword_string text NOT NULL,
            record text NOT NULL,
            archived_at timestamptz NOT NULL DEFAULT now(),
            search tsvector NOT NULL,
            UNIQUE (collection, source, page)
        );
        CREATE INDEX docscan_page_search ON docscan_page USING gin (search);
        CREATE INDEX docscan_page_path ON docscan_page (path text_pattern_ops);
        CREATE TABLE docscan_keyword (
            page_id bigint NOT NULL REFERENCES docscan_page(id) ON DELETE CASCADE,
            rank integer NOT NULL,
            keyword text NOT NULL,
            count integer NOT NULL,
            PRIMARY KEY (page_id, rank)
        );
        CREATE MATERIALIZED VIEW docscan_keyword_df AS
            SELECT p.collection, k.keyword, count(*)::integer AS pages
            FROM docscan_keyword k JOIN docscan_page p ON p.id = k.page_id
            WHERE p.error_kind IS NULL
            GROUP BY p.collection, k.keyword;
        CREATE UNIQUE INDEX docscan_keyword_df_key ON docscan_keyword_df (collection, keyword);
        CREATE MATERIALIZED VIEW docscan_collection_size AS
            SELECT collection, count(*)::integer AS pages FROM docscan_page WHERE error_kind IS NULL GROUP BY collection;
        CREATE UNIQUE INDEX docscan_collection_size_key ON docscan_collection_size (collection);
        """),
    ]

    /// The migrations `connection`'s database has had, nil when it has no docscan schema.
    static func applied(on connection: PostgresConnection) throws(PostgresError) -> [String]? {
        let exists = try connection.execute("SELECT to_regclass('docscan_migration') IS NOT NULL")
        guard exists.bool(0, 0) == true else { return nil }
        let rows = try connection.execute("SELECT name FROM docscan_migration ORDER BY name")
        return (0..<rows.rowCount).compactMap { rows.value($0, 0) }
    }

    /// Runs the migrations the database lacks, one session at a time.
    /// - Returns: the names of those this call ran.
    /// - Throws: `PostgresError`, or `SchemaError.newer` when the database has a migration this
    ///   docscan does not know.
    static func migrate(_ connection: PostgresConnection) throws -> [String] {
        try connection.transaction {
            try connection.execute("SELECT pg_advisory_xact_lock(\(migrationLock))")
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS docscan_migration (
                    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let done = Set(try applied(on: connection) ?? [])
            let known = Set(migrations.map(\.name))
            if let unknown = done.subtracting(known).sorted().first { throw SchemaError.newer(migration: unknown) }
            var ran: [String] = []
            for migration in migrations where !done.contains(migration.name) {
                try connection.execute(migration.sql)
                try connection.execute("INSERT INTO docscan_migration (name) VALUES ($1)", [migration.name])
                ran.append(migration.name)
            }
            return ran
        }
    }

    enum SchemaError: Error {
        case newer(migration: String)
    }
}
