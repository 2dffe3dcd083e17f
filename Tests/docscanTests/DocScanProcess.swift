import DocScanCore
import DocScanKit
import Foundation

/// Runs the real `docscan` executable built next to the tests, capturing its output and exit status.
struct DocScanProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = root.appendingPathComponent("Fixtures/pages")

    /// The executable in the same build folder as the running test bundle.
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("docscan")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/docscan")
    }

    /// The test's environment with a fresh archive path, so no test touches the user's archive or
    /// finds another test's pages in it; `environment` overrides.
    static func environment(_ environment: [String: String] = [:]) -> [String: String] {
        let archive = scratch.appendingPathComponent("docscan-archive-\(UUID().uuidString).sqlite").path
        return ProcessInfo.processInfo.environment.merging(["DOCSCAN_ARCHIVE": archive]) { $1 }.merging(environment) { $1 }
    }

    /// Runs docscan with `arguments`; `command` (a program and its arguments, ending with docscan's
    /// path) runs it through another program, such as setpriv to drop privileges; `directory` is its
    /// working directory.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], command: [String] = [], directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        process.executableURL = command.first.map { URL(fileURLWithPath: $0) } ?? executable
        process.arguments = Array(command.dropFirst()) + arguments
        process.environment = Self.environment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let stdoutData = ReadBox(), stderrData = ReadBox()
        let group = DispatchGroup()
        for (pipe, box) in [(out, stdoutData), (err, stderrData)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData.data, as: UTF8.self),
            stderr: String(decoding: stderrData.data, as: UTF8.self))
    }

    /// Starts the executable without waiting for it, in a test environment, its standard error discarded:
    /// for tests that interrupt, kill or race a run.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment()
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A new folder holding `count` copies of the fixture page `name`, as `p0.png`, `p1.png`, …
    static func folder(copies count: Int, of name: String) throws -> URL {
        let folder = try temporaryFolder()
        for index in 0..<count {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent("p\(index).png"))
        }
        return folder
    }

    /// Waits until `file` has content (the first record of a run), at most `seconds`.
    /// Nine pages in three boxes for array-job tests: three fixtures, three copies each, box-K holding
    /// copies of fixture K.
    static func boxedFolder() throws -> URL {
        let folder = try temporaryFolder().appendingPathComponent("scans")
        let names = ["en_invoice.png", "en_letter_150dpi.png", "de_brief.png"]
        for index in 0..<9 {
            let box = folder.appendingPathComponent("box-\(index % 3)")
            try FileManager.default.createDirectory(at: box, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(names[index % 3]), to: box.appendingPathComponent("p\(index).png"))
        }
        return folder
    }

    /// Kills `process` with SIGKILL once `written()` counts a page (within two minutes), and waits for it.
    /// - Returns: whether it was still running when killed, rather than done before its first page counted.
    static func killAfterFirstPage(_ process: Process, written: () -> Int) -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning, written() == 0 { usleep(20_000) }
        let killedEarly = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return killedEarly
    }

    static func waitForContent(of file: URL, seconds: Double = 60) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, ((try? Data(contentsOf: file))?.count ?? 0) == 0 { usleep(20_000) }
    }

    /// Written by one reader thread, read after `group.wait()`.
    private final class ReadBox: @unchecked Sendable {
        var data = Data()
    }

    /// This test process's scratch folder, where every test folder and archive goes; the folders of
    /// earlier test processes are removed, so test runs do not pile up folders in /tmp.
    static let scratch = (try? AbandonedFolders.folderOfThisProcess(
        prefix: "docscan-tests-", in: FileManager.default.temporaryDirectory)) ?? FileManager.default.temporaryDirectory

    static func temporaryFolder() throws -> URL {
        let url = scratch.appendingPathComponent("docscan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of docscan laid out as installed (`bin/docscan`, the stop words in `share/docscan/stopwords`)
    /// in a new folder under /tmp that every user may enter and read, for a run as another user. That user
    /// may be unable to enter the clone (one in /root or in a `mktemp -d` folder is 0700), and then could
    /// neither start workers from the build folder's executable nor read the source tree's stop words.
    /// /tmp itself, not `$TMPDIR`, which may be private too. The caller removes `folder`; a folder left
    /// by a killed test process goes when the next one starts.
    /// - Throws: the error making the folder or copying into it.
    static func copyForAllUsers() throws -> (folder: URL, executable: URL) {
        let parent = try AbandonedFolders.folderOfThisProcess(
            prefix: "docscan-tests-all-users-", in: URL(fileURLWithPath: "/tmp"))
        let folder = parent.appendingPathComponent(UUID().uuidString)
        let copy = folder.appendingPathComponent("bin/docscan")
        let share = folder.appendingPathComponent("share/docscan")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: executable, to: copy)
        try FileManager.default.copyItem(at: root.appendingPathComponent("stopwords"), to: share.appendingPathComponent("stopwords"))
        // Copies keep the modes of the originals, which a private umask may have made 0700 and 0600.
        let inside = try FileManager.default.subpathsOfDirectory(atPath: folder.path).map { folder.path + "/" + $0 }
        for path in [parent.path, folder.path] + inside {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let mode = isDirectory.boolValue || path == copy.path ? 0o755 : 0o644
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        return (folder, copy)
    }

    static func records(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }
}
