internal import CDocScanICU

/// Owns one ICU `UBreakIterator` and closes it.
///
/// An iterator keeps the text it was given and its position, so it is not shared between threads;
/// `WordBreaker` keeps one without text and clones it per call, which ICU documents as thread safe.
final class BreakIterator {
    private let iterator: OpaquePointer

    /// A word-break iterator for `locale` ("" for the root rules).
    /// - Throws: `ICUError` when ICU has no break rules for it (ICU data missing).
    init(wordsFor locale: String) throws(ICUError) {
        var status = DOCSCAN_U_ZERO_ERROR
        let iterator = docscan_ubrk_open_word(locale, &status)
        guard let iterator, !docscan_u_failure(status) else {
            if let iterator { docscan_ubrk_close(iterator) }
            throw ICUError(status, operation: "ubrk_open(word, locale: \"\(locale)\")")
        }
        self.iterator = iterator
    }

    private init(taking iterator: OpaquePointer) {
        self.iterator = iterator
    }

    deinit {
        docscan_ubrk_close(iterator)
    }

    /// A copy with the same rules and no shared state.
    /// - Throws: `ICUError` when ICU cannot allocate the copy.
    func clone() throws(ICUError) -> BreakIterator {
        var status = DOCSCAN_U_ZERO_ERROR
        let copy = docscan_ubrk_clone(iterator, &status)
        guard let copy, !docscan_u_failure(status) else {
            if let copy { docscan_ubrk_close(copy) }
            throw ICUError(status, operation: "ubrk_clone")
        }
        return BreakIterator(taking: copy)
    }

    /// Every boundary in `text` with the rule status of the segment that ends there, the first
    /// boundary (0) excluded. ICU reads `text` in place, so the iterator forgets it before returning.
    func boundaries(in text: UnsafeBufferPointer<UInt16>) throws(ICUError) -> [(offset: Int, status: Int32)] {
        guard let base = text.baseAddress, !text.isEmpty else { return [] }
        guard let length = Int32(exactly: text.count) else {
            throw ICUError(DOCSCAN_U_INDEX_OUTOFBOUNDS_ERROR, operation: "ubrk_setText(\(text.count) UTF-16 units, over ICU's 32-bit limit)")
        }
        var status = DOCSCAN_U_ZERO_ERROR
        docscan_ubrk_set_text(iterator, base, length, &status)
        try ICUError.check(status, "ubrk_setText(\(text.count) UTF-16 units)")
        defer {
            var ignored = DOCSCAN_U_ZERO_ERROR
            docscan_ubrk_set_text(iterator, nil, 0, &ignored)
        }
        var result: [(offset: Int, status: Int32)] = []
        let done = docscan_ubrk_done()
        _ = docscan_ubrk_first(iterator)
        var boundary = docscan_ubrk_next(iterator)
        while boundary != done {
            result.append((Int(boundary), docscan_ubrk_rule_status(iterator)))
            boundary = docscan_ubrk_next(iterator)
        }
        return result
    }
}

@available(*, unavailable)
extension BreakIterator: Sendable {}
