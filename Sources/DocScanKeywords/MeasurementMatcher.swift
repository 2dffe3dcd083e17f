import DocScanCore

/// Finds numbers and measurements in NFKC-normalized text, so the keyword stage can mask them before
/// word segmentation splits `65.3kg` into `65`, `3` and `kg`, or `2021.10.09` into three numbers.
///
/// A hand-written scanner over UTF-8 bytes: it skips ahead to the next ASCII digit and reads one
/// measurement from there. Regular expressions were too slow for the keyword stage's budget (the whole
/// stage must keep up with 5 MB of text a second).
///
/// A number glued to a word is part of a name and is left alone: `InBody770`, `A4`, `MP3`, `H2O`,
/// `x86`, and `COVID-19` (a hyphen after letters binds the number to them, as in `F-16`), as is a
/// number followed by letters that are not a unit (`5G`, `3M`, `12abc`). The exception is a run that is
/// mostly digits, which is an ID or serial number (`A1234567`, `11010119900307777X`, `ISBN-9780306406157`
/// matches from its digits): six or more digits and at most two letters.
///
/// Units are case-sensitive (`5g` is grams, `5G` a network), and a unit after a space counts only when
/// it cannot be read as a word (`5 kg`, `5 mmol/L`, but not `5 in` or `5 A`). Only ASCII digits count;
/// NFKC has already turned full-width digits and superscripts into them (`10⁹/L` reads `109/L`).
public struct MeasurementMatcher: Sendable {
    /// What a match is, for counting and debugging; every kind is masked the same way.
    public enum Kind: String, CaseIterable, Sendable {
        /// An integer or decimal, with thousands separators or not: `42`, `-3.5`, `1,234,567`, `3,20`.
        case number
        /// Two values joined by `~ - – — 至`: `7.8~15.6`, `9.6-11.8`, `3kg-5kg`, `10%-20%`.
        case range
        /// `2021.10.09`, `2021-10-09`, `10/09/2021`, `2021年10月9日`.
        case date
        /// `16:39`, `16:39:05`, `9:30 pm`.
        case time
        /// `12%`, `12.5 %`, `3‰`.
        case percentage
        /// A value with a unit: `65.3kg`, `25.0 kg/m2`, `4.5×10^9/L`, `37.2°C`, `3个月`.
        case quantity
        /// An amount with a currency: `$12.50`, `€3,20`, `¥100`, `100元`, `USD 5`.
        case money
        /// A phone number, card or ID: `+86 138 0013 8000`, `010-12345678`, `A1234567`.
        case digitString
        /// `1st`, `22nd`, `3rd`, `11th`.
        case ordinal
    }

    /// One measurement: where it is in the text and what it is.
    public struct Match: Equatable, Sendable {
        public let range: Range<String.Index>
        public let kind: Kind

        public init(range: Range<String.Index>, kind: Kind) {
            self.range = range
            self.kind = kind
        }
    }

    public init() {}

    /// The measurements in `text`, in order, not overlapping.
    public func matches(in text: String) -> [Match] {
        var text = text
        text.makeContiguousUTF8()
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            MeasurementScanner(bytes: bytes).scan()
        } ?? []
        let utf8 = text.utf8
        return found.map { match in
            let lower = utf8.index(utf8.startIndex, offsetBy: match.start)
            let upper = utf8.index(utf8.startIndex, offsetBy: match.end)
            return Match(range: lower..<upper, kind: match.kind)
        }
    }

    /// The matched substrings of `text`, for tests and debugging.
    public func matchedStrings(in text: String) -> [String] {
        matches(in: text).map { String(text[$0.range]) }
    }
}
