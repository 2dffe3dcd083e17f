internal import CDocScanICU

/// Owns one ICU `UTransliterator` and closes it.
///
/// ICU says transliterators are not immutable and must be synchronized when shared, so one stays
/// on one thread or behind a lock (`ChineseScriptFolding` keeps its one in a `Mutex`).
final class Transliterator {
    private let transliterator: OpaquePointer
    /// The ICU id it was opened with, for error messages.
    let id: String

    /// The transliterator ICU registers under `id` (`Traditional-Simplified`), forward.
    /// - Throws: `ICUError` when ICU does not know `id` or its data is missing.
    init(id: String) throws(ICUError) {
        let units = Array(id.utf16)
        var status = DOCSCAN_U_ZERO_ERROR
        let transliterator = units.withUnsafeBufferPointer { units in
            docscan_utrans_open(units.baseAddress, Int32(units.count), &status)
        }
        guard let transliterator, !docscan_u_failure(status) else {
            if let transliterator { docscan_utrans_close(transliterator) }
            throw ICUError(status, operation: "utrans_openU(\"\(id)\")")
        }
        self.transliterator = transliterator
        self.id = id
    }

    deinit {
        docscan_utrans_close(transliterator)
    }

    /// `text` transliterated as a whole.
    /// - Throws: `ICUError` when ICU runs out of memory or `text` exceeds its 32-bit offsets.
    func transliterate(_ text: String) throws(ICUError) -> String {
        let source = Array(text.utf16)
        guard !source.isEmpty else { return "" }
        // Most mappings keep the length; room for twice the input means one pass almost always.
        var capacity = source.count * 2
        while true {
            guard let sourceLength = Int32(exactly: source.count), let capacity32 = Int32(exactly: capacity) else {
                throw ICUError(DOCSCAN_U_INDEX_OUTOFBOUNDS_ERROR, operation: "utrans_transUChars(\"\(id)\", \(source.count) UTF-16 units, over ICU's 32-bit limit)")
            }
            var buffer = source + Array(repeating: 0, count: capacity - source.count)
            var length = sourceLength
            var status = DOCSCAN_U_ZERO_ERROR
            buffer.withUnsafeMutableBufferPointer { buffer in
                docscan_utrans_chars(transliterator, buffer.baseAddress, &length, capacity32, &status)
            }
            if status == DOCSCAN_U_BUFFER_OVERFLOW_ERROR, Int(length) > capacity {
                capacity = Int(length)
                continue
            }
            try ICUError.check(status, "utrans_transUChars(\"\(id)\", \(source.count) UTF-16 units)")
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }
    }
}

@available(*, unavailable)
extension Transliterator: Sendable {}
