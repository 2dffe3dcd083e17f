import DocScanCore
import DocScanKit
import DocScanNative
import DocScanTestSupport
import Foundation
import Testing

/// The PostgreSQL archive on a real server (`TemporaryPostgres`), against the SQLite archive: the same
/// pages, the same search answers, the same exports.
struct PostgreSQLArchiveTests {
    /// Pages' text and keywords (in ranked order), by file and page; each page once.
    private func contents(_ archive: any PageArchive) throws -> [String: String] {
        var pages: [String: String] = [:]
        try archive.forEachPage(.all) { page in
            let key = "\(page.record.source)#\(page.record.page)"
            #expect(pages[key] == nil, "\(key) archived twice")
            pages[key] = "\(page.record.text)\n\(page.record.keywords)"
        }
        return pages
    }

    private func found(_ archive: any PageArchive, _ query: String, folder: String? = nil, language: String? = nil) throws -> [String] {
        try archive.search(query, folder: folder, language: language, limit: 100).map { "\($0.source)#\($0.page)" }.sorted()
    }

    @Test func scansIntoPostgreSQLAndAnswersAsSQLiteDoes() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestSupport.copy(["en_invoice.png", "zh_lab_report.png", "de_brief.png", "zh_notice.png"], to: folder)
        let database = try TemporaryPostgres.database()
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng,deu,chi_sim"), jobs: 2)
        var request = ArchiveScan.Request(input: folder, configuration: configuration, archive: database)
        request.collection = "letters"
        let outcome = try ArchiveScan(request).run()
        #expect(outcome.exitStatus == .ok && outcome.plan?.pages.count == 4)
        #expect(outcome.outputs.first?.hasPrefix("postgresql://docscan@") == true)

        let postgres = try ArchiveLocation.open(database, create: false)
        #expect(postgres is PostgreSQLArchive)
        #expect(try postgres.pageCount() == 4)
        #expect(try postgres.roots(.all) == ["letters"])
        #expect(try postgres.pageCounts() == [RootPageCount(root: "letters", ok: 4, failed: 0)])
        var chosen: [String] = []
        try postgres.forEachPage(PageSelection(folder: folder.path, root: "letters", sources: ["de_brief.png", "zh_notice.png", "gone.png"])) {
            chosen.append($0.record.source)
        }
        #expect(chosen == ["de_brief.png", "zh_notice.png"])
        try postgres.forEachPage(PageSelection(root: "other")) { Issue.record("page of another collection: \($0.path)") }
        // Read again: every page is archived unchanged under the collection, nothing is read.
        let again = try ArchiveScan(request).run()
        #expect(again.plan?.pages.isEmpty == true && again.plan?.unchanged.count == 4)

        // The same pages in SQLite, through merge (PostgreSQL's export feeds SQLite's writer).
        let sqlitePath = try TestSupport.temporaryFolder().appendingPathComponent("copy.sqlite").path
        _ = try ArchiveMerge(sources: [database], destination: sqlitePath).run()
        let sqlite = try ArchiveLocation.open(sqlitePath, create: false)
        try postgres.finalize()
        #expect(try contents(postgres) == contents(sqlite))
        #expect(try contents(postgres).count == 4)
        // One page read by id ranks its keywords as the whole collection's read does, in both.
        for archive in [postgres, sqlite] {
            var pages: [ArchivedPage] = []
            try archive.forEachPage(.all) { pages.append($0) }
            for page in pages {
                var alone: [String]?
                try archive.forEachPage(PageSelection(id: page.id)) { alone = $0.record.keywords }
                #expect(alone == page.record.keywords, "\(page.record.source)")
            }
        }
        // Document frequencies and the distinctive keywords browse shows are the same in both.
        let words = try sqlite.frequentKeywords(root: "letters", maxShare: 1, limit: 100).map(\.keyword) + ["nowhere"]
        #expect(words.count == 101)
        let frequencies = try postgres.documentFrequencies(root: "letters", of: words)
        #expect(frequencies == (try sqlite.documentFrequencies(root: "letters", of: words)))
        #expect(frequencies.count == 100 && frequencies["nowhere"] == nil)
        let distinctive = DistinctiveKeywords(counts: try sqlite.pageCounts())
        #expect(try distinctive.keywords(of: "letters", in: postgres, limit: 20) == distinctive.keywords(of: "letters", in: sqlite, limit: 20))

