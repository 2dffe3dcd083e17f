internal import CProcessSupport

/// What a child process asks of the kernel about its own life.
package enum ProcessControl {
    /// Asks the kernel to kill this process when the thread that started it ends: a parent killed with
    /// SIGKILL cannot stop its children itself.
    /// - Throws: `SystemError`.
    package static func dieWithParent() throws(SystemError) {
        guard docscan_die_with_parent() == 0 else { throw SystemError() }
    }
}
