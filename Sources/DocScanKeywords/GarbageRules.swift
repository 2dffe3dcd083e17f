import DocScanCore
import Foundation

/// Shape rules that flag tokens OCR made up: `tHe`, `mhlz`, `aaaa`, `#@!`, `l0ve`, `Hеllo` (Cyrillic е).
///
/// They judge a token by its shape alone, so they catch garbage whose letters could not form a word,
/// and miss garbage that looks like one (`copyrgh`, `resaned`); the lexicon and word confidence catch
/// those. Real words the rules flag (`psst`, `MHz`, `kHz`, `bldg`) are for the lexicon to rescue.
///
/// Pass the token as OCR wrote it, not case-folded: the case rule, and the vowel rule's exemption for
/// abbreviations (`HTML`, `GmbH`), need the original case; the other rules ignore case. Rules are
/// tried in the order of `Reason`. Only tokens in Latin, Greek or
/// Cyrillic letters (with digits and symbols) are judged: a Han, kana, Hangul, Arabic or Thai letter
/// anywhere makes `reason(for:)` return nil.
public struct GarbageRules: Sendable {
    /// Why a token looks like OCR garbage.
    public enum Reason: String, CaseIterable, Sendable {
        /// More than half the characters are neither letters nor digits: `#@!`, `-.-`, `~~a`.
        case mostlySymbols
        /// One character four or more times in a row, digits aside: `aaaa`, `----`, `Zzzz`.
        case repeatedCharacter
        /// Latin mixed with Cyrillic (or Greek) inside one word: `Hеllo` with a Cyrillic `е`.
        case mixedScripts
        /// Digits between lower-case letters (`l0ve`, `he11o`) or a letter OCR takes for a digit between
        /// digits (`2O21`, `1l1`).
        case digitsInWord
        /// Upper and lower case alternating beyond what names do: `tHe`, `hELlo`, `wOrD`, `HEllo`.
        case caseAlternation
        /// A Latin word of `vowellessMinimumLength` letters or more without a vowel: `mhlz`, `wrtng`.
        case noVowel
    }

    /// The shortest Latin word without a vowel that counts as garbage; nil turns the rule off.
    ///
    /// 4 catches `mhlz`; the real words it also catches (`psst`, `bldg`, `tbsp`, `html`) are in the
    /// word lists. Words with two capitals or more are exempt: abbreviations (`HTML`, `NTSC`, `GmbH`)
    /// often lack vowels.
    public var vowellessMinimumLength: Int?

    public init(vowellessMinimumLength: Int? = 4) {
        self.vowellessMinimumLength = vowellessMinimumLength
    }

    /// The rules for a scan in `languages`: without the vowel rule when one of them has words without
    /// vowels (Czech `čtvrt`, Croatian `prst`, Welsh `cwtch`).
    public init(languages: LanguageList) {
        let vowelless = languages.codes.contains { Self.languagesWithVowellessWords.contains($0) }
        self.init(vowellessMinimumLength: vowelless ? nil : 4)
    }

    /// Tesseract codes of languages whose words can lack a, e, i, o, u and y.
    public static let languagesWithVowellessWords: Set<String> = ["ces", "slk", "hrv", "srp_latn", "bos", "slv", "cym"]

    /// The first rule `token` breaks, or nil when it looks like a word (or is not judged).
    public func reason(for token: String) -> Reason? {
        var characters: [TokenScalar] = []
        characters.reserveCapacity(token.utf8.count)
        var symbols = 0
        for scalar in token.unicodeScalars {
            let kind = Self.kind(of: scalar)
            if kind == .other { return nil }
            if kind == .symbol { symbols += 1 }
            characters.append(TokenScalar(scalar: scalar, kind: kind))
        }
        guard !characters.isEmpty else { return nil }
        if symbols * 2 > characters.count { return .mostlySymbols }
        if Self.hasRepeat(characters) { return .repeatedCharacter }
        let runs = characters.split(whereSeparator: { !$0.kind.isLetter })
        if runs.contains(where: Self.mixesScripts) { return .mixedScripts }
        if Self.hasDigitsInWord(characters) { return .digitsInWord }
        if runs.contains(where: Self.alternatesCase) { return .caseAlternation }
        if let minimum = vowellessMinimumLength,
           runs.contains(where: { $0.count >= minimum && Self.lacksVowel($0) }) {
            return .noVowel
        }
        return nil
    }

