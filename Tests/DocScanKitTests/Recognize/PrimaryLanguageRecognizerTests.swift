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
        let accurate = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "chi_sim,eng,deu"), jobs: 1)
        let recognizer = try #require(try accurate.recognizers.make(accurate.models, nil) as? PrimaryLanguageRecognizer)
        // One copy of the Chinese model per worker: the second engine holds only the other languages.
        #expect(recognizer.engineLanguages.primary == "chi_sim")
        #expect(recognizer.engineLanguages.others == "eng+deu")
        // One script: Tesseract's own choice per word stays.
        #expect(PrimaryLanguageRecognizer.applies(to: ["chi_sim", "eng"]))
        #expect(!PrimaryLanguageRecognizer.applies(to: ["eng", "deu", "fra"]))
        #expect(!PrimaryLanguageRecognizer.applies(to: ["eng", "chi_sim"]))
        #expect(!PrimaryLanguageRecognizer.applies(to: ["chi_sim", "chi_tra"]))
    }

    /// Read with `chi_sim+eng` at once, Tesseract's English retry took over the lab report's `左下肢`
    /// (read `AFAR` or `ETE`); read in Chinese first, the row stays whole, in both modes. (In accurate mode
    /// the doubtful row was re-read by a `chi_sim+eng` engine with the standard English model, which was
    /// surer of `ETE`; the stretch-by-stretch merge of `LineLanguageMerge` keeps the Chinese.)
    @Test(arguments: [ScanMode.fast, .accurate])
    func theLabReportsLimbRowsStayChinese(mode: ScanMode) throws {
        let record = try #require(try TestSupport.scan(TestSupport.fixture("zh_lab_report.png"), mode: mode, languages: "chi_sim,eng").first)
        #expect(record.error == nil)
        let lines = record.text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("左下肢 8.21 kg 正常"), "\(lines)")
        #expect(lines.contains("身体水分 35.8 kg 35.1~42.9"), "\(lines)")
        let cer = CharacterErrorRate.of(record.text, reference: try TestSupport.groundTruth("zh_lab_report"), chinese: true)
        #expect(cer <= 0.03, "CER \(cer)")
    }

    private func span(_ text: String, _ x: Int, _ width: Int, confidence: Double = 90, y: Int = 0) -> RecognizedSpan {
        RecognizedSpan(text: text, confidence: confidence, box: PageBox(x: x, y: y, width: width, height: 20))
    }

    /// An English term the Chinese model misread is replaced, the Chinese around it and the layout spaces
    /// between stay, and English garbage over Chinese characters only a little surer does not win.
    @Test func theOtherLanguagesReplaceOnlyTheStretchesTheyReadClearlyBetter() {
        let chinese = RecognizedText(
            text: "通 过   SVMB / NFS     homes",
            meanConfidence: 70,
            words: [span("通", 0, 20, confidence: 80), span("过", 22, 20, confidence: 78), span("SVMB", 60, 48, confidence: 55),
                    span("/", 112, 8), span("NFS", 124, 40, confidence: 70), span("homes", 200, 60, confidence: 92)],
            lines: [span("通 过   SVMB / NFS     homes", 0, 260, confidence: 70)],
            resolution: 300)
        let english = RecognizedText(
            text: "Bid SMB / NFS homes",
            meanConfidence: 80,
            words: [span("Bid", 0, 42, confidence: 84), span("SMB", 61, 46, confidence: 93), span("/", 112, 8, confidence: 91),
                    span("NFS", 124, 40, confidence: 95), span("homes", 200, 60, confidence: 95)],
            lines: [span("Bid SMB / NFS homes", 0, 260, confidence: 80)],
            resolution: 300)
        let merged = LineLanguageMerge.merge(primary: chinese, others: english)
        // 通过 (79) against Bid (84): not 10 points surer. SVMB (55) against SMB (93); NFS 70 against 95;
        // `/` and `homes` read alike (within the margin), so the Chinese model's stay.
        #expect(merged.text == "通 过   SMB / NFS     homes")
        #expect(merged.words.map(\.text) == ["通", "过", "SMB", "/", "NFS", "homes"])
        #expect(merged.words.map(\.confidence) == [80, 78, 93, 90, 95, 92])
        #expect(merged.lines.map(\.text) == ["通 过   SMB / NFS     homes"])
        #expect(merged.meanConfidence == (80 + 78 + 93 + 90 + 95 + 92) / 6.0)
        // Nothing better: the primary reading as it was.
        #expect(LineLanguageMerge.merge(primary: chinese, others: chinese) == chinese)
    }

    /// A stretch the primary language read in Han characters alone keeps them, however much surer the
    /// English model is of its letters there (Fixtures' lab report, fast: `右下肢` read `右FAK`, the
    /// English reading 22 points surer); one the Chinese model read in Latin letters is replaced.
    @Test func lettersOfTheOtherLanguagesDoNotReplaceHanCharacters() {
        let chinese = RecognizedText(
            text: "右 下 肢 5MB", meanConfidence: 50,
            words: [span("右", 0, 30, confidence: 90), span("下", 32, 30, confidence: 44), span("肢", 64, 30, confidence: 48),
                    span("5MB", 120, 40, confidence: 50)],
            lines: [span("右 下 肢 5MB", 0, 160, confidence: 50)], resolution: 300)
        let english = RecognizedText(
            text: "h FAK SMB", meanConfidence: 70,
            words: [span("h", 0, 30, confidence: 40), span("FAK", 32, 62, confidence: 68), span("SMB", 120, 40, confidence: 95)],
            lines: [span("h FAK SMB", 0, 160, confidence: 70)], resolution: 300)
        let merged = LineLanguageMerge.merge(primary: chinese, others: english)
        #expect(merged.text == "右 下 肢 SMB")
        #expect(merged.words.map(\.text) == ["右", "下", "肢", "SMB"])
        #expect(LineLanguageMerge.isUnspaced([span("下", 0, 30, confidence: 44), span("肢、", 32, 30, confidence: 48)]))
        #expect(!LineLanguageMerge.isUnspaced([span("妃", 0, 30, confidence: 30), span("1009058", 32, 90, confidence: 46)]))
        #expect(LineLanguageMerge.holdsSpacedLetters([span("B.", 0, 30, confidence: 80)]))
        #expect(!LineLanguageMerge.holdsSpacedLetters([span("%", 0, 30, confidence: 80)]))
    }

    /// A line image can hold words of two rows, read one row after the other: the text's order is then
    /// not left to right. The readings are not merged (a worker trapped on such a line of a Chinese page
    /// photographed at 3000x4000).
    @Test func wordsOutOfLeftToRightOrderKeepThePrimaryReading() {
        let chinese = RecognizedText(
            text: "名称 服务\n地址", meanConfidence: 60,
            words: [span("名称", 100, 40, confidence: 60), span("服务", 150, 40, confidence: 50), span("地址", 0, 40, confidence: 60, y: 30)],
            lines: [span("名称 服务\n地址", 0, 190, confidence: 60)], resolution: 300)
        let english = RecognizedText(
            text: "GH SMB IT", meanConfidence: 90,
            words: [span("GH", 0, 40, confidence: 95, y: 30), span("SMB", 100, 40, confidence: 95), span("IT", 150, 40, confidence: 95)],
            lines: [span("GH SMB IT", 0, 190, confidence: 90)], resolution: 300)
        #expect(LineLanguageMerge.merge(primary: chinese, others: english) == chinese)
    }

    /// Words of the other languages where the primary read none are not added (as Tesseract does), and
    /// a line only the other languages read is taken when they are sure of it.
    @Test func theOtherLanguagesAddNoWordsThePrimaryDidNotRead() {
        let chinese = RecognizedText(
            text: "血压 120", meanConfidence: 60, words: [span("血压", 0, 40, confidence: 60), span("120", 50, 30, confidence: 60)],
            lines: [span("血压 120", 0, 80, confidence: 60)], resolution: 300)
        let english = RecognizedText(
            text: "Ill 120 mmHg", meanConfidence: 90,
            words: [span("Ill", 0, 40, confidence: 50), span("120", 50, 30, confidence: 96), span("mmHg", 90, 50, confidence: 96)],
            lines: [span("Ill 120 mmHg", 0, 140, confidence: 90)], resolution: 300)
        #expect(LineLanguageMerge.merge(primary: chinese, others: english).text == "血压 120")
        let nothing = RecognizedText(text: "", meanConfidence: 0, words: [], lines: [], resolution: 300)
        #expect(LineLanguageMerge.merge(primary: nothing, others: english) == nothing)
        let sure = RecognizedText(
            text: "120 mmHg", meanConfidence: 96, words: [span("120", 50, 30, confidence: 96), span("mmHg", 90, 50, confidence: 96)],
            lines: [span("120 mmHg", 50, 90, confidence: 96)], resolution: 300)
        #expect(LineLanguageMerge.merge(primary: nothing, others: sure) == sure)
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
