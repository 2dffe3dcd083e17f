internal import CDocScanICU

/// An ICU call that failed: ICU's error code and name, and which call with which input.
///
/// ICU fails on problems of the installation (missing data, no memory), not on text, so callers
/// usually meet this once, when they create a `WordBreaker` or a `ChineseScriptFolding`.
public struct ICUError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ICU's `UErrorCode` value.
    public let code: Int32
    /// ICU's name for the code (`U_MISSING_RESOURCE_ERROR`).
    public let name: String
    /// The call that failed and its input (`ubrk_open(word, locale: "zh")`).
    public let operation: String

    init(_ status: Int32, operation: String) {
        code = status
        name = docscan_u_error_name(status).map { String(cString: $0) } ?? "U_ERROR_\(status)"
        self.operation = operation
    }

    public var description: String {
        "ICU error \(code) \(name) in \(operation)"
    }

    /// Throws when `status` is a failure; warnings (negative codes) pass, as `U_FAILURE` lets them.
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(ICUError) {
        if docscan_u_failure(status) { throw ICUError(status, operation: operation()) }
    }
}
