import DocScanCore
import Foundation

/// Real words of the scan's languages, from the Debian word lists in `/usr/share/dict`, to rescue words
/// that shape rules or low OCR confidence would drop and to judge unknown long words.
///
/// Lookups are case-folded (`Straße`, `STRASSE` and `straße` all find `Straße`). The lists are read
/// byte by byte and possessive lines (`Apple's`) skipped, since the lookup strips `'s` itself. A
/// lexicon is immutable and Sendable: load it once and share it between pages.
public struct Lexicon: Sendable {
    /// Where Debian installs the word lists (packages `wamerican`, `wngerman`, `wfrench`, `wspanish`,
    /// `witalian`, `wportuguese`, `wbrazilian`).
    public static let defaultDirectory = URL(fileURLWithPath: "/usr/share/dict")

    /// The word-list files of each Tesseract language, in `defaultDirectory`. Portuguese has two,
    /// European and Brazilian spelling; Tesseract's `por` reads both.
    public static let wordListFiles: [String: [String]] = [
        "eng": ["american-english"],
        "deu": ["ngerman"],
        "fra": ["french"],
        "spa": ["spanish"],
        "ita": ["italian"],
        "por": ["portuguese", "brazilian"],
    ]

    /// The word lists' words, often mapped from a table file.
    private let words: WordSet
    /// Words added to them (`adding`): a set of their own, so adding a few words copies none of the
    /// lists' (which a mapped set would have to).
    private let added: WordSet

    /// Languages whose word lists were read.
    public let loadedLanguages: [String]

    /// Languages that have word lists in `wordListFiles` but none of whose files could be read; a
    /// caller may warn that unknown-word judgement is off for them.
    public let missingLanguages: [String]

    /// No words.
    public init() {
        self.init(words: WordSet(), added: WordSet(), loadedLanguages: [], missingLanguages: [])
    }

    /// Changes whenever the words a list gives change (folding, possessives, `ß`), so that lists
    /// compiled by an older docscan are compiled again (`TableCache`).
    static let compiledFormat = "lexicon 1"

    /// The word lists of `languages` found in `directory`. A language without a list (`chi_sim`) or
    /// whose list is not installed adds nothing. The set built from them is kept compiled in `cache`
    /// (nil: not kept) and mapped from there by later runs and the other workers (`TableFile`).
    public init(languages: LanguageList, directory: URL = Lexicon.defaultDirectory, cache: URL? = TableCache.directory()) {
        var sources: [URL] = []
        var loaded: [String] = []
        var missing: [String] = []
        for code in languages.codes {
            guard let files = Self.wordListFiles[code] else { continue }
            let readable = files.map { directory.appendingPathComponent($0) }
                .filter { FileManager.default.isReadableFile(atPath: $0.path) }
            sources += readable
            if readable.isEmpty { missing.append(code) } else { loaded.append(code) }
        }
        // One table for a set of languages in any order (`eng,deu` and `deu,eng` hold the same words).
        let name = "lexicon-" + loaded.sorted().joined(separator: "+")
        let key = cache == nil || sources.isEmpty
            ? nil : TableCache.key(sources: sources.sorted { $0.path < $1.path }, format: Self.compiledFormat)
        if let cache, let key, let table = TableCache.load(name, key: key, arrays: WordSet.arrayCount, in: cache),
           let words = WordSet(table: table) {
            self.init(words: words, added: WordSet(), loadedLanguages: loaded, missingLanguages: missing)
            return
        }
        let lists = sources.compactMap { FileManager.default.contents(atPath: $0.path) }
        // One word a line: reserving for every line and every byte (the line breaks, which are not kept,
        // leave room for folding) avoids both regrowing and slack. For six languages' lists the set
        // takes 50 MB where an estimate of one word every 8 bytes reserved 77.
        let lines = lists.reduce(0) { count, list in count + list.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
        var builder = WordSet.Builder(minimumCapacity: lines + lists.count, byteCapacity: lists.reduce(0) { $0 + $1.count })
        for list in lists { Self.parse(list, into: &builder, skippingPossessives: true) }
        var words = WordSet(builder)
        builder = WordSet.Builder()
        if let cache, let key, lists.count == sources.count,
           let table = TableCache.store(words.arrays, as: name, key: key, in: cache),
           let mapped = WordSet(table: table) {
            // The mapped copy's pages are shared with the other workers; the built one is let go.
            words = mapped
        }
        self.init(words: words, added: WordSet(), loadedLanguages: loaded, missingLanguages: missing)
    }

    private init(words: WordSet, added: WordSet, loadedLanguages: [String], missingLanguages: [String]) {
        self.words = words
        self.added = added
        self.loadedLanguages = loadedLanguages
        self.missingLanguages = missingLanguages
    }

    /// This lexicon with the words of a user list (`--custom-words FILE`): UTF-8, one word a line,
    /// lines starting with `#` are comments.
    /// - Throws: `DocScanError.inputNotFound` when `file` cannot be read.
    public func adding(wordsIn file: URL) throws -> Lexicon {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw DocScanError.inputNotFound(path: file.path)
        }
        var added = WordSet.Builder(self.added)
        Self.parse(data, into: &added, skippingPossessives: false)
        return Lexicon(words: words, added: WordSet(added), loadedLanguages: loadedLanguages, missingLanguages: missingLanguages)
    }

