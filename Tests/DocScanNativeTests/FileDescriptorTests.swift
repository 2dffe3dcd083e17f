import DocScanCore
@testable import DocScanNative
import Foundation
import Testing

struct FileDescriptorTests {
    /// Closed by `close()` once, and not again by deinit: a file opened under the same number afterwards
    /// stays open.
    @Test func closeThenDeinitClosesOnce() throws {
        var file: FileDescriptor? = try FileDescriptor(opening: "/dev/null", flags: O_RDONLY)
        let number = try #require(file?.rawValue)
        file?.close()
        #expect(file?.rawValue == -1)
        let reused = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(reused) }
        #expect(reused == number)
        withExtendedLifetime(file) { file = nil }
        #expect(fcntl(reused, F_GETFD) != -1, "deinit closed a descriptor it no longer owned")
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
