/// Why one page could not be read; it goes into that page's record and the run goes on.
public struct PageError: Error, Codable, Equatable, Sendable {
    /// Stable, machine-readable reason; programs branch on it.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The file cannot be opened (permissions, vanished).
        case unreadable = "unreadable"
        /// The content matches no image format.
        case notAnImage = "not_an_image"
        /// The header promised an image but decoding failed (truncated or damaged data).
        case decodeFailed = "decode_failed"
        /// Over the pixel cap; nothing was decoded.
        case tooLarge = "too_large"
        /// Tesseract failed on the page.
        case recognitionFailed = "recognition_failed"
        /// The page took longer than the per-page time limit (`--page-timeout`).
        case timedOut = "timed_out"
        /// The worker process reading the page crashed (a fault in Tesseract, Leptonica or a decoder).
        case workerCrashed = "worker_crashed"
        /// The worker process reading the page held more memory than `--page-memory-limit`.
        case outOfMemory = "out_of_memory"
    }

    public let kind: Kind
    /// One sentence for a person, without the file name (the record and the log line carry it).
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
