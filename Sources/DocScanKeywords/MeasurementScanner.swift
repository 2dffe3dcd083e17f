import DocScanCore

/// The byte-level scanner behind `MeasurementMatcher`, alive for one `matches(in:)` call.
///
/// It works on byte offsets into the text's UTF-8 and decodes a scalar only next to a digit, which is
/// what keeps it fast: most bytes are looked at once and found not to be a digit.
struct MeasurementScanner {
    struct Found: Equatable {
        let start: Int
        let end: Int
        let kind: MeasurementMatcher.Kind
    }

    /// The digit groups of one number and the separators between them, enough to tell a date from a
    /// phone number or a range without keeping every group.
    private struct Numeral {
        var end: Int
        var groups = 1
        var digits: Int
        var lengths: (Int, Int, Int)
        var longest: Int
        /// One bit per separator seen, see `separatorBit`.
        var separators: UInt8 = 0
        var hyphens = 0
        var laterGroupsOfThree = true
    }

    /// A value with whatever follows it (exponent, product, unit, percent sign), before any range.
    private struct Quantity {
        var end: Int
        var kind: MeasurementMatcher.Kind
        var unit = false
        var currency = false
        var percent = false
    }

    private enum Outcome {
        case found(Found)
        case notFound(skipTo: Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private let units = MeasurementUnits.byFirstByte

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        count = bytes.count
    }

    func scan() -> [Found] {
        var found: [Found] = []
        var floor = 0
        var index = 0
        while index < count {
            guard isDigit(index) else {
                index += 1
                continue
            }
            let outcome: Outcome
            if let runStart = gluedRunStart(beforeDigitAt: index, floor: floor) {
                let end = nameRunEnd(from: index)
                outcome = idLike(from: runStart, to: end).map(Outcome.found) ?? .notFound(skipTo: end)
            } else {
                outcome = measurement(at: index, floor: floor)
            }
            switch outcome {
            case .found(let match):
                found.append(match)
                index = match.end
            case .notFound(let end):
                index = end
            }
            floor = index
        }
        return found
    }

    // MARK: - One measurement

    private func measurement(at digit: Int, floor: Int) -> Outcome {
        var start = digit
        if digit - 1 >= floor, bytes[digit - 1] == UInt8(ascii: "."), !isAlnum(before: digit - 1) {
            start = digit - 1
        }
        var plusSign = false
        var moneyPrefix = false
        if let sign = signStart(before: start, floor: floor) {
            plusSign = bytes[sign] == UInt8(ascii: "+")
            start = sign
        }
        if let currency = currencyStart(before: start, floor: floor) {
            moneyPrefix = true
            start = signStart(before: currency, floor: floor) ?? currency
        }

        let first = quantity(at: digit, plusSign: plusSign)
        guard endsAtBoundary(first.end) else {
            let end = nameRunEnd(from: first.end)
            return idLike(from: digit, to: end).map(Outcome.found) ?? .notFound(skipTo: end)
        }
        if let secondDigit = rangeSecondDigit(after: first.end) {
            let second = quantity(at: secondDigit, plusSign: false)
            if endsAtBoundary(second.end) {
                return .found(Found(start: start, end: second.end, kind: .range))
            }
        }
        let kind: MeasurementMatcher.Kind =
            if first.kind == .range { .range }
            else if moneyPrefix || first.currency { .money }
            else if first.percent { .percentage }
            else if first.unit { .quantity }
            else { first.kind }
        return .found(Found(start: start, end: first.end, kind: kind))
    }

    /// A number and what is attached to it: a Chinese date, exponent, product (`4.5×10^9`), ordinal
    /// suffix, am/pm, percent sign or unit.
    private func quantity(at digit: Int, plusSign: Bool) -> Quantity {
        let numeral = self.numeral(at: digit)
        if numeral.groups == 1, let end = chineseDateEnd(after: numeral.end, yearDigits: numeral.digits) {
            return Quantity(end: end, kind: .date)
        }
        var result = Quantity(end: exponentEnd(after: numeral.end), kind: kind(of: numeral, plusSign: plusSign))
        var product = false
        while let operand = productOperand(after: result.end) {
            result.end = exponentEnd(after: self.numeral(at: operand).end)
            result.kind = .number
            product = true
        }
        if result.kind == .number, numeral.groups == 1, !product, let end = ordinalEnd(after: result.end) {
            return Quantity(end: end, kind: .ordinal)
        }
        if result.kind == .time {
            result.end = meridiemEnd(after: result.end) ?? result.end
        } else if let end = percentEnd(after: result.end) {
            result.end = end
            result.percent = true
        } else if let (end, currency) = unitEnd(after: result.end) {
            result.end = end
            result.unit = true
            result.currency = currency
        }
        return result
    }

