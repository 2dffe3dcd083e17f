import Foundation

/// A failed system call: its `errno`, and the system's words for it ("Permission denied").
struct SystemError: Error, Equatable {
    let code: Int32

    /// The current `errno`.
    init() {
        code = errno
    }

    init(code: Int32) {
        self.code = code
    }

    var reason: String { String(cString: strerror(code)) }
}
