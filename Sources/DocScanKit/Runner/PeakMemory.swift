import Foundation

/// The process's peak resident memory.
///
/// Read from `VmHWM` in /proc/self/status, not `getrusage`: Linux carries `ru_maxrss` across `execve`,
/// so a docscan started by a large process (a test runner, a service) would report its parent's peak.
enum PeakMemory {
    /// Bytes; 0 when it cannot be read.
    static func current() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
