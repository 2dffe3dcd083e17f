import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// Both modes read a Chinese page in its primary language and only doubtful lines in all of them.
struct PrimaryLanguageRecognizerTests {
    @Test func bothModesWithSeveralScriptsReadThePrimaryFirst() throws {
        let fast = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        #expect(try fast.recognizers.make(fast.models, nil) is PrimaryLanguageRecognizer)
        let single = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        #expect(try single.recognizers.make(single.models, nil) is TesseractEngine)
        let accurate = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        #expect(try accurate.recognizers.make(accurate.models, nil) is PrimaryLanguageRecognizer)
        // One script: Tesseract's own choice per word stays.
        #expect(PrimaryLanguageRecognizer.applies(to: ["chi_sim", "eng"]))
        #expect(!PrimaryLanguageRecognizer.applies(to: ["eng", "deu", "fra"]))
        #expect(!PrimaryLanguageRecognizer.applies(to: ["eng", "chi_sim"]))
        #expect(!PrimaryLanguageRecognizer.applies(to: ["chi_sim", "chi_tra"]))
    }

    /// Read with `chi_sim+eng` at once, Tesseract's English retry took over the lab report's `左下肢`
    /// (read `AFAR` or `ETE`); read in Chinese first, the row stays whole.
    /// Not in accurate mode: there the doubtful row is re-read with the standard English model, which is
    /// surer of `ETE` than the Chinese model of 左下肢 (the README's languages paragraph).
    @Test func theLabReportsLimbRowsStayChinese() throws {
        let record = try #require(try TestSupport.scan(TestSupport.fixture("zh_lab_report.png"), mode: .fast, languages: "chi_sim,eng").first)
        #expect(record.error == nil)
        let lines = record.text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("左下肢 8.21 kg 正常"), "\(lines)")
        #expect(lines.contains("身体水分 35.8 kg 35.1~42.9"), "\(lines)")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("zh_lab_report"), chinese: true)
        #expect(cer <= 0.03, "CER \(cer)")
    }

    @Test func aLineReadAgainReplacesItsTextAndWords() {
        func span(_ text: String, _ x: Int, _ y: Int, _ width: Int, confidence: Double = 90) -> RecognizedSpan {
            RecognizedSpan(text: text, confidence: confidence, box: PageBox(x: x, y: y, width: width, height: 20))
        }
        var page = RecognizedText(
            text: "Total 12\nTotal 12\nEBtt 0.89\n",
            meanConfidence: 80,
            words: [span("Total", 0, 0, 50), span("12", 60, 0, 20), span("Total", 0, 30, 50), span("12", 60, 30, 20),
                    span("EBtt", 0, 60, 40, confidence: 40), span("0.89", 60, 60, 40)],
            lines: [span("Total 12", 0, 0, 80), span("Total 12", 0, 30, 80), span("EBtt 0.89", 0, 60, 100, confidence: 50)],
            resolution: 300)
        // The second of two identical lines is replaced; the first keeps its text.
        page.replaceLines([
            1: LineReading(text: "Tota1 12", confidence: 95, words: [span("Tota1", 0, 30, 50), span("12", 60, 30, 20)]),
            2: LineReading(text: "腰臀比 0.89", confidence: 88, words: [span("腰臀比", 0, 60, 50), span("0.89", 60, 60, 40)]),
        ])
        #expect(page.text == "Total 12\nTota1 12\n腰臀比 0.89\n")
        #expect(page.lines.map(\.text) == ["Total 12", "Tota1 12", "腰臀比 0.89"])
        #expect(page.lines[2].confidence == 88)
        #expect(page.words.map(\.text) == ["Total", "12", "Tota1", "12", "腰臀比", "0.89"])
    }
}