        // Content, on PostgreSQL: words in any language, Chinese words whole, accents and case folded,
        // prefixes, every word required, filters.
        #expect(try found(postgres, "INVOICE") == ["en_invoice.png#1"])
        let invoice = try #require(try postgres.search("invoice").first)
        #expect(invoice.snippet.contains("[Invoice]") || invoice.snippet.contains("[INVOICE]"), "\(invoice.snippet)")
        #expect(invoice.keywords.first == "invoice" && invoice.root == "letters")
        #expect(try found(postgres, "蛋白质") == ["zh_lab_report.png#1"])
        #expect(try found(postgres, "蛋白质无机盐") == ["zh_lab_report.png#1"])
        #expect(try found(postgres, "蛋白").isEmpty)
        #expect(try found(postgres, "蛋白*") == ["zh_lab_report.png#1"])
        #expect(try found(postgres, "Großmann") == ["de_brief.png#1"])
        #expect(try found(postgres, "heiz*") == ["de_brief.png#1"])
        #expect(try found(postgres, "heizung invoice").isEmpty)
        #expect(try found(postgres, "heizung", folder: folder.path + "/de_brief.png") == ["de_brief.png#1"])
        #expect(try found(postgres, "heizung", folder: folder.path + "/de").isEmpty)
        #expect(try found(postgres, "heizung", language: "deu") == ["de_brief.png#1"])
        #expect(try found(postgres, "heizung", language: "fra").isEmpty)
        var inCollection = ArchiveQuery("heizung")
        inCollection.root = "letters"
        #expect(try postgres.search(inCollection).map(\.source) == ["de_brief.png"])
        inCollection.root = "other"
        #expect(try postgres.search(inCollection).isEmpty && sqlite.search(inCollection).isEmpty)
        #expect {
            try postgres.search("… --")
        } throws: { error in
            guard case .emptyQuery = error as? DocScanError else { return false }
            return true
        }

        // Parity: every keyword of every page, its first two characters as a prefix, and pairs.
        var queries = ["invoice", "Invoice number", "Straße", "e-mail", "2023", "INVOICE*", "蛋白质 脂肪"]
        try sqlite.forEachPage(.all) { page in
            for keyword in page.record.keywords.prefix(12) {
                queries += [keyword, String(keyword.prefix(2)) + "*", keyword + " " + (page.record.keywords.last ?? "")]
            }
        }
        #expect(queries.count > 100)
        for query in queries {
            #expect(try found(postgres, query) == found(sqlite, query), "\(query)")
        }
    }

    @Test func fourWritersMakeTheSchemaOnce() throws {
        let database = try TemporaryPostgres.database()
        let errors = Errors()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { _ = try PostgreSQLArchive(conninfo: database, create: true) } catch { errors.append("\(error)") }
        }
        #expect(errors.all.isEmpty, "\(errors.all)")
        let connection = try PostgresConnection(database)
        #expect(try connection.execute("SELECT count(*) FROM docscan_migration").int(0, 0) == 1)
    }

    @Test func aMissingNewerOrUnreachableArchiveIsRefused() throws {
        let database = try TemporaryPostgres.database()
        #expect {
            try ArchiveLocation.open(database, create: false)
        } throws: { error in
            guard case .archiveNotFound = error as? DocScanError else { return false }
            return true
        }
        _ = try ArchiveLocation.open(database, create: true)
        try PostgresConnection(database).execute("INSERT INTO docscan_migration (name) VALUES ('v999')")
        #expect {
            try ArchiveLocation.open(database, create: true)
        } throws: { error in
            guard case .archiveUnusable(_, let reason) = error as? DocScanError else { return false }
            return reason.contains("newer docscan")
        }
        let unreachable = "postgresql://docscan:hunter2@127.0.0.1:1/none"
        #expect {
            try ArchiveLocation.open(unreachable, create: false)
        } throws: { error in
            guard let error = error as? DocScanError, case .archiveUnusable(let location, let reason) = error else { return false }
            return error.exitStatus == .archiveError && !location.contains("hunter2") && reason.contains("Connection refused")
        }
        #expect(ArchiveLocation.displayName("host=db password='a b' dbname=x") == "host=db password=*** dbname=x")
        #expect(ArchiveLocation.isServer("host=db dbname=scans") && !ArchiveLocation.isServer("/tmp/host=db.sqlite"))
    }
}

/// Errors collected from concurrent work.
private final class Errors: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
