import DocScanCore
@testable import DocScanNative
import Foundation
import Testing

struct FileDescriptorTests {
    /// Closed by `close()` once, and not again by deinit: a file opened under the same number afterwards
    /// stays open.
    ///
    /// Other tests run on other threads of this process (servers, browsers) and may open a file under
    /// the freed number first; then the attempt is made again, up to 50 times.
    @Test func closeThenDeinitClosesOnce() throws {
        for _ in 0..<50 {
            var file: FileDescriptor? = try FileDescriptor(opening: "/dev/null", flags: O_RDONLY)
            let number = try #require(file?.rawValue)
            file?.close()
            #expect(file?.rawValue == -1)
            let reused = open("/dev/null", O_RDONLY | O_CLOEXEC)
            defer { close(reused) }
            guard reused == number else { continue }
            withExtendedLifetime(file) { file = nil }
            #expect(fcntl(reused, F_GETFD) != -1, "deinit closed a descriptor it no longer owned")
            return
        }
        Issue.record("another thread took the freed descriptor number in each of 50 attempts")
    }

    @Test func openingAMissingFileGivesTheSystemsReason() {
        #expect(throws: SystemError(code: ENOENT)) { try FileDescriptor(opening: "/nonexistent/file", flags: O_RDONLY) }
        #expect(SystemError(code: ENOENT).reason == "No such file or directory")
    }

    @Test func aPipeCarriesWhatIsWritten() throws {
        let pipe = try FileDescriptor.pipe()
        try pipe.write.write(Data("line\n".utf8))
        pipe.write.close()
        #expect(try pipe.read.read(upTo: 64) == Array("line\n".utf8))
        #expect(try pipe.read.read(upTo: 64).isEmpty)
        #expect(fcntl(pipe.read.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }
}
