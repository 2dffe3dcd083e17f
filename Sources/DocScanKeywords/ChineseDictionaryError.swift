import DocScanCore
import Foundation

/// Why jieba's dictionary could not be loaded; the keyword stage cannot cut Chinese without it.
public enum ChineseDictionaryError: Error, Equatable, Sendable {
    /// No file at `path` (from `$DOCSCAN_JIEBA_DICT`, else Debian's `python3-jieba` location).
    case notFound(path: String)
    /// The file exists but reading it failed.
    case unreadable(path: String, reason: String)
    /// A line is not `word frequency [tag]`, or the file is not UTF-8 or holds no word.
    case malformed(path: String, line: Int, reason: String)
}

extension ChineseDictionaryError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .notFound(let path):
            "jieba dictionary not found at \(path): install python3-jieba (make setup) or set DOCSCAN_JIEBA_DICT to a dict.txt"
        case .unreadable(let path, let reason):
            "\(path): cannot read the jieba dictionary: \(reason)"
        case .malformed(let path, let line, let reason):
            line > 0 ? "\(path):\(line): not a jieba dictionary line: \(reason)" : "\(path): not a jieba dictionary: \(reason)"
        }
    }
}