    private func numeral(at digit: Int) -> Numeral {
        let firstEnd = digitRunEnd(from: digit)
        var numeral = Numeral(end: firstEnd, digits: firstEnd - digit, lengths: (firstEnd - digit, 0, 0),
                              longest: firstEnd - digit)
        while numeral.end + 1 < count {
            // NFKC writes `½` as `1⁄2`, with a fraction slash.
            let fraction = has(Self.fractionSlash, at: numeral.end)
            let separatorLength = fraction ? Self.fractionSlash.count : 1
            guard isDigit(numeral.end + separatorLength) else { return numeral }
            let groupEnd = digitRunEnd(from: numeral.end + separatorLength)
            let length = groupEnd - numeral.end - separatorLength
            let bit = fraction ? Self.slash : Self.separatorBit(bytes[numeral.end])
            switch bit {
            case 0:
                return numeral
            case Self.space:
                // Spaces group digits (`1 234`, `+86 138 0013 8000`) only before long enough groups,
                // so `2021-10-09 16:39` stays a date and a time.
                guard length >= 3, numeral.separators & ~(Self.space | Self.hyphen) == 0 else { return numeral }
            case Self.apostrophe:
                guard length == 3 else { return numeral }
            default:
                break
            }
            numeral.separators |= bit
            if bit == Self.hyphen { numeral.hyphens += 1 }
            numeral.groups += 1
            if numeral.groups == 2 { numeral.lengths.1 = length }
            if numeral.groups == 3 { numeral.lengths.2 = length }
            if length != 3 { numeral.laterGroupsOfThree = false }
            numeral.digits += length
            numeral.longest = max(numeral.longest, length)
            numeral.end = groupEnd
        }
        return numeral
    }

    private func kind(of numeral: Numeral, plusSign: Bool) -> MeasurementMatcher.Kind {
        let (first, second, third) = numeral.lengths
        let separators = numeral.separators
        if separators == Self.colon, numeral.groups <= 3, first <= 2, second == 2, numeral.groups == 2 || third == 2 {
            return .time
        }
        if numeral.groups == 3, separators == Self.dot || separators == Self.slash || separators == Self.hyphen,
           (first == 4 && second <= 2 && third <= 2)
            || (first <= 2 && second <= 2 && (third == 4 || (third == 2 && separators != Self.hyphen))) {
            return .date
        }
        let grouping = Self.comma | Self.dot | Self.space | Self.apostrophe
        if separators & grouping == separators, separators.nonzeroBitCount == 1, first <= 3,
           numeral.laterGroupsOfThree {
            return .number
        }
        if numeral.hyphens == 1, numeral.longest <= 4, separators & ~(Self.hyphen | Self.dot | Self.comma) == 0 {
            return .range
        }
        let digitGrouping = Self.hyphen | Self.space | (numeral.groups > 2 ? Self.dot : 0)
        if (plusSign && numeral.digits >= 7)
            || (numeral.groups == 1 && numeral.digits >= 9)
            || (numeral.groups > 1 && numeral.digits >= 7 && separators & ~digitGrouping == 0) {
            return .digitString
        }
        return .number
    }

    private static let fractionSlash = Array("⁄".utf8)

    private static let dot: UInt8 = 1
    private static let comma: UInt8 = 2
    private static let slash: UInt8 = 4
    private static let colon: UInt8 = 8
    private static let hyphen: UInt8 = 16
    private static let space: UInt8 = 32
    private static let apostrophe: UInt8 = 64