    /// This lexicon with `words` added.
    public func adding(_ words: some Sequence<String>) -> Lexicon {
        var added = WordSet.Builder(self.added)
        for var word in words {
            word.withUTF8 { utf8 in Self.withFolded(utf8) { Self.insert($0, into: &added) } }
        }
        return Lexicon(words: self.words, added: WordSet(added), loadedLanguages: loadedLanguages, missingLanguages: missingLanguages)
    }

    /// Whether the lists' words are read from a mapped table file (`TableCache`).
    var isMapped: Bool { words.isMapped }

    /// How many folded forms the lexicon holds (an added word that a list has too counts twice).
    public var count: Int { words.count + added.count }

    /// Whether `word`, in any case, is a real word.
    ///
    /// Besides the word itself it accepts the base of a possessive or `'s` contraction (`doctor's`,
    /// `it's`), a hyphenated compound whose parts are words (`state-of-the-art`) or that is one
    /// without its hyphens (`Wi-Fi`, `e-mail`), and an elided article or preposition before a word
    /// (`l'homme`, `dell'anno`).
    public func contains(_ word: String) -> Bool {
        // The closures capture the word set alone: capturing `self` would retain its arrays too.
        let words = Sets(lists: self.words, added: added)
        var word = word
        return word.withUTF8 { utf8 in Self.withFolded(utf8) { Self.contains(folded: $0, in: words) } }
    }

    /// The lists' words and the added ones, looked up as one set.
    private struct Sets {
        let lists: WordSet
        let added: WordSet

