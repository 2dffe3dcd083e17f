import DocScanCore
import DocScanKit
import Foundation
import Testing

/// End-to-end runs of the real executable: exact exit statuses, records and messages.
struct ScanCommandTests {
    @Test func scansAFolderIntoRecordsOnStandardOutput() throws {
        let folder = try DocScanProcess.temporaryFolder()
        for name in ["en_letter.png", "zh_notice.png"] {
            try FileManager.default.copyItem(at: DocScanProcess.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let result = try DocScanProcess.run(["scan", folder.path, "--mode", "fast", "--lang", "chi_sim,eng", "--jobs", "2", "--no-archive"])
        #expect(result.status == ExitStatus.ok.rawValue, "\(result.stderr)")
        let records = try DocScanProcess.records(result.stdout)
        #expect(records.map { $0["source"] as? String } == ["en_letter.png", "zh_notice.png"])
        #expect(records.map { $0["languages"] as? [String] } == [["chi_sim", "eng"], ["chi_sim", "eng"]])
        let letter = try #require(records[0]["keywords"] as? [String])
        #expect(letter.contains("dental") && letter.contains("harbourside"))
        let notice = try #require(records[1]["text"] as? String)
        #expect(notice.contains("192.168.1.1"))
        #expect(result.stderr.contains("Scanned 2 of 2 pages"))
        #expect(result.stderr.contains("2 ok, 0 failed"))
    }

    @Test func badPagesGetErrorRecordsAndExitStatusThree() throws {
        let folder = try DocScanProcess.temporaryFolder()
        try FileManager.default.copyItem(
            at: DocScanProcess.fixtures.appendingPathComponent("en_invoice.png"), to: folder.appendingPathComponent("invoice.png"))
        try Data("<html>404</html>".utf8).write(to: folder.appendingPathComponent("error-page.png"))
        try Data("minutes of the meeting".utf8).write(to: folder.appendingPathComponent("readme.txt"))
        let output = folder.appendingPathComponent("records.jsonl")

        let result = try DocScanProcess.run(["scan", folder.path, "--mode", "fast", "--jsonl", output.path])
        #expect(result.status == ExitStatus.somePagesFailed.rawValue)
        #expect(result.stderr.contains("error-page.png: the content is not an image in any supported format [not_an_image]"))
        #expect(result.stderr.contains("1 ok, 1 failed"))
        #expect(result.stderr.contains("Skipped 1 non-image file (readme.txt)"))
        let records = try DocScanProcess.records(try String(contentsOf: output, encoding: .utf8))
        #expect(records.map { $0["source"] as? String } == ["error-page.png", "invoice.png"])
        #expect((records[0]["error"] as? [String: Any])?["kind"] as? String == "not_an_image")
        #expect((records[1]["keywords"] as? [String])?.contains("invoice") == true)
    }

    @Test func missingModelFailsBeforeAnyPageWithTheInstallCommand() throws {
        let output = try DocScanProcess.temporaryFolder().appendingPathComponent("records.jsonl")
        let result = try DocScanProcess.run(["scan", DocScanProcess.fixtures.path, "--lang", "eng,kat_old", "--jsonl", output.path])
        #expect(result.status == ExitStatus.missingDependency.rawValue)
        #expect(result.stderr.contains("no accurate-mode model for 'kat_old'"))
        #expect(result.stderr.contains("apt-get install tesseract-ocr-kat-old"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// The keyword resources are loaded by the worker processes, not the main one, yet a missing one still
    /// stops the run before any page is read or any output is made.
    @Test func missingJiebaDictionaryFailsBeforeAnyPage() throws {
        let folder = try DocScanProcess.temporaryFolder()
        let output = folder.appendingPathComponent("records.jsonl"), archive = folder.appendingPathComponent("archive.sqlite")
        let result = try DocScanProcess.run(
            ["scan", DocScanProcess.fixtures.path, "--mode", "fast", "--jsonl", output.path, "--archive", archive.path],
            environment: ["DOCSCAN_JIEBA_DICT": "/nonexistent/dict.txt"])
        #expect(result.status == ExitStatus.missingDependency.rawValue, "\(result.stderr)")
        #expect(result.stderr.contains("/nonexistent/dict.txt cannot be read; install python3-jieba (make setup) or set DOCSCAN_JIEBA_DICT"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: archive.path))
    }

    @Test func unknownLanguageIsABadArgument() throws {
        let result = try DocScanProcess.run(["scan", DocScanProcess.fixtures.path, "--lang", "klingon"])
        #expect(result.status == ExitStatus.badArguments.rawValue)
        #expect(result.stderr.contains("unknown language 'klingon'"))
    }

    @Test func missingInputIsAnInputError() throws {
        let result = try DocScanProcess.run(["scan", "/nonexistent/scans", "--mode", "fast"])
        #expect(result.status == ExitStatus.inputError.rawValue)
        #expect(result.stderr.contains("/nonexistent/scans: no such file or folder"))
    }

    @Test func folderWithoutImagesIsAnInputError() throws {
        let folder = try DocScanProcess.temporaryFolder()
        try Data("text".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = try DocScanProcess.run(["scan", folder.path, "--mode", "fast"])
        #expect(result.status == ExitStatus.inputError.rawValue)
        #expect(result.stderr.contains("no page images found"))
    }

    @Test func unwritableOutputFailsBeforeAnyPage() throws {
        let result = try DocScanProcess.run([
            "scan", DocScanProcess.fixtures.path, "--mode", "fast", "--jsonl", "/nonexistent/folder/records.jsonl",
        ])
        #expect(result.status == ExitStatus.outputNotWritable.rawValue)
        #expect(result.stderr.contains("/nonexistent/folder/records.jsonl: cannot write output: No such file or directory"))
    }

    @Test func badJobsIsABadArgument() throws {
        let result = try DocScanProcess.run(["scan", DocScanProcess.fixtures.path, "--jobs", "0"])
        #expect(result.status == ExitStatus.badArguments.rawValue)
        #expect(result.stderr.contains("--jobs must be at least 1"))
    }

    @Test func interruptWritesFinishedPagesAndExits130() throws {
        let folder = try DocScanProcess.folder(copies: 6, of: "en_letter.png")
        let output = folder.appendingPathComponent("records.jsonl")
        let process = try DocScanProcess.start(["scan", folder.path, "--mode", "fast", "--jobs", "1", "--jsonl", output.path, "--quiet"])
        // Wait for the first record, then interrupt: the page in progress finishes, no new one starts.
        DocScanProcess.waitForContent(of: output)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == ExitStatus.interrupted.rawValue)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let records = try DocScanProcess.records(text)
        #expect((1..<6).contains(records.count))
        #expect(records.allSatisfy { ($0["text"] as? String)?.contains("Harbourside") == true })
    }

    @Test func decompressionBombIsRefusedWithLittleMemory() throws {
        let bad = DocScanProcess.root.appendingPathComponent("Fixtures/bad")
        let result = try DocScanProcess.run(["scan", bad.path, "--mode", "fast", "--jobs", "2", "--jsonl", "/dev/null"])
        #expect(result.status == ExitStatus.somePagesFailed.rawValue)
        #expect(result.stderr.contains("bomb.png: 40000×40000 is 1600 megapixels, over the limit of 250 [too_large]"))
        // Decoding it would take 200 MB as 1-bit pixels and 1.6 GB as 8-bit; the engine alone is about 60 MB.
        // Pages are loaded in the worker processes; the main process loads none.
        let match = try #require(result.stderr.firstMatch(of: /peak memory (\d+) MB at once: main process (\d+) MB, each worker at most (\d+) MB/))
        let together = try #require(Int(match.1)), main = try #require(Int(match.2)), worker = try #require(Int(match.3))
        #expect(worker < 150, "a worker's peak memory \(worker) MB")
        #expect(main < 150, "the main process's peak memory \(main) MB")
        // What they held at once: at least one process's peak, at most every process's peak added.
        #expect(together >= max(main, worker) && together <= main + 2 * worker, "together \(together) MB")
    }

    @Test func pixelCapIsAnOption() throws {
        let page = DocScanProcess.fixtures.appendingPathComponent("en_letter.png")
        let result = try DocScanProcess.run(["scan", page.path, "--mode", "fast", "--max-megapixels", "2", "--quiet"])
        #expect(result.status == ExitStatus.somePagesFailed.rawValue)
        #expect(result.stderr.contains("en_letter.png: 1653×2339 is 3 megapixels, over the limit of 2 [too_large]"))
    }

    /// Fast mode turns pages upright as accurate mode does, unless told not to.
    @Test func fastModeTurnsPagesUnlessToldNotTo() throws {
        let page = DocScanProcess.root.appendingPathComponent("Fixtures/orientation/en_letter_rot180.png")
        for (flag, applied) in [([String](), true), (["--no-detect-orientation"], false)] {
            let result = try DocScanProcess.run(["scan", page.path, "--mode", "fast", "--quiet", "--jsonl", "-"] + flag)
            #expect(result.status == ExitStatus.ok.rawValue)
            let record = try #require(try DocScanProcess.records(result.stdout).first)
            let orientation = try #require(record["orientation"] as? [String: Any])
            #expect(orientation["applied"] as? Bool == applied)
            #expect((record["text"] as? String)?.contains("Harbourside Dental Practice") == applied)
        }
        let accurateOff = try DocScanProcess.run(["scan", page.path, "--no-detect-orientation", "--quiet", "--jsonl", "-"])
        let record = try #require(try DocScanProcess.records(accurateOff.stdout).first)
        #expect((record["orientation"] as? [String: Any])?["detected"] as? Bool == false)
    }

    @Test func debugImagesShowEachStep() throws {
        let folder = try DocScanProcess.temporaryFolder()
        let page = DocScanProcess.root.appendingPathComponent("Fixtures/orientation/en_letter_rot90.png")
        let result = try DocScanProcess.run(["scan", page.path, "--debug-images", folder.path, "--jsonl", "/dev/null", "--quiet"])
        #expect(result.status == ExitStatus.ok.rawValue)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // The curl model's lines are drawn whether or not the page needed straightening (this one did not).
        // Listed in step order.
        #expect(files == [
            "en_letter_rot90.png-01-upright.png", "en_letter_rot90.png-02-curl_lines.png",
            "en_letter_rot90.png-90-cleaned.png", "en_letter_rot90.png-91-layout.png",
        ])
        // The layout image is the page Tesseract read, in colour, with its lines drawn on it.
        let layout = try Data(contentsOf: folder.appendingPathComponent(files[3]))
        let cleaned = try Data(contentsOf: folder.appendingPathComponent(files[2]))
        #expect(layout[16..<24] == cleaned[16..<24])
        #expect(layout[25] == 2 && cleaned[25] == 0)  // PNG colour type: RGB against grey
        // The upright image is the page turned back: portrait, as the original letter.
        let upright = try Data(contentsOf: folder.appendingPathComponent(files[0]))
        let width = upright[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = upright[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1240 && height == 1754)
    }

    @Test func helpTeachesTheExitStatuses() throws {
        let result = try DocScanProcess.run(["--help"])
        #expect(result.status == 0)
        // Each status on its own line of the table: its number, then its meaning.
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for status in ExitStatus.allCases {
            let row = lines.first { $0.hasPrefix("\(status.rawValue) ") }
            #expect(row.map { $0.dropFirst("\(status.rawValue)".count).trimmingCharacters(in: .whitespaces) } == status.meaning,
                    "no line '\(status.rawValue)  \(status.meaning)' in --help")
        }
        let scanHelp = try DocScanProcess.run(["scan", "--help"])
        #expect(scanHelp.stdout.contains("--mode") && scanHelp.stdout.contains("--lang") && scanHelp.stdout.contains("zh-Hans"))
    }

    @Test func versionIsPrintedAlone() throws {
        let result = try DocScanProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == DocScanVersion.current + "\n")
        #expect(DocScanVersion.current.split(separator: ".").count == 3)
    }

