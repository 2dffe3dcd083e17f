import DocScanCore
@testable import DocScanKit
import Foundation
import Synchronization
import Testing

struct RunLockTests {
    /// A lock refused with `--no-wait` closes its descriptor once. It used to close it before throwing
    /// and again in its deinit, and the second close hit whatever file another thread had opened under
    /// the same number in between: here a thread that keeps opening /dev/null and checks its descriptor
    /// is still open.
    @Test func aRefusedLockClosesItsDescriptorOnce() async throws {
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
        let held = try RunLock(archivePath: archive, wait: false)
        let stop = Atomic(false), lost = Atomic(0), checked = Atomic(0)
        let victim = Thread {
            while !stop.load(ordering: .relaxed) {
                let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                var closedUnderUs = false
                for _ in 0..<20 where fcntl(descriptor, F_GETFD) == -1 {
                    closedUnderUs = true
                    break
                }
                checked.add(1, ordering: .relaxed)
                if closedUnderUs { lost.add(1, ordering: .relaxed) } else { close(descriptor) }
            }
        }
        victim.start()
        for _ in 0..<3000 {
            #expect(throws: DocScanError.archiveBusy(path: archive)) { try RunLock(archivePath: archive, wait: false) }
        }
        stop.store(true, ordering: .relaxed)
        while !victim.isFinished { try await Task.sleep(for: .milliseconds(5)) }
        #expect(checked.load(ordering: .relaxed) > 100)
        #expect(lost.load(ordering: .relaxed) == 0, "a refused lock closed another thread's file")
        withExtendedLifetime(held) {}
    }

    @Test func theLockIsHeldUntilItsOwnerGoes() throws {
        let archive = try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
        var lock: RunLock? = try RunLock(archivePath: archive, wait: false)
        #expect(throws: DocScanError.archiveBusy(path: archive)) { try RunLock(archivePath: archive, wait: false) }
        withExtendedLifetime(lock) { lock = nil }
        _ = try RunLock(archivePath: archive, wait: false)
    }

    @Test func aLockInAFolderThatCannotBeWrittenNamesTheReason() throws {
        #expect(throws: DocScanError.outputNotWritable(path: "/proc/archive.sqlite.lock", reason: "No such file or directory")) {
            try RunLock(archivePath: "/proc/archive.sqlite", wait: false)
        }
    }
}
