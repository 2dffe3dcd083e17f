/// An ordered list of Tesseract language codes; the first is the primary language.
///
/// Order matters: Tesseract tries the languages in this order, and later stages (stop words,
/// segmentation) pick their rules from it.
public struct LanguageList: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Tesseract codes such as `chi_sim` and `eng`, primary first, without duplicates.
    public let codes: [String]

    /// The primary language.
    public var primary: String { codes[0] }

    /// Whether the primary language is written without spaces (Chinese, Japanese, Korean).
    public var hasUnspacedPrimary: Bool { LanguageCode.isUnspacedScript(primary) }

    /// Tesseract's own spelling, `chi_sim+eng`.
    public var tesseractString: String { codes.joined(separator: "+") }

    public var description: String { tesseractString }

    /// Creates a list from codes already in Tesseract's form.
    /// - Throws: `DocScanError.emptyLanguageList` when `codes` is empty.
    public init(codes: [String]) throws {
        var seen = Set<String>()
        let unique = codes.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { throw DocScanError.emptyLanguageList }
        self.codes = unique
    }

    /// Parses `chi_sim,eng`, `chi_sim+eng` or BCP-47 tags (`zh-Hans,en-US`, `de`), in order.
    ///
    /// Duplicates after mapping are dropped, keeping the first (`en-US,en-GB` is `eng`).
    /// - Throws: `DocScanError.unknownLanguage` naming the first entry that maps to nothing.
    public init(parsing text: String) throws {
        let entries = text.split(whereSeparator: { $0 == "," || $0 == "+" || $0 == " " })
        try self.init(codes: entries.map { entry in
            guard let code = LanguageCode.tesseractCode(for: String(entry)) else {
                throw DocScanError.unknownLanguage(String(entry))
            }
            return code
        })
    }
}