        func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
            lists.contains(word) || (added.count > 0 && added.contains(word))
        }
    }

    private static func contains(folded word: UnsafeBufferPointer<UInt8>, in words: Sets) -> Bool {
        if words.contains(word) { return true }
        let count = word.count
        if count > 2, word[count - 2] == apostrophe, word[count - 1] == UInt8(ascii: "s"),
           words.contains(UnsafeBufferPointer(rebasing: word[..<(count - 2)])) {
            return true
        }
        if word.contains(UInt8(ascii: "-")) {
            let parts = word.split(separator: UInt8(ascii: "-"))
            if !parts.isEmpty && parts.allSatisfy({ words.contains(UnsafeBufferPointer(rebasing: $0)) }) { return true }
            return Array(parts.joined()).withUnsafeBufferPointer { words.contains($0) }
        }
        if let apostrophe = word.firstIndex(of: apostrophe), apostrophe + 1 < count {
            let elided = UnsafeBufferPointer(rebasing: word[...apostrophe])
            let rest = UnsafeBufferPointer(rebasing: word[(apostrophe + 1)...])
            return (elisions.contains(elided) || words.contains(elided)) && words.contains(rest)
        }
        return false
    }

    private static let apostrophe = UInt8(ascii: "'")

    /// French and Italian words that elide before a vowel; the lists hold few of them.
    private static let elisions: WordSet = {
        var set = WordSet.Builder()
        for var word in ["l'", "d'", "j'", "m'", "n'", "s'", "t'", "c'", "qu'", "jusqu'", "lorsqu'", "puisqu'",
                         "quoiqu'", "un'", "dell'", "nell'", "all'", "dall'", "sull'", "coll'", "quest'", "quell'",
                         "bell'", "sant'", "dev'"] {
            word.withUTF8 { set.insert($0) }
        }
        return WordSet(set)
    }()

    // MARK: - Folding and parsing

    /// Calls `body` with the form words are stored and looked up in: lower case, NFC, typographic
    /// apostrophe as `'`, and `œ` and `æ` as `oe` and `ae`, since the French list writes `coeur`.
    private static func withFolded<Result>(_ word: UnsafeBufferPointer<UInt8>,
                                   _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(word.count, 1)) { buffer in
            if let count = foldLatin(word, into: buffer) {
                return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
            var folded = foldScalars(word)
            return folded.withUTF8(body)
        }
    }

    /// Folds any word scalar by scalar: lower case, `’`, `œ` and `æ` as in `foldLatin`, then NFC when
    /// a combining mark may compose. Han, kana and Hangul have no case and are copied unlooked-at.
    private static func foldScalars(_ word: UnsafeBufferPointer<UInt8>) -> String {
        var folded = String.UnicodeScalarView()
        var composes = false
        for scalar in String(decoding: word, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x2019:
                folded.append("'")
            case 0x152, 0x153:
                folded.append(contentsOf: "oe".unicodeScalars)
            case 0xC6, 0xE6:
                folded.append(contentsOf: "ae".unicodeScalars)
            case _ where Script.isUnspaced(scalar):
                folded.append(scalar)
            default:
                let properties = scalar.properties
                if properties.changesWhenLowercased {
                    folded.append(contentsOf: properties.lowercaseMapping.unicodeScalars)
                } else {
                    folded.append(scalar)
                }
                composes = composes || properties.canonicalCombiningClass != .notReordered
                    || (0x1100...0x11FF).contains(scalar.value)
            }
        }
        let string = String(folded)
        return composes ? string.precomposedStringWithCanonicalMapping : string
    }

    /// Folds a word of ASCII, Latin-1 letters, `œ` and `’` byte by byte, as `foldScalars` would; nil
    /// for anything else. That covers nearly every line of the English, German, French, Spanish, Italian
    /// and Portuguese lists, which then need no String at all.
    private static func foldLatin(_ word: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var input = 0
        var count = 0
        while input < word.count {
            let byte = word[input]
            if byte < 0x80 {
                output[count] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                input += 1
                count += 1
            } else if byte == 0xC3, input + 1 < word.count {
                // U+00C0...U+00DE are capitals whose lower case is 0x20 higher, except × (U+00D7).
                let second = word[input + 1]
                let lower = (0x80...0x9E).contains(second) && second != 0x97 ? second + 0x20 : second
                if lower == 0xA6 {
                    output[count] = UInt8(ascii: "a")
                    output[count + 1] = UInt8(ascii: "e")
                } else {
                    output[count] = byte
                    output[count + 1] = lower
                }
                input += 2
                count += 2
            } else if byte == 0xC5, input + 1 < word.count, word[input + 1] == 0x92 || word[input + 1] == 0x93 {
                output[count] = UInt8(ascii: "o")
                output[count + 1] = UInt8(ascii: "e")
                input += 2
                count += 2
            } else if byte == 0xE2, input + 2 < word.count, word[input + 1] == 0x80, word[input + 2] == 0x99 {
                output[count] = apostrophe
                input += 3
                count += 1
            } else {
                return nil
            }
        }
        return count
    }

    /// Inserts a folded word, and its `ss` spelling when it has `ß`, since all-caps text writes
    /// `STRASSE` for `Straße`.
    private static func insert(_ word: UnsafeBufferPointer<UInt8>, into words: inout WordSet.Builder) {
        guard !word.isEmpty else { return }
        words.insert(word)
        guard zip(word, word.dropFirst()).contains(where: { $0 == 0xC3 && $1 == 0x9F }) else { return }
        var spelled: [UInt8] = []
        var index = 0
        while index < word.count {
            if index + 1 < word.count, word[index] == 0xC3, word[index + 1] == 0x9F {
                spelled += [UInt8(ascii: "s"), UInt8(ascii: "s")]
                index += 2
            } else {
                spelled.append(word[index])
                index += 1
            }
        }
        spelled.withUnsafeBufferPointer { words.insert($0) }
    }

    /// Adds the words of a list, one a line, skipping blank lines and, for Debian's lists, possessives
    /// (`contains` strips `'s` itself) or, for a user's list, `#` comments.
    private static func parse(_ data: Data, into words: inout WordSet.Builder, skippingPossessives: Bool) {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var start = lineStart
                var end = lineEnd
                lineStart = lineEnd + 1
                while start < end, isSpace(bytes[start]) { start += 1 }
                while end > start, isSpace(bytes[end - 1]) { end -= 1 }
                guard start < end else { continue }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if skippingPossessives ? isPossessive(line) : line[0] == UInt8(ascii: "#") { continue }
                withFolded(line) { insert($0, into: &words) }
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// A line ending in `'s` or `’s`.
    private static func isPossessive(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = line.count
        guard count >= 3, line[count - 1] == UInt8(ascii: "s") else { return false }
        if line[count - 2] == apostrophe { return true }
        return count >= 5 && line[count - 4] == 0xE2 && line[count - 3] == 0x80 && line[count - 2] == 0x99
    }
}
