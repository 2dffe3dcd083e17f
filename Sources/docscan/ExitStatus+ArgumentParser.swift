import ArgumentParser
import DocScanKit
import Foundation

extension ExitStatus {
    /// ArgumentParser's form, to end a command with this status.
    var exitCode: ExitCode { ExitCode(rawValue) }
}

/// Prints `docscan: error: …` to stderr and ends with the status the error calls for.
func fail(_ error: DocScanError) -> ExitCode {
    printError("error: \(error.localizedDescription)")
    return error.exitStatus.exitCode
}

/// One line to standard error, prefixed `docscan: `.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("docscan: \(message)\n".utf8))
}
