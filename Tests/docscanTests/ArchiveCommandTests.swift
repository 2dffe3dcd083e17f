import DocScanCore
import DocScanKit
import Foundation
import Testing

/// The archive through the real executable: scan, re-scan, search, export, two runs at once, SIGKILL.
struct ArchiveCommandTests {
    /// A folder of copies of fixture pages, each a distinct file.
    private func folder(_ names: [String]) throws -> URL {
        let folder = try DocScanProcess.temporaryFolder().appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, name) in names.enumerated() {
            try FileManager.default.copyItem(
                at: DocScanProcess.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent("p\(index)-\(name)"))
        }
        return folder
    }

    private func archivePath() throws -> String {
        try DocScanProcess.temporaryFolder().appendingPathComponent("archive.sqlite").path
    }

    /// A Chinese query needs jieba's dictionary to be cut into words; without it the search says so
    /// (status 4), rather than that the query has no word. Queries without Chinese need no dictionary.
    @Test func aChineseSearchWithoutJiebasDictionaryNamesTheMissingDictionary() throws {
        let archive = try archivePath()
        _ = try SQLiteArchive(path: archive, create: true)
        let missing = ["DOCSCAN_JIEBA_DICT": "/nonexistent/dict.txt"]
        let chinese = try DocScanProcess.run(["search", "蛋白质", "--archive", archive], environment: missing)
        #expect(chinese.status == ExitStatus.missingDependency.rawValue, "\(chinese.stderr)")
        #expect(chinese.stderr.contains("jieba dictionary is missing"), "\(chinese.stderr)")
        #expect(chinese.stderr.contains("/nonexistent/dict.txt"))
        #expect(!chinese.stderr.contains("no word to search for"))
        let english = try DocScanProcess.run(["search", "invoice", "--archive", archive], environment: missing)
        #expect(english.status == ExitStatus.ok.rawValue, "\(english.stderr)")
        #expect(english.stderr.contains("no page matches 'invoice'"))
    }

    @Test func scanSearchAndScanAgain() throws {
        let pages = try folder(["en_invoice.png", "zh_lab_report.png"])
        let archive = try archivePath()
        let scan = ["scan", pages.path, "--mode", "fast", "--lang", "eng,chi_sim", "--archive", archive]
        let first = try DocScanProcess.run(scan)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.isEmpty)
        #expect(first.stderr.contains("Scanned 2 of 2 pages"))
        #expect(first.stderr.contains("Records: \(archive)"))

        let search = try DocScanProcess.run(["search", "蛋白质", "--archive", archive])
        #expect(search.status == 0)
        #expect(search.stdout.hasPrefix("1. \(pages.path)/p1-zh_lab_report.png"))
        #expect(search.stdout.contains("[蛋白质]"))
        let json = try DocScanProcess.run(["search", "northfield", "hardware", "--archive", archive, "--json"])
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(hits.count == 1)
        #expect(hits.first?["source"] as? String == "p0-en_invoice.png")
        #expect((hits.first?["snippet"] as? String)?.contains("<mark>Northfield</mark>") == true)
        #expect((hits.first?["keywords"] as? [String])?.contains("invoice") == true)
        let none = try DocScanProcess.run(["search", "zebra", "--archive", archive, "--json"])
        #expect(none.status == 0 && none.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]")

        let again = try DocScanProcess.run(scan)
        #expect(again.status == 0)
        #expect(again.stderr.contains("Scanned 0 of 0 pages"))
        #expect(again.stderr.contains("Unchanged: 2 pages already archived"))
        let forced = try DocScanProcess.run(scan + ["--force", "--quiet"])
        #expect(forced.status == 0)
        let count = try SQLiteArchive(path: archive, create: false).pageCount()
        #expect(count == 2)
    }

    @Test func goneFilesAreNamedAndPrunedOnlyWhenAsked() throws {
        let pages = try folder(["en_invoice.png", "de_brief.png"])
        let archive = try archivePath()
        let scan = ["scan", pages.path, "--mode", "fast", "--lang", "eng,deu", "--archive", archive]
        #expect(try DocScanProcess.run(scan + ["--quiet"]).status == 0)
        try FileManager.default.removeItem(at: pages.appendingPathComponent("p1-de_brief.png"))
        let named = try DocScanProcess.run(scan)
        #expect(named.status == 0)
        #expect(named.stderr.contains("Gone: 1 file archived from this folder no longer there (p1-de_brief.png); --prune removes their pages."))
        #expect(try SQLiteArchive(path: archive, create: false).pageCount() == 2)
        let pruned = try DocScanProcess.run(scan + ["--prune"])
        #expect(pruned.stderr.contains("removed their 1 page from the archive"))
        #expect(try SQLiteArchive(path: archive, create: false).pageCount() == 1)
        #expect(try DocScanProcess.run(["search", "heizung", "--archive", archive]).stdout.isEmpty)
    }

    @Test func aSecondScanWaitsForTheFirstOrFailsAtOnce() throws {
        let pages = try folder(["en_invoice.png"])
        let archive = try archivePath()
        let scan = ["scan", pages.path, "--mode", "fast", "--archive", archive]
        var lock: RunLock? = try RunLock(archivePath: archive, wait: false)
        let busy = try DocScanProcess.run(scan + ["--no-wait"])
        #expect(busy.status == ExitStatus.archiveError.rawValue)
        #expect(busy.stderr.contains("\(archive): another docscan scan is writing to this archive"))

        let process = Process()
        process.executableURL = DocScanProcess.executable
        process.arguments = scan
        process.environment = DocScanProcess.environment()
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        sleep(2)
        #expect(process.isRunning)
        withExtendedLifetime(lock) {}
        lock = nil
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("waiting for it to finish"))
        #expect(stderr.contains("Scanned 1 of 1 pages"))
    }

    @Test(arguments: [0.8, 2.0, 3.5])
    func aScanKilledAnywhereResumesWithExactlyTheMissingPages(after seconds: Double) throws {
        let names = ["en_letter.png", "en_invoice.png", "de_brief.png", "zh_notice.png", "en_letter_150dpi.png", "zh_lab_report.png"]
        let pages = try folder(names)
        let archive = try archivePath()
        let scan = ["scan", pages.path, "--mode", "fast", "--jobs", "2", "--lang", "eng,deu,chi_sim", "--archive", archive]
        let process = try DocScanProcess.start(scan + ["--quiet"])
        usleep(useconds_t(seconds * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        var before = 0
        if FileManager.default.fileExists(atPath: archive) {
            let survived = try SQLiteArchive(path: archive, create: false)
            #expect(try survived.integrityCheck() == "ok")
            before = try survived.pageCount()
        }
        let resumed = try DocScanProcess.run(scan)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("Scanned \(names.count - before) of \(names.count - before) pages"))
        if before > 0 { #expect(resumed.stderr.contains("Unchanged: \(before) page")) }
        let final = try SQLiteArchive(path: archive, create: false)
        #expect(try final.pageCount() == names.count)
        #expect(try final.integrityCheck() == "ok")
    }

    @Test func exportsThroughTheCommandLine() throws {
        let pages = try folder(["en_invoice.png"])
        let archive = try archivePath()
        #expect(try DocScanProcess.run(["scan", pages.path, "--mode", "fast", "--archive", archive, "--quiet"]).status == 0)
        let csv = try DocScanProcess.run(["export", "--format", "csv", "--archive", archive])
        #expect(csv.status == 0)
        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows[0] == "root,source,page,keywords")
        #expect(rows[1].hasPrefix("\(pages.path),p0-en_invoice.png,1,invoice "))
        let jsonl = try DocScanProcess.run(["export", "--archive", archive])
        let record = try #require(try DocScanProcess.records(jsonl.stdout).first)
        #expect((record["text"] as? String)?.contains("Northfield Hardware") == true)
        #expect(record["schema"] as? Int == PageRecord.currentSchema)

        let pdfFolder = try DocScanProcess.temporaryFolder()
        let pdf = try DocScanProcess.run(["export", "--format", "pdf", "--output", pdfFolder.path, "--archive", archive])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stderr.contains("Exported 1 page in 1 file as pdf"))
        let text = Process()
        text.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        text.arguments = [pdfFolder.appendingPathComponent("p0-en_invoice.png.pdf").path, "-"]
        let pipe = Pipe()
        text.standardOutput = pipe
        try text.run()
        let layer = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        text.waitUntilExit()
        #expect(layer.contains("Northfield") && layer.contains("Pemberton"))

        let noFolder = try DocScanProcess.run(["export", "--format", "text", "--archive", archive])
        #expect(noFolder.status == ExitStatus.badArguments.rawValue)
        let missing = try DocScanProcess.run(["export", "--archive", "/nonexistent/archive.sqlite"])
        #expect(missing.status == ExitStatus.inputError.rawValue)
        #expect(missing.stderr.contains("/nonexistent/archive.sqlite: no archive there"))
        let emptyQuery = try DocScanProcess.run(["search", "--archive", archive, "--", "--", "…"])
        #expect(emptyQuery.status == ExitStatus.badArguments.rawValue)
    }
}
