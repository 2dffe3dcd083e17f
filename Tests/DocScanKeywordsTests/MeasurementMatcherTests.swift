import DocScanCore
@testable import DocScanKeywords
import Foundation
import Testing

@Suite struct MeasurementMatcherTests {
    private let matcher = MeasurementMatcher()

    private func found(_ text: String) -> [String] {
        matcher.matchedStrings(in: text.precomposedStringWithCompatibilityMapping)
    }

    /// Each of these is one measurement from its first character to its last.
    @Test(arguments: [
        ("42", .number), ("-3.5", .number), ("+5", .number), ("−3.5", .number), ("±0.5", .number), (".5", .number),
        ("1,234,567", .number), ("1.234.567", .number), ("1 234", .number), ("1'234'567", .number),
        ("3,20", .number), ("1,234.56", .number), ("1.2e-3", .number), ("3.14159265", .number),
        ("1920x1080", .number), ("120/80", .number), ("1:100", .number), ("½", .number), ("3½", .number),
        ("7.8~15.6", .range), ("9.6-11.8", .range), ("3–5", .range), ("3 - 5", .range), ("7.8 ~ 15.6", .range),
        ("3kg-5kg", .range), ("10%-20%", .range), ("-5~+5", .range), ("1.5~2.0 mmol/L", .range),
        ("2020-2021", .range), ("37.2℃~37.5℃", .range), ("2021-10-09 - 2021-10-12", .range), ("5至10", .range),
        ("2021.10.09", .date), ("2021-10-09", .date), ("2021/10/09", .date), ("10/09/2021", .date),
        ("10.09.2021", .date), ("09.10.21", .date), ("2021年10月9日", .date), ("2021年10月", .date), ("10月9日", .date),
        ("2024年3月15日", .date),
        ("16:39", .time), ("16:39:05", .time), ("9:30", .time), ("9:30 pm", .time), ("9:30am", .time),
        ("9:30 a.m.", .time),
        ("12%", .percentage), ("12.5 %", .percentage), ("3‰", .percentage), ("-0.5%", .percentage),
        ("65.3kg", .quantity), ("25.0 kg/m2", .quantity), ("120 mmHg", .quantity), ("5.6 mmol/L", .quantity),
        ("4.5×10^9/L", .quantity), ("4.5x10^9/L", .quantity), ("37.2℃", .quantity), ("37.2°C", .quantity),
        ("98.6 °F", .quantity), ("100 mg/dl", .quantity), ("12cm", .quantity), ("5 μg", .quantity),
        ("5µg", .quantity), ("10 cmH2O", .quantity), ("5 U/L", .quantity), ("30 IU", .quantity),
        ("90 mL/min/1.73m2", .quantity), ("72 bpm", .quantity), ("64GB", .quantity), ("100 kHz", .quantity),
        ("210 × 297 mm", .quantity), ("1080p", .quantity), ("24 h", .quantity), ("5 min", .quantity),
        ("10 m^2", .quantity), ("12 V", .quantity), ("38岁", .quantity), ("3个月", .quantity), ("65㎏", .quantity),
        ("1.5万", .quantity), ("5 Mio", .quantity),
        ("$12.50", .money), ("€3,20", .money), ("¥100", .money), ("￥100", .money), ("US$5", .money),
        ("USD 100", .money), ("100 USD", .money), ("5 €", .money), ("3,20 €", .money), ("100元", .money),
        ("£1,200", .money), ("-$5", .money),
        ("+86 138 0013 8000", .digitString), ("010-12345678", .digitString), ("110101199003077777", .digitString),
        ("4111 1111 1111 1111", .digitString), ("1234-5678-90", .digitString), ("0121 496 0754", .digitString),
        ("11010119900307777X", .digitString), ("A1234567", .digitString), ("TJ1009058", .digitString),
        ("192.168.1.1", .digitString), ("13800138000", .digitString),
        ("1st", .ordinal), ("22nd", .ordinal), ("3rd", .ordinal), ("11th", .ordinal),
    ] as [(String, MeasurementMatcher.Kind)])
    func matchesWhole(text: String, kind: MeasurementMatcher.Kind) {
        let normalized = text.precomposedStringWithCompatibilityMapping
        let matches = matcher.matches(in: normalized)
        #expect(matches.count == 1)
        #expect(matches.first.map { String(normalized[$0.range]) } == normalized)
        #expect(matches.first?.kind == kind)
    }