    // MARK: - Rules

    private static func hasRepeat(_ characters: [TokenScalar]) -> Bool {
        var run = 1
        for (previous, character) in zip(characters, characters.dropFirst()) {
            if character.kind != .digit && folded(character.scalar) == folded(previous.scalar) {
                run += 1
                if run >= 4 { return true }
            } else {
                run = 1
            }
        }
        return false
    }

    /// Latin with Cyrillic, Greek with Cyrillic, or Latin with more than one Greek letter: a single
    /// Greek letter is a unit prefix or a name part (`μg`, `αhelix`).
    private static func mixesScripts(_ run: ArraySlice<TokenScalar>) -> Bool {
        var latin = 0, greek = 0, cyrillic = 0
        for character in run {
            switch character.kind {
            case .latin: latin += 1
            case .greek: greek += 1
            case .cyrillic: cyrillic += 1
            default: break
            }
        }
        return cyrillic > 0 && (latin > 0 || greek > 0) || latin > 0 && greek > 1
    }

    /// Digits between lower-case letters, where at least three letters surround them (`l0ve`, `he11o`;
    /// not `k8s`, `i18n`, `w3c`, `HbA1c`, `H2O`) and the letters after are not a plural or model `s`
    /// (`mp3s`, `iPhone6s`); or one of `oOlISBZ` alone between digits (`2O21`, `20l9`).
    private static func hasDigitsInWord(_ characters: [TokenScalar]) -> Bool {
        var index = 0
        while index < characters.count {
            let kind = characters[index].kind
            guard kind == .digit || kind.isLetter else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, characters[end].kind == .digit ? kind == .digit : kind.isLetter && characters[end].kind.isLetter {
                end += 1
            }
            defer { index = end }
            guard index > 0, end < characters.count else { continue }
            let previous = characters[index - 1]
            let next = characters[end]
            if kind == .digit, previous.kind.isLetter, next.kind.isLetter {
                let before = letterRunLength(characters, endingBefore: index)
                let after = letterRunLength(characters, startingAt: end)
                if before + after >= 3, isLower(previous.scalar), isLower(next.scalar), !(after == 1 && next.scalar == "s") {
                    return true
                }
            }
            if kind.isLetter, end - index == 1, previous.kind == .digit, next.kind == .digit,
               "oOlISBZ".unicodeScalars.contains(characters[index].scalar) {
                return true
            }
        }
        return false
    }

    /// Case changes names do not make. Splitting a word before each upper-case letter that follows a
    /// lower-case one gives humps (`Mc|Donald`, `i|Phone`, `Open|AI`, `t|He`). A word may change case
    /// three times at most (`McDonald`, `YouTube`, `iPhoneX`); a hump with two capitals and lower-case
    /// after them must be an acronym and a word (`XMLHttp`) or a plural (`PCs`), not `HEllo` or `MHz`;
    /// a later hump of one capital and one lower-case letter (`t|He`, `w|Or|D`, `k|Hz`) is garbage unless
    /// it ends a word that starts with a real word (`Linked|In`, `Fed|Ex`).
    private static func alternatesCase(_ run: ArraySlice<TokenScalar>) -> Bool {
        var humps: [Hump] = []
        var changes = 0
        var previousUpper: Bool?
        for character in run {
            let upper: Bool
            if isUpper(character.scalar) {
                upper = true
                if humps.last.map({ $0.lower > 0 }) ?? true { humps.append(Hump()) }
                humps[humps.count - 1].capitals += 1
            } else if isLower(character.scalar) {
                upper = false
                if humps.isEmpty { humps.append(Hump()) }
                humps[humps.count - 1].lower += 1
                humps[humps.count - 1].lastLower = character.scalar
            } else {
                continue
            }
            if let previousUpper, previousUpper != upper { changes += 1 }
            previousUpper = upper
        }
        guard changes > 0 else { return false }
        guard changes <= 3 else { return true }
        for (index, hump) in humps.enumerated() {
            if hump.capitals >= 2, hump.lower >= 1,
               !(hump.lower == 1 && hump.lastLower == "s"), !(hump.capitals >= 3 && hump.lower >= 2) {
                return true
            }
            if index > 0, hump.capitals == 1, hump.lower == 1 {
                let endsAfterRealWord = index == humps.count - 1 && humps[0].capitals == 1 && humps[0].lower >= 2
                if !endsAfterRealWord { return true }
            }
        }
        return false
    }

