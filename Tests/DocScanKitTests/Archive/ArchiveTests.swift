import DocScanCore
import DocScanKeywords
import DocScanKit
@testable import DocScanNative
import Foundation
import GRDB
import Testing

/// The archive with real scans of the fixtures: writing, re-scan planning, search, export.
@Suite(.serialized) struct ArchiveTests {
    /// Scans `folder` into `archive` in fast mode through the library's use case, as `docscan scan`
    /// does; returns the plan used.
    @discardableResult
    private func scan(_ folder: URL, into archive: SQLiteArchive, languages: String = "eng,deu,chi_sim", force: Bool = false) throws -> ScanPlan {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: languages), jobs: 2)
        var request = ArchiveScan.Request(input: folder, configuration: configuration, archive: archive.path)
        request.force = force
        let outcome = try ArchiveScan(request).run()
        #expect(outcome.exitStatus == .ok)
        return try #require(outcome.plan)
    }

    private func folder(with names: [String]) throws -> URL {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestSupport.copy(names, to: folder)
        return folder
    }

    private func newArchive() throws -> SQLiteArchive {
        try SQLiteArchive(path: TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path, create: true)
    }

    @Test func scannedPagesAreFoundByWordsInAnyLanguage() throws {
        let folder = try folder(with: ["en_invoice.png", "zh_lab_report.png", "de_brief.png"])
        let archive = try newArchive()
        try scan(folder, into: archive)
        #expect(try archive.pageCount() == 3)
        #expect(try archive.integrityCheck() == "ok")
        let search = archive

        let invoice = try search.search("INVOICE")
        #expect(invoice.map(\.source) == ["en_invoice.png"])
        #expect(invoice.first?.snippet.contains("[Invoice]") == true)
        #expect(invoice.first?.keywords.first == "invoice")
        // Chinese words are found whole, and inside longer runs only where jieba cut them out.
        #expect(try search.search("蛋白质").map(\.source) == ["zh_lab_report.png"])
        #expect(try search.search("蛋白质无机盐").map(\.source) == ["zh_lab_report.png"])
        #expect(try search.search("脂肪").map(\.source) == ["zh_lab_report.png"])
        #expect(try search.search("蛋白").isEmpty)
        // Every word must match; accents and case fold; a trailing * is a prefix.
        #expect(try search.search("heizung invoice").isEmpty)
        #expect(try search.search("heizung").map(\.source) == ["de_brief.png"])
        #expect(try search.search("GROSSMANN").isEmpty)
        #expect(try search.search("grossm*").isEmpty)
        #expect(try search.search("Großmann").map(\.source) == ["de_brief.png"])
        #expect(try search.search("Heiz*").map(\.source) == ["de_brief.png"])
        // Filters.
        #expect(try search.search("heizung", folder: folder.path + "/de_brief.png").count == 1)
        #expect(try search.search("heizung", folder: folder.path + "/en").isEmpty)
        #expect(try search.search("heizung", language: "deu").count == 1)
        #expect(try search.search("heizung", language: "fra").isEmpty)
        #expect {
            try search.search("… --")
        } throws: { error in
            guard case .emptyQuery = error as? DocScanError else { return false }
            return true
        }
    }

    @Test func rescanReadsOnlyNewAndChangedFilesAndNamesGoneOnes() throws {
        let folder = try folder(with: ["en_invoice.png", "en_letter.png", "de_brief.png"])
        let archive = try newArchive()
        let first = try scan(folder, into: archive)
        #expect(first.pages.count == 3 && first.unchanged.isEmpty)

        let again = try scan(folder, into: archive)
        #expect(again.pages.isEmpty)
        #expect(again.unchanged.map(\.relativePath) == ["de_brief.png", "en_invoice.png", "en_letter.png"])
        // Another language list is another reading.
        #expect(try ScanPlan(archive: archive, listing: PageSource(root: folder).list().pages, root: ArchiveLocation.root(of: folder),
                             mode: .fast, languages: LanguageList(parsing: "eng"), force: false).pages.count == 3)

        // en_letter.png now holds the German letter; de_brief.png is gone.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("en_letter.png"))
        try FileManager.default.copyItem(at: TestSupport.fixture("de_brief.png"), to: folder.appendingPathComponent("en_letter.png"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("de_brief.png"))
        let changed = try scan(folder, into: archive)
        #expect(changed.pages.map(\.relativePath) == ["en_letter.png"])
        #expect(changed.unchanged.map(\.relativePath) == ["en_invoice.png"])
        #expect(changed.gone == ["de_brief.png"])
        #expect(try archive.pageCount() == 3)
        let heizung = try archive.search("heizung").map(\.source)
        #expect(heizung == ["de_brief.png", "en_letter.png"])
        #expect(try archive.search("harbourside").isEmpty)

        let run = try archive.beginRun(root: ArchiveLocation.root(of: folder), folder: ArchiveLocation.root(of: folder), mode: .fast, languages: LanguageList(parsing: "eng"))
        #expect(try run.prune(changed.gone) == 1)
        #expect(try archive.pageCount() == 2)
        #expect(try archive.search("heizung").map(\.source) == ["en_letter.png"])
        #expect(try archive.integrityCheck() == "ok")
        // The stored document frequencies still count exactly the pages that have each keyword.
        try DatabaseQueue(path: archive.path).read { db in
            let counted = try Row.fetchAll(db, sql: """
                SELECT page.root, keyword.keyword, COUNT(*) AS pages FROM keyword JOIN page ON page.id = keyword.page_id
                GROUP BY page.root, keyword.keyword ORDER BY 1, 2
                """).map { "\($0["root"] as String) \($0["keyword"] as String) \($0["pages"] as Int)" }
            let stored = try Row.fetchAll(db, sql: "SELECT root, keyword, pages FROM keyword_df ORDER BY 1, 2")
                .map { "\($0["root"] as String) \($0["keyword"] as String) \($0["pages"] as Int)" }
            #expect(counted.count > 100)
            #expect(stored == counted)
        }
    }

    @Test func aFileWithFewerPagesLeavesNoStalePages() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("letters.tif")
        try FileManager.default.copyItem(at: TestSupport.special("formats/letters.tif"), to: target)
        let archive = try newArchive()
        try scan(folder, into: archive)
        let pages = try PageSource(root: folder).list().pages.count
        #expect(pages > 1)
        #expect(try archive.pageCount() == pages)
        // The same name now holds a one-page TIFF.
        try FileManager.default.removeItem(at: target)
        let page = try #require(PixImage(reading: TestSupport.fixture("en_invoice.png").path))
        #expect(page.writeTIFF(to: target.path))
        try scan(folder, into: archive)
        #expect(try archive.pageCount() == 1)
    }

    @Test func exportsRecordsTablesAndSidecarText() throws {
        let folder = try folder(with: ["en_invoice.png", "zh_notice.png"])
        let archive = try newArchive()
        try scan(folder, into: archive)
        let out = try TestSupport.temporaryFolder()
        let exporter = ArchiveExporter(archive: archive)

        let jsonl = out.appendingPathComponent("pages.jsonl").path
        #expect(try exporter.export(.jsonl, to: jsonl).pages == 2)
        let records = try RecordReader.read(path: jsonl)
        #expect(records.map(\.source) == ["en_invoice.png", "zh_notice.png"])
        #expect(records[0].text.contains("Northfield Hardware"))
        #expect(records[0].keywordString == records[0].keywords.joined(separator: " "))

        let csv = out.appendingPathComponent("pages.csv").path
        #expect(try exporter.export(.csv, to: csv).pages == 2)
        let rows = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(rows[0] == "root,source,page,keywords")
        #expect(rows[1] == "\(ArchiveLocation.root(of: folder)),en_invoice.png,1,\(records[0].keywordString)")

        let text = out.appendingPathComponent("text")
        let report = try exporter.export(.text, to: text.path)
        #expect(report.files == 2)
        let sidecar = try String(contentsOf: text.appendingPathComponent("zh_notice.png.txt"), encoding: .utf8)
        #expect(sidecar == records[1].text + "\n")
        // Nothing but the outputs was left behind (temporary files are renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["pages.csv", "pages.jsonl", "text"])
    }

    @Test func anArchiveFromANewerDocscanOrNotAnArchiveIsRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("archive.sqlite").path
        _ = try SQLiteArchive(path: path, create: true)
        // A later docscan's migration, recorded the way GRDB records them.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
        }
        #expect {
            try SQLiteArchive(path: path, create: false)
        } throws: { error in
            guard case .archiveUnusable(_, let reason) = error as? DocScanError else { return false }
            return reason.contains("newer docscan")
        }
        let junk = folder.appendingPathComponent("junk.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: junk)
        #expect {
            try SQLiteArchive(path: junk.path, create: false)
        } throws: { error in
            guard case .archiveUnusable = error as? DocScanError else { return false }
            return true
        }
        #expect {
            try SQLiteArchive(path: folder.appendingPathComponent("none.sqlite").path, create: false)
        } throws: { error in
            guard case .archiveNotFound = error as? DocScanError else { return false }
            return true
        }
    }

    /// `docscan serve` reads an archive of an earlier docscan without changing it; a writing command
    /// brings it up to date, and the page counts then come from the index alone.
    @Test func aReaderLeavesAnOlderSchemaAsItIsAndAWriterUpgradesIt() throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("archive.sqlite").path
        _ = try SQLiteArchive(path: path, create: true)
        // As the previous docscan left it: schema v1 only.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DROP INDEX page_by_root_error; DELETE FROM grdb_migrations WHERE identifier = 'v2'")
        }
        func schema() throws -> (migrations: [String], indexes: [String]) {
            try DatabaseQueue(path: path).read { db in
                (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
                 try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'page' AND sql IS NOT NULL ORDER BY name"))
            }
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let reader = try SQLiteArchive(path: path, create: false, upgrade: false)
            #expect(try reader.pageCounts().isEmpty)
            #expect(try reader.search(ArchiveQuery("invoice")).isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the reader changed the file")
        #expect(try schema().migrations == ["v1"])
        #expect(try !schema().indexes.contains("page_by_root_error"))

        // A database with no docscan tables is refused by a reader, and left without them.
        let foreign = folder.appendingPathComponent("foreign.sqlite").path
        try DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        #expect {
            try SQLiteArchive(path: foreign, create: false, upgrade: false)
        } throws: { error in
            guard case .archiveUnusable(_, let reason) = error as? DocScanError else { return false }
            return reason.contains("not a docscan archive")
        }
        #expect(try DatabaseQueue(path: foreign).read { db in try db.tableExists("page") } == false)

        _ = try SQLiteArchive(path: path, create: false)
        #expect(try schema().migrations == ["v1", "v2"])
        let plans = try DatabaseQueue(path: path).read { db in
            try [
                "SELECT root, count(*) - count(error_kind) AS ok, count(error_kind) AS failed FROM page GROUP BY root ORDER BY root",
                "SELECT COUNT(*) FROM page WHERE root = 'r' AND error_kind IS NULL",
            ].map { sql in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ") }
        }
        #expect(plans.allSatisfy { $0.contains("COVERING INDEX page_by_root_error") }, "\(plans)")
    }

    @Test func indexTextSeparatesChineseWords() throws {
        let segmenter = try TextSegmenter.standard()
        #expect(try IndexText.indexed("蛋白质和无机盐处于正常水平。Total 41.50", segmenter: segmenter, isWord: { _ in true }) == "蛋白质 和 无机盐 处于 正常 水平。Total 41.50")
        #expect(try IndexText.match(for: "invoi* \"total\"") == "\"invoi\"* \"total\"")
        #expect(try IndexText.match(for: "蛋白质无机盐") == "\"蛋白质\" \"无机盐\"")
    }
}
