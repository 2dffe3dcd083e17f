@testable import DocScanKit
import Foundation
import Synchronization
import Testing

/// Output written whole through a temporary file, except where a rename would do harm.
struct OutputFileTests {
    @Test func aNamedPipeIsWrittenIntoNotReplaced() throws {
        let folder = try TestSupport.temporaryFolder()
        let pipe = folder.appendingPathComponent("export.csv").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let received = Mutex<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Opening blocks until the writer opens the pipe; reading ends when it closes it.
            let data = FileHandle(forReadingAtPath: pipe)?.readDataToEndOfFile()
            received.withLock { $0 = data }
            done.signal()
        }
        try OutputFile.write(to: pipe) { sink in
            try sink(Data("root,source\r\n".utf8))
            try sink(Data("/scans,a.png\r\n".utf8))
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(received.withLock { $0 } == Data("root,source\r\n/scans,a.png\r\n".utf8))
        var status = stat()
        #expect(stat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.csv"])
    }

    @Test func aSymbolicLinkKeepsPointingAtTheReplacedFile() throws {
        let folder = try TestSupport.temporaryFolder()
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let target = data.appendingPathComponent("records.jsonl")
        try Data("old\n".utf8).write(to: target)
        let link = folder.appendingPathComponent("records.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        try OutputFile.write(to: link) { sink in try sink(Data("new\n".utf8)) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
        #expect(try Data(contentsOf: target) == Data("new\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["records.jsonl"])
    }

    @Test func aFailedWriteLeavesTheFileAsItWas() throws {
        let folder = try TestSupport.temporaryFolder()
        let path = folder.appendingPathComponent("export.csv").path
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: path))
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try OutputFile.write(to: path) { sink in
                try sink(Data("half".utf8))
                throw Interrupted()
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("kept\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.csv"])
    }
}
