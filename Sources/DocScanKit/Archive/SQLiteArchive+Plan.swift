import DocScanCore
import GRDB

extension SQLiteArchive {
    public func archivedPages(root: String) throws -> [ArchivedPageState] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT source, page, sha256, mode, languages, error_kind FROM page WHERE root = ?
                """, arguments: [root]).map { row in
                let languages: String = row["languages"], mode: String = row["mode"], errorKind: String? = row["error_kind"]
                return ArchivedPageState(
                    source: row["source"], page: row["page"], sha256: row["sha256"], mode: ScanMode(rawValue: mode),
                    languages: languages.split(separator: "+").map(String.init), failed: errorKind != nil)
            }
        }
    }
}
