import Foundation

/// A failed system call: its `errno`, and the system's words for it ("Permission denied").
package struct SystemError: Error, Equatable {
    package let code: Int32

    /// The current `errno`.
    package init() {
        code = errno
    }

    package init(code: Int32) {
        self.code = code
    }

    package var reason: String { String(cString: strerror(code)) }
}