    /// Capitals then lower-case letters: one hump of a camel-case word.
    private struct Hump {
        var capitals = 0
        var lower = 0
        var lastLower: Unicode.Scalar?
    }

    /// A Latin word with neither a, e, i, o, u, y nor an accented form of them. Words with two capitals
    /// or more are abbreviations and exempt (`HTML`, `GmbH`).
    private static func lacksVowel(_ run: ArraySlice<TokenScalar>) -> Bool {
        guard run.allSatisfy({ $0.kind == .latin || $0.kind == .mark }),
              run.contains(where: { isLower($0.scalar) }),
              run.count(where: { isUpper($0.scalar) }) < 2 else { return false }
        return !run.contains { character in
            let scalar = character.scalar
            let base = scalar.isASCII
                ? scalar
                : String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
            return "aeiouyAEIOUYæœøÆŒØ".unicodeScalars.contains(base)
        }
    }

    // MARK: - Characters

    /// A scalar of the token and what it is, worked out once.
    private struct TokenScalar {
        let scalar: Unicode.Scalar
        let kind: Kind
    }

    private enum Kind {
        case latin, greek, cyrillic, mark, digit, symbol, other

        var isLetter: Bool {
            switch self {
            case .latin, .greek, .cyrillic, .mark: true
            default: false
            }
        }
    }

    /// What a scalar is for these rules; `other` is a letter of a script the rules do not judge.
    /// Common blocks are told by range, since Unicode property lookups dominate the cost otherwise.
    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        let value = scalar.value
        switch value {
        case 0x30...0x39:
            return .digit
        case 0x41...0x5A, 0x61...0x7A:
            return .latin
        case 0...0x7F, 0xD7, 0xF7:
            return .symbol
        case 0xC0...0x24F, 0x1E00...0x1EFF:
            return .latin
        case 0x300...0x36F, 0x483...0x489:
            return .mark
        case 0x391...0x3A9, 0x3AA...0x3CE:
            return .greek
        case 0x410...0x44F:
            return .cyrillic
        case _ where Script.isUnspaced(scalar):
            return .other
        default:
            break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        case .decimalNumber:
            return .digit
        default:
            break
        }
        guard properties.isAlphabetic else { return properties.numericType != nil ? .digit : .symbol }
        switch value {
        case 0x250...0x2AF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F:
            return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF:
            return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F:
            return .cyrillic
        default:
            return .other
        }
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x41...0x5A).contains(scalar.value) : scalar.properties.isUppercase
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x61...0x7A).contains(scalar.value) : scalar.properties.isLowercase
    }

    private static func letterRunLength(_ characters: [TokenScalar], endingBefore end: Int) -> Int {
        var start = end
        while start > 0, characters[start - 1].kind.isLetter { start -= 1 }
        return end - start
    }

    private static func letterRunLength(_ characters: [TokenScalar], startingAt start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end].kind.isLetter { end += 1 }
        return end - start
    }

    /// ASCII letters folded to lower case, for comparing repeats; other scalars as they are.
    private static func folded(_ scalar: Unicode.Scalar) -> UInt32 {
        let value = scalar.value
        return ((value | 0x20) &- 0x61) < 26 ? value | 0x20 : value
    }
}
