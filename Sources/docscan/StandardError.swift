import Foundation

/// docscan's messages to people: one line each on standard error, prefixed `docscan: `.
enum StandardError {
    static func print(_ message: String) {
        write("docscan: \(message)\n")
    }

    /// Text as it is: progress lines that overwrite themselves, summaries.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