    /// The bit of a byte that may separate digit groups, 0 for any other byte.
    private static func separatorBit(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "."): dot
        case UInt8(ascii: ","): comma
        case UInt8(ascii: "/"): slash
        case UInt8(ascii: ":"): colon
        case UInt8(ascii: "-"): hyphen
        case UInt8(ascii: " "): space
        case UInt8(ascii: "'"): apostrophe
        default: 0
        }
    }

    // MARK: - What comes before a number

    /// A sign right before `position`, itself after a space, punctuation or the start of the text.
    private func signStart(before position: Int, floor: Int) -> Int? {
        guard let (scalar, start) = scalar(before: position), start >= floor,
              "+-−±".unicodeScalars.contains(scalar), !isAlnum(before: start) else { return nil }
        return start
    }

    /// A currency sign (`$`, `US$`, `€`) or a code and a space (`USD `) right before `position`.
    private func currencyStart(before position: Int, floor: Int) -> Int? {
        var end = position
        if end - 1 >= floor, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        for sign in MeasurementUnits.currencySigns where end - sign.count >= floor && has(sign, at: end - sign.count) {
            var start = end - sign.count
            if sign == [UInt8(ascii: "$")] {
                var letters = start
                while letters > floor, start - letters < 3, isUppercaseASCII(letters - 1) { letters -= 1 }
                if letters < start, !isAlnum(before: letters) { start = letters }
            }
            return isAlnum(before: start) ? nil : start
        }
        guard end < position, end - 3 >= floor else { return nil }
        let code = Array(bytes[(end - 3)..<end])
        guard MeasurementUnits.currencyCodes.contains(code), !isAlnum(before: end - 3) else { return nil }
        return end - 3
    }

    /// Where the alphanumeric run a digit is glued to starts, or nil when the digit starts a number.
    ///
    /// Letters or digits right before it glue it (`InBody770`); so do letters or digits before a
    /// hyphen or underscore (`COVID-19`), but then the run starts at the digit.
    private func gluedRunStart(beforeDigitAt digit: Int, floor: Int) -> Int? {
        guard let (previous, previousStart) = scalar(before: digit) else { return nil }
        if isAlnum(previous) {
            var start = previousStart
            while start > floor, let (scalar, scalarStart) = scalar(before: start), isAlnum(scalar) {
                start = scalarStart
            }
            return max(start, floor)
        }
        if previous == "-" || previous == "_", isAlnum(before: previousStart) {
            return digit
        }
        return nil
    }

    // MARK: - What comes after a number

    /// `年`, `月`, `日` and `号` between digits: `2021年10月9日`, `2021年10月`, `10月9日`.
    private func chineseDateEnd(after end: Int, yearDigits: Int) -> Int? {
        var position = end
        if yearDigits <= 4, has(Self.year, at: position) {
            guard let month = chineseDatePart(at: position + Self.year.count, marks: [Self.month]) else { return nil }
            position = month
        } else if yearDigits <= 2, has(Self.month, at: position) {
            guard chineseDatePart(at: position + Self.month.count, marks: [Self.day, Self.dayNumber]) != nil else {
                return nil
            }
            position += Self.month.count
        } else {
            return nil
        }
        return chineseDatePart(at: position, marks: [Self.day, Self.dayNumber]) ?? position
    }

    /// One or two digits then one of `marks`; the end of the mark.
    private func chineseDatePart(at position: Int, marks: [[UInt8]]) -> Int? {
        guard isDigit(position) else { return nil }
        let end = digitRunEnd(from: position)
        guard end - position <= 2, let mark = marks.first(where: { has($0, at: end) }) else { return nil }
        return end + mark.count
    }

    private static let year = Array("年".utf8)
    private static let month = Array("月".utf8)
    private static let day = Array("日".utf8)
    private static let dayNumber = Array("号".utf8)

    /// `e-3`, `E+5` and `^9` (`10^9`) after a number.
    private func exponentEnd(after end: Int) -> Int {
        guard end < count else { return end }
        var position = end + 1
        switch bytes[end] {
        case UInt8(ascii: "e"), UInt8(ascii: "E"):
            if position < count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
        case UInt8(ascii: "^"):
            if position < count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        default:
            return end
        }
        guard isDigit(position) else { return end }
        let digitsEnd = digitRunEnd(from: position)
        return isAlnum(at: digitsEnd) ? end : digitsEnd
    }

    /// The first digit after `×`, `x`, `X` or `*` between numbers (`210×297`, `1920x1080`, `4.5 × 10^9`).
    private func productOperand(after end: Int) -> Int? {
        var position = end
        if position < count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        if has(Self.times, at: position) {
            position += Self.times.count
        } else if position < count, "xX*".utf8.contains(bytes[position]) {
            position += 1
        } else {
            return nil
        }
        if position < count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        return isDigit(position) ? position : nil
    }

    private static let times = Array("×".utf8)

    /// `st`, `nd`, `rd` or `th` right after an integer.
    private func ordinalEnd(after end: Int) -> Int? {
        guard end + 2 <= count else { return nil }
        let suffix = (bytes[end], bytes[end + 1])
        let ordinal = switch suffix {
        case (UInt8(ascii: "s"), UInt8(ascii: "t")), (UInt8(ascii: "n"), UInt8(ascii: "d")),
             (UInt8(ascii: "r"), UInt8(ascii: "d")), (UInt8(ascii: "t"), UInt8(ascii: "h")): true
        default: false
        }
        return ordinal && !isAlnum(at: end + 2) ? end + 2 : nil
    }

    /// `am`, `pm`, `a.m.` or `p.m.` after a time, with or without a space.
    private func meridiemEnd(after end: Int) -> Int? {
        var position = end
        if position < count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        for suffix in Self.meridiems where has(suffix, at: position) {
            let suffixEnd = position + suffix.count
            if suffix.last == UInt8(ascii: ".") || !isAlnum(at: suffixEnd) { return suffixEnd }
        }
        return nil
    }

    private static let meridiems = ["a.m.", "p.m.", "am", "pm", "AM", "PM"].map { Array($0.utf8) }

    /// `%`, `‰` or `‱` after a number, with or without a space.
    private func percentEnd(after end: Int) -> Int? {
        var position = end
        if position < count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        if position < count, bytes[position] == UInt8(ascii: "%") { return position + 1 }
        for sign in Self.percentSigns where has(sign, at: position) { return position + sign.count }
        return nil
    }

    private static let percentSigns = ["‰", "‱", "％"].map { Array($0.utf8) }

    /// A unit after a number, with or without a space: one unit (`kg`), an exponent (`m2`, `m^2`),
    /// and more units after `/` or `·`, each maybe with a number (`mL/min/1.73m2`, `×10^9/L`).
    private func unitEnd(after end: Int) -> (end: Int, currency: Bool)? {
        var position = end
        let spaced = position < count && bytes[position] == UInt8(ascii: " ")
        if spaced { position += 1 }
        var compound = false
        if position < count, bytes[position] == UInt8(ascii: "/") {
            position += 1
            compound = true
        }
        guard let (firstEnd, first) = unitAtom(at: position) else { return nil }
        var unitEnd = firstEnd
        while true {
            var next = unitEnd
            if next < count, bytes[next] == UInt8(ascii: "/") {
                next += 1
            } else if has(Self.middleDot, at: next) {
                next += Self.middleDot.count
            } else {
                break
            }
            if isDigit(next) { next = numeral(at: next).end }
            guard let (atomEnd, _) = unitAtom(at: next) else { break }
            unitEnd = atomEnd
            compound = true
        }
        guard !spaced || first.spaced || compound else { return nil }
        return (unitEnd, first.currency)
    }

    private static let middleDot = Array("·".utf8)

    /// The longest unit at `position` that ends at a boundary, with its exponent.
    private func unitAtom(at position: Int) -> (end: Int, unit: MeasurementUnits.Unit)? {
        guard position < count else { return nil }
        for unit in units[Int(bytes[position])] where has(unit.bytes, at: position) {
            var end = position + unit.bytes.count
            if end + 1 < count, bytes[end] == UInt8(ascii: "^"), isDigit(end + 1) || bytes[end + 1] == UInt8(ascii: "-") {
                let digits = bytes[end + 1] == UInt8(ascii: "-") ? end + 2 : end + 1
                if isDigit(digits) { end = digitRunEnd(from: digits) }
            } else if end < count, bytes[end] == UInt8(ascii: "2") || bytes[end] == UInt8(ascii: "3"),
                      isWordLetter(before: end) {
                end += 1
            }
            if !isAlnum(at: end) || !isWordLetter(before: end) && !isDigit(end - 1) { return (end, unit) }
        }
        return nil
    }

    /// The first digit of the second value of a range (`~`, `-`, `–`, `—`, `〜`, `至`), past its sign
    /// and currency sign.
    ///
    /// A space on one side of the connector needs one on the other: `3 - 5` is a range, but in
    /// `discount 10% -10.75` the minus belongs to the amount.
    private func rangeSecondDigit(after end: Int) -> Int? {
        var position = end
        let spaced = position < count && bytes[position] == UInt8(ascii: " ")
        if spaced { position += 1 }
        guard let connector = Self.rangeConnectors.first(where: { has($0, at: position) }) else { return nil }
        position += connector.count
        guard spaced == (position < count && bytes[position] == UInt8(ascii: " ")) else { return nil }
        if spaced { position += 1 }
        if position < count, "+-".utf8.contains(bytes[position]) { position += 1 }
        if let sign = MeasurementUnits.currencySigns.first(where: { has($0, at: position) }) { position += sign.count }
        return isDigit(position) ? position : nil
    }

    private static let rangeConnectors = ["~", "-", "–", "—", "〜", "至"].map { Array($0.utf8) }

    /// A run that is mostly digits is an ID or serial number: six digits or more, two letters at most.
    private func idLike(from start: Int, to end: Int) -> Found? {
        var digits = 0
        var letters = 0
        var position = start
        while position < end {
            let (scalar, length) = scalar(at: position)
            if (scalar.value &- 0x30) < 10 {
                digits += 1
            } else if isAlnum(scalar) {
                letters += 1
            }
            position += length
        }
        return digits >= 6 && letters <= 2 ? Found(start: start, end: end, kind: .digitString) : nil
    }

    // MARK: - Bytes and scalars

    private func isDigit(_ position: Int) -> Bool {
        position < count && bytes[position] &- UInt8(ascii: "0") < 10
    }

    private func isUppercaseASCII(_ position: Int) -> Bool {
        bytes[position] &- UInt8(ascii: "A") < 26
    }

    private func has(_ literal: [UInt8], at position: Int) -> Bool {
        guard position >= 0, position + literal.count <= count else { return false }
        for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte { return false }
        return true
    }

    private func digitRunEnd(from position: Int) -> Int {
        var end = position
        while isDigit(end) { end += 1 }
        return end
    }

    /// The end of a name a digit is part of: letters and digits, and `.` or `,` between digits
    /// (`InBody770`, `v1.5`).
    private func nameRunEnd(from position: Int) -> Int {
        var end = alnumRunEnd(from: position)
        while end < count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ","), isDigit(end + 1) {
            end = alnumRunEnd(from: end + 1)
        }
        return end
    }

    private func alnumRunEnd(from position: Int) -> Int {
        var end = position
        while end < count {
            let (scalar, length) = scalar(at: end)
            guard isAlnum(scalar) else { break }
            end += length
        }
        return end
    }

    /// A match must not end inside a word: `5G` and `12abc` are not measurements, but `5元5角` and
    /// `12%off` end where their symbol does.
    private func endsAtBoundary(_ end: Int) -> Bool {
        !isAlnum(at: end) || !isAlnum(before: end)
    }

    private func isAlnum(at position: Int) -> Bool {
        guard position < count else { return false }
        return isAlnum(scalar(at: position).scalar)
    }

    private func isAlnum(before position: Int) -> Bool {
        guard let (scalar, _) = scalar(before: position) else { return false }
        return isAlnum(scalar)
    }

    private func isWordLetter(before position: Int) -> Bool {
        guard let (scalar, _) = scalar(before: position) else { return false }
        return isAlnum(scalar) && (scalar.value &- 0x30) >= 10
    }

    /// Letters, digits and marks of scripts that separate words with spaces. Han, kana and Hangul
    /// are not: a number right after `体重` or before `岁` stands on its own.
    private func isAlnum(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (value &- 0x30) < 10 || ((value | 0x20) &- 0x61) < 26
        }
        if Script.isCJK(scalar) || Script.isHangul(scalar) {
            return false
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    /// The scalar starting at `position` and its length in bytes; the text is valid UTF-8.
    private func scalar(at position: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(bytes[position])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard position + length <= count else { return ("\u{FFFD}", 1) }
        var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The scalar ending right before `position` and where it starts.
    private func scalar(before position: Int) -> (scalar: Unicode.Scalar, start: Int)? {
        guard position > 0 else { return nil }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return (scalar(at: start).scalar, start)
    }
}