    /// Names and words with digits stay keywords; so does a unit without a number.
    @Test(arguments: [
        "InBody770", "COVID-19", "A4", "MP3", "H2O", "CO2", "B12", "x86", "F-16", "5G", "3M", "4K", "2x",
        "PM2.5", "v1.5", "SARS-CoV-2", "OFFICE-5G", "iPhone15", "HbA1c", "mp4", "kg", "mmHg", "cmH2O", "%",
        "12abc", "5kg5", "12cmx", "3D", "7RP", "HDP-30418", "", "no digits here", "体重",
    ])
    func leavesAlone(text: String) {
        #expect(found(text).isEmpty)
    }

    @Test func findsMeasurementsInAChineseReport() {
        let text = "身高：168.1cm 检查日期：2021.10.09 编号：TJ1009058\n蛋白质 10.2 kg 9.6~11.8\n体重 65.3kg，体脂百分比 24.2 %"
        #expect(found(text) == ["168.1cm", "2021.10.09", "TJ1009058", "10.2 kg", "9.6~11.8", "65.3kg", "24.2 %"])
    }

    @Test func findsMeasurementsInAnEnglishInvoice() {
        let text = "Telephone 0121 496 0754. Invoice NHG-2023-0417, 12 April 2023: 2 Watering can, 10 L 14.50; "
            + "Member discount 10% -10.75; VAT 20% 19.35; sort code 40-12-76."
        #expect(found(text) == ["0121 496 0754", "12", "2023", "2", "10 L", "14.50", "10%", "-10.75", "20%", "19.35",
                                "40-12-76"])
    }

    @Test func aNumberStopsWhereTheSentenceGoesOn() {
        #expect(found("It costs 12.") == ["12"])
        #expect(found("am 5.Juni") == ["5"])
        #expect(found("No.5, Fig.3") == ["5", "3"])
        #expect(found("values 1, 2, 3") == ["1", "2", "3"])
        #expect(found("2021-10-09 16:39:05") == ["2021-10-09", "16:39:05"])
        #expect(found("page 3 / 92") == ["3", "92"])
        #expect(found("a 3-year plan") == ["3"])
    }

    /// Digits glued to a word are a name (`COVID-19`) unless they are mostly the whole run: an ID.
    @Test func digitsAfterAWordAreAnIDOnlyWhenLong() {
        #expect(found("ISBN-9780306406157") == ["9780306406157"])
        #expect(found("ID-123456 and COVID-19") == ["123456"])
        #expect(found("SN A1234567, InBody770") == ["A1234567"])
    }

    @Test func aUnitAfterASpaceMustNotReadAsAWord() {
        #expect(found("5 in the box") == ["5"])
        #expect(found("Grade 5 A") == ["5"])
        #expect(found("5 minutes and 5 hours") == ["5", "5"])
        #expect(found("3 t of sand, 5 s later") == ["3", "5"])
        #expect(found("at 5 am") == ["5"])
        #expect(found("5t 10s 5in") == ["5t", "10s", "5in"])
    }

    @Test func aRangeNeedsTheSameSpacingOnBothSides() {
        #expect(found("3 -5") == ["3", "-5"])
        #expect(found("3- 5") == ["3", "5"])
        #expect(found("Items: 1 - Apples") == ["1"])
    }

    @Test func aNumberAfterAHanCharacterOrBeforeAHangulOneStandsAlone() {
        #expect(found("第3名") == ["3名"])
        #expect(found("晚上8点至10点") == ["8", "10"])
        #expect(found("분기 3개") == ["3"])
    }

    @Test func rangesPointIntoTheOriginalText() {
        let text = "Ärztin: Blutdruck 120/80 mmHg, Gewicht 65,3 kg"
        let matches = matcher.matches(in: text)
        #expect(matches.map { text[$0.range] } == ["120/80 mmHg", "65,3 kg"])
        #expect(matches.map(\.kind) == [.quantity, .quantity])
    }

    @Test func matchesDoNotOverlapAndComeInOrder() {
        let text = String(repeating: "InBody770 65.3kg 2021.10.09 体重65.3kg 7.8~15.6 +86 138 0013 8000 ", count: 50)
        let matches = matcher.matches(in: text)
        #expect(matches.count == 250)
        for (earlier, later) in zip(matches, matches.dropFirst()) {
            #expect(earlier.range.upperBound <= later.range.lowerBound)
        }
    }
}
