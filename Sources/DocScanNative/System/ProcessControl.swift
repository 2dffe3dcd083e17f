internal import CProcessSupport
import Foundation

/// What a child process asks of the kernel about its own life.
package enum ProcessControl {
    /// Asks the kernel to kill this process when the thread that started it ends: a parent killed with
    /// SIGKILL cannot stop its children itself.
    /// - Throws: `SystemError`.
    package static func dieWithParent() throws(SystemError) {
        guard docscan_die_with_parent() == 0 else { throw SystemError() }
    }

    /// Ignores SIGINT and SIGTERM, which a terminal's Ctrl-C and a scheduler's cancel (Slurm's scancel)
    /// send to every process of the group or job: a worker is stopped by its parent, which lets the page
    /// in progress finish and be written, or kills it; killed by the signal instead, its page would be
    /// recorded as failed rather than left to be read again.
    package static func ignoreStopRequests() {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
    }
}
