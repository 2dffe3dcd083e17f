internal import CTesseract
import DocScanCore
import Foundation

/// Owns one `TessBaseAPI` and ends and deletes it exactly once, in deinit.
///
/// The engines that use it only throw when a start fails: the handle is then freed here, once, when the
/// engine's half-made instance goes (a class that deleted the handle itself before throwing had it
/// deleted again by its own deinit, which Swift runs for a class whose properties were all set).
final class TesseractAPI {
    private let handle: OpaquePointer

    /// - Throws: `DocScanError.engineInitFailed` when Tesseract cannot even allocate an engine.
    init(languages: String, models: [String]) throws {
        guard let handle = TessBaseAPICreate() else {
            throw DocScanError.engineInitFailed(languages: languages, models: models, reason: "Tesseract could not create an engine")
        }
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Sets a Tesseract parameter; false when Tesseract has no parameter of that name.
    @discardableResult
    func setVariable(_ name: String, _ value: String) -> Bool {
        TessBaseAPISetVariable(handle, name, value) != 0
    }

    /// Lends the handle for calls into Tesseract's C API; it must not be kept or freed.
    func withHandle<Result>(_ body: (OpaquePointer) throws -> Result) rethrows -> Result {
        try body(handle)
    }
}

/// A TessBaseAPI keeps per-page state and is not thread-safe: it stays with the worker that made it.
@available(*, unavailable)
extension TesseractAPI: Sendable {}