    @Test func aPageOverTheTimeLimitFailsAndTheNextPageIsRead() throws {
        let folder = try DocScanProcess.temporaryFolder()
        // Named so that the big page comes first and the one worker must go on after it.
        try FileManager.default.copyItem(
            at: DocScanProcess.fixtures.appendingPathComponent("en_letter.png"), to: folder.appendingPathComponent("a_letter.png"))
        try FileManager.default.copyItem(
            at: DocScanProcess.root.appendingPathComponent("Fixtures/timing/invoice_heading.png"), to: folder.appendingPathComponent("b_heading.png"))
        // The limit falls in the letter's reading (930–1,500 ms in a debug build) and leaves loading it
        // (20 ms) well inside it. The page is not cleaned up: its clean-up grew to 450–540 ms in a debug
        // build (page finding, specks, rules), and when the whole suite loaded both cores it used up the
        // limit before reading began.
        let result = try DocScanProcess.run([
            "scan", folder.path, "--no-detect-orientation", "--no-cleanup", "--jobs", "1", "--page-timeout", "0.6",
            "--no-archive", "--jsonl", "-",
        ])
        #expect(result.status == ExitStatus.somePagesFailed.rawValue, "\(result.stderr)")
        // Tesseract's monitor stops the reading; when the limit falls just before the engine starts reading,
        // the engine refuses to start.
        #expect(["recognition", "reading"].contains {
            result.stderr.contains("a_letter.png: \($0) went past the page time limit of 0.6 s (--page-timeout) [timed_out]")
        }, "\(result.stderr)")
        let records = try DocScanProcess.records(result.stdout)
        #expect(records.count == 2)
        let letter = try #require(records.first { $0["source"] as? String == "a_letter.png" })
        #expect((letter["error"] as? [String: Any])?["kind"] as? String == "timed_out")
        #expect(letter["text"] as? String == "")
        // Stopped, not run to its end (930–1,500 ms): its CPU time, which a loaded machine does not
        // stretch as it stretches the wall time.
        let recognize = try #require((letter["cpu_ms"] as? [String: Any])?["recognize"] as? Double)
        #expect(recognize < 900, "recognition used \(recognize) ms of CPU under a 600 ms limit")
        let heading = try #require(records.first { $0["source"] as? String == "b_heading.png" })
        #expect(heading["error"] is NSNull)
        #expect((heading["text"] as? String)?.contains("Northfield Hardware") == true)

        let bad = try DocScanProcess.run(["scan", folder.path, "--page-timeout", "-1"])
        #expect(bad.status == ExitStatus.badArguments.rawValue)
    }

    @Test func symbolicLinksStayInsideTheScannedFolderUnlessAsked() throws {
        let base = try DocScanProcess.temporaryFolder()
        let folder = base.appendingPathComponent("scans"), elsewhere = base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let heading = DocScanProcess.root.appendingPathComponent("Fixtures/timing/invoice_heading.png")
        try FileManager.default.copyItem(at: heading, to: folder.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: heading, to: elsewhere.appendingPathComponent("secret.png"))
        let links = FileManager.default
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("inside.png").path, withDestinationPath: "a.png")
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("outside.png").path, withDestinationPath: elsewhere.appendingPathComponent("secret.png").path)
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("broken.png").path, withDestinationPath: "missing.png")
        try links.createSymbolicLink(atPath: folder.appendingPathComponent("loop.png").path, withDestinationPath: "loop.png")

        let scan = ["scan", folder.path, "--mode", "fast", "--no-archive", "--jsonl", "-"]
        let result = try DocScanProcess.run(scan)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try DocScanProcess.records(result.stdout).map { $0["source"] as? String } == ["a.png", "inside.png"])
        #expect(result.stderr.contains("warning: outside.png: a symbolic link out of the scanned folder, to \(elsewhere.path)/secret.png; not followed"))
        #expect(result.stderr.contains("warning: broken.png: a symbolic link to nothing"))
        #expect(result.stderr.contains("warning: loop.png: a symbolic link to nothing"))
        // The run's summary names them again, after a long run has scrolled the warnings away.
        #expect(result.stderr.contains("Not read: 3 entries named in the warnings above (broken.png, loop.png, outside.png)."))

        let followed = try DocScanProcess.run(scan + ["--follow-symlinks"])
        #expect(followed.status == 0)
        let records = try DocScanProcess.records(followed.stdout)
        #expect(records.map { $0["source"] as? String } == ["a.png", "inside.png", "outside.png"])
        #expect((records.last?["text"] as? String)?.contains("Northfield Hardware") == true)
    }
}
