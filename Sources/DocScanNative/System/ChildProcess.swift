internal import CProcessSupport
import DocScanCore
import Foundation

/// One child process reading pages (`ChildProcessMain`) and the two pipes to it, owned here and closed,
/// killed and reaped here.
///
/// The child runs in its own process group, so a Ctrl-C at the terminal reaches only the parent, which
/// lets the pages in progress finish. Lines go both ways: one JSON request or reply per line.
package final class ChildProcess {
    /// What waiting for the child's next line ended with.
    package enum Outcome {
        case line(Data)
        /// The child ended; how, in words ("killed by signal 11, Segmentation fault").
        case ended(String)
        /// The deadline passed first.
        case overTime
        /// The child's resident memory passed the limit; the bytes it held.
        case overMemory(Int)
    }

    package let pid: Int32
    /// The child's standard input; closed to tell an idle worker to finish.
    private let requests: FileDescriptor
    /// The child's replies.
    private let replies: FileDescriptor
    private var buffer = Data()
    private var ended = false
    /// The most resident memory the child has held, in bytes, as last seen.
    package private(set) var peakMemory = 0

    /// Starts `command` (an absolute executable path, then its arguments) with the parent's environment
    /// and `SWIFT_BACKTRACE` trimmed, unless the user set it: a crash inside a C library then prints its
    /// stack, which a bug report needs, without pages of registers and loaded images.
    /// - Throws: `DocScanError.workerFailed`.
    package init(command: [String]) throws {
        // Close-on-exec from the start: another of the runner's workers may be spawning its own child at this moment.
        let toChild: (read: FileDescriptor, write: FileDescriptor), fromChild: (read: FileDescriptor, write: FileDescriptor)
        do {
            toChild = try FileDescriptor.pipe()
            fromChild = try FileDescriptor.pipe()
        } catch {
            throw DocScanError.workerFailed(reason: "creating a pipe: \(error.reason)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild.read.rawValue, 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild.write.rawValue, 1)
        // Descriptors this process inherited without close-on-exec (a test runner's pipes) stay here.
        docscan_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // The parent ignores these to handle them itself; the child should not inherit that.
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The parent's own entries, as bytes (a Swift dictionary would lose any that are not UTF-8).
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let current = entry.pointee {
            inherited.append(current)
            entry += 1
        }
        let backtrace = getenv("SWIFT_BACKTRACE") == nil ? strdup("SWIFT_BACKTRACE=registers=none,images=none") : nil
        defer { free(backtrace) }
        let envp = inherited + (backtrace.map { [$0] } ?? []) + [nil]
        var child: pid_t = 0
        let status = posix_spawn(&child, command[0], &actions, &attributes, argv, envp)
        // The child's ends are the child's now (or nobody's, if it did not start).
        toChild.read.close()
        fromChild.write.close()
        guard status == 0 else {
            throw DocScanError.workerFailed(reason: "starting \(command[0]): \(SystemError(code: status).reason)")
        }
        pid = child
        requests = toChild.write
        replies = fromChild.read
    }

    deinit {
        stop()
    }

    /// Writes `line` and a newline to the child's standard input; false if the child is gone.
    package func send(_ line: Data) -> Bool {
        var bytes = line
        bytes.append(0x0A)
        do {
            try requests.write(bytes)
            return true
        } catch {
            return false
        }
    }

    /// Waits for the child's next line, until `clock` reads `timeLimit` seconds if given, checking every
    /// tenth of a second that its resident memory stays under `memoryLimit` bytes; `sampled` gets each
    /// reading of it, in bytes.
    package func receive(
        timeLimit: Double?, on clock: Stopwatch, memoryLimit: Int?, sampled: (Int) -> Void = { _ in }
    ) -> Outcome {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return .line(Data(line))
            }
            if ended { return .ended("it had already ended") }
            let memory = ProcessMemory(of: pid)
            peakMemory = max(peakMemory, memory.peak, memory.resident)
            sampled(memory.resident)
            if let memoryLimit, memory.resident > memoryLimit { return .overMemory(memory.resident) }
            if let timeLimit, clock.seconds >= timeLimit { return .overTime }
            var descriptor = pollfd(fd: replies.rawValue, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            guard ready > 0 else { continue }
            let chunk: [UInt8]
            do {
                chunk = try replies.read(upTo: 1 << 16)
            } catch where error.code == EINTR || error.code == EAGAIN {
                continue
            } catch {
                return .ended(reap())
            }
            guard !chunk.isEmpty else { return .ended(reap()) }
            buffer.append(contentsOf: chunk)
        }
    }

    /// Closes the child's input, which tells an idle worker to clean up and exit; kills it if it has not
    /// within `seconds`.
    package func finish(within seconds: Double = 2) {
        guard !ended else { return }
        requests.close()
        let clock = Stopwatch()
        var status: Int32 = 0
        while clock.seconds < seconds {
            if waitpid(pid, &status, WNOHANG) == pid {
                ended = true
                return
            }
            usleep(10_000)
        }
        stop()
    }

    /// Kills the child if it still runs and collects its exit status.
    package func stop() {
        guard !ended else { return }
        kill(pid, SIGKILL)
        _ = reap()
    }

    /// Waits for the child to end; says how it ended.
    private func reap() -> String {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        ended = true
        guard result == pid else { return "it ended" }
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        let name = strsignal(signal).map { String(cString: $0) } ?? "unknown"
        return "killed by signal \(signal), \(name)"
    }
}

/// Its pipes and child belong to the one runner worker that reads pages through it.
@available(*, unavailable)
extension ChildProcess: Sendable {}
