import Dispatch

/// Runs archive reads and image rendering (blocking SQLite, libpq, Leptonica and Tesseract calls)
/// on a dispatch queue, so they never hold one of the server's event-loop threads.
enum Blocking {
    private static let queue = DispatchQueue(label: "docscan.serve.blocking", attributes: .concurrent)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
