import CProcessSupport
import Foundation

/// One child worker process and the two pipes to it, owned here and closed, killed and reaped here.
///
/// The child runs in its own process group, so a Ctrl-C at the terminal reaches only the parent, which
/// lets the pages in progress finish. Lines go both ways: one JSON request or reply per line.
final class WorkerProcess {
    /// What waiting for the child's next line ended with.
    enum Outcome {
        case line(Data)
        /// The child ended; how, in words ("killed by signal 11, Segmentation fault").
        case ended(String)
        /// The deadline passed first.
        case overTime
        /// The child's resident memory passed the limit; the bytes it held.
        case overMemory(Int)
    }

    let pid: pid_t
    private var requests: Int32
    private let replies: Int32
    private var buffer = Data()
    private var ended = false
    /// The most resident memory the child has held, in bytes, as last seen.
    private(set) var peakMemory = 0

    /// Starts `command` (an absolute executable path, then its arguments) with the parent's environment
    /// and `SWIFT_BACKTRACE` trimmed, unless the user set it: a crash inside a C library then prints its
    /// stack, which a bug report needs, without pages of registers and loaded images.
    init(command: [String]) throws {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        // Close-on-exec from the start: another worker thread may be spawning its own child at this moment.
        guard docscan_pipe_cloexec(&toChild) == 0 else { throw Self.failure("creating a pipe") }
        guard docscan_pipe_cloexec(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            throw Self.failure("creating a pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
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
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw Self.failure("starting \(command[0])", code: status)
        }
        pid = child
        requests = toChild[1]
        replies = fromChild[0]
    }

    deinit {
        stop()
        if requests >= 0 { close(requests) }
        close(replies)
    }

    /// Writes `line` and a newline to the child's standard input; false if the child is gone.
    func send(_ line: Data) -> Bool {
        var bytes = line
        bytes.append(0x0A)
        return bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let written = write(requests, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Waits for the child's next line, until `deadline` (uptime nanoseconds) if given, checking every
    /// tenth of a second that its resident memory stays under `memoryLimit` bytes.
    func receive(deadline: UInt64?, memoryLimit: Int?) -> Outcome {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return .line(Data(line))
            }
            if ended { return .ended("it had already ended") }
            let (resident, peak) = Self.memory(of: pid)
            peakMemory = max(peakMemory, peak, resident)
            if let memoryLimit, resident > memoryLimit { return .overMemory(resident) }
            if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline { return .overTime }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            guard ready > 0 else { continue }
            let count = read(replies, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                return .ended(reap())
            }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Closes the child's input, which tells an idle worker to clean up and exit; kills it if it has not
    /// within `seconds`.
    func finish(within seconds: Double = 2) {
        guard !ended else { return }
        if requests >= 0 {
            close(requests)
            requests = -1
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var status: Int32 = 0
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                ended = true
                return
            }
            usleep(10_000)
        }
        stop()
    }

    /// Kills the child if it still runs and collects its exit status.
    func stop() {
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

    /// Resident and peak resident memory of `pid` in bytes, from /proc; zeros when it cannot be read.
    static func memory(of pid: pid_t) -> (resident: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
        var resident = 0, peak = 0
        for line in status.split(separator: "\n") {
            guard line.hasPrefix("VmRSS:") || line.hasPrefix("VmHWM:") else { continue }
            let bytes = (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
            if line.hasPrefix("VmRSS:") { resident = bytes } else { peak = bytes }
        }
        return (resident, peak)
    }

    private static func failure(_ what: String, code: Int32 = errno) -> DocScanError {
        .workerFailed(reason: "\(what): \(String(cString: strerror(code)))", status: .internalError)
    }
}
