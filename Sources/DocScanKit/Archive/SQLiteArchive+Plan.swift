import DocScanCore
import GRDB

extension SQLiteArchive {
    public func archivedPages(root: String, sources: Set<String>?) throws -> [ArchivedPageState] {
        try read { db in
            let select = "SELECT source, page, sha256, mode, languages, error_kind FROM page WHERE root = ?"
            guard let sources else {
                return try Row.fetchAll(db, sql: select, arguments: [root]).map(Self.state)
            }
            // In slices, under SQLite's limit on bound values; a shard's files, not the whole root.
            var states: [ArchivedPageState] = []
            let sorted = sources.sorted()
            for start in stride(from: 0, to: sorted.count, by: 500) {
                let slice = sorted[start..<min(start + 500, sorted.count)]
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                states += try Row.fetchAll(
                    db, sql: select + " AND source IN (\(marks))",
                    arguments: StatementArguments([root] + slice.map { $0 as (any DatabaseValueConvertible) })
                ).map(Self.state)
            }
            return states
        }
    }

    private static func state(_ row: Row) -> ArchivedPageState {
        let languages: String = row["languages"], mode: String = row["mode"], errorKind: String? = row["error_kind"]
        return ArchivedPageState(
            source: row["source"], page: row["page"], sha256: row["sha256"], mode: ScanMode(rawValue: mode),
            languages: languages.split(separator: "+").map(String.init), failed: errorKind != nil)
    }
}
