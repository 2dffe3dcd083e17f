import Foundation

/// A process's resident memory as Linux reports it in `/proc/PID/status`.
///
/// Read from there, not `getrusage`: Linux carries `ru_maxrss` across `execve`, so a docscan started by
/// a large process (a test runner, a service) would report its parent's peak.
package struct ProcessMemory: Equatable {
    /// Bytes resident now (`VmRSS`).
    package var resident = 0
    /// The most bytes resident at once so far (`VmHWM`).
    package var peak = 0

    /// The memory of `pid`, or of this process; zeros when it cannot be read (the process is gone).
    package init(of pid: pid_t? = nil) {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") || line.hasPrefix("VmHWM:") {
            let bytes = (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
            if line.hasPrefix("VmRSS:") { resident = bytes } else { peak = bytes }
        }
    }
}
