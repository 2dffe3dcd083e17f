import Synchronization

/// Folds Traditional Chinese characters to Simplified with ICU's `Traditional-Simplified`
/// transliterator, so 蛋白質 and 蛋白质 become one keyword and match one dictionary entry.
///
/// The mapping is character by character and leaves other scripts alone. ICU transliterators must
/// be synchronized when shared, so calls take turns on one; a call takes microseconds per page.
public final class ChineseScriptFolding: Sendable {
    private let transliterator: Mutex<Transliterator>

    /// Opens the transliterator; ICU compiles its rules on the first open in a process (~50 ms).
    /// - Throws: `ICUError` when the ICU data has no `Traditional-Simplified`.
    public init() throws(ICUError) {
        transliterator = Mutex(try Transliterator(id: "Traditional-Simplified"))
    }

    /// `text` with every Traditional character replaced by its Simplified form.
    /// - Throws: `ICUError` when ICU runs out of memory or `text` exceeds its 32-bit offsets.
    public func simplified(_ text: String) throws(ICUError) -> String {
        try transliterator.withLock { transliterator throws(ICUError) in
            try transliterator.transliterate(text)
        }
    }
}
