import CTesseract
import DocScanCore
import DocScanKit
@testable import DocScanNative
import Foundation
import Testing

/// The engine walks Tesseract's results once; what it gathers must be what Tesseract's own calls give.
struct TesseractResultWalkTests {
    /// The letter has a rule under its letterhead (a line block, left out of the page's text) and is
    /// read with one space between words; the notice is Chinese, whose model keeps the layout's spaces.
    @Test(arguments: [("en_letter", "eng", "Harbourside Dental Practice"), ("zh_notice", "chi_sim,eng", "关于办公室无线网络升级的通知")])
    func oneWalkGivesTesseractsOwnTextAndLines(name: String, languages: String, firstLine: String) throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: languages), jobs: 1)
        let engine = try TesseractEngine(scanning: configuration.models, userWordsFile: nil)
        let image = try #require(PixImage(reading: TestSupport.fixture("\(name).png").path))
        let read = try engine.recognize(image, resolution: 300, deadline: PageDeadline(limit: nil))
        #expect(read.lines.first?.text == firstLine)

        // Tesseract's own calls, on an engine started as TesseractEngine starts its own.
        let api = try #require(TessBaseAPICreate())
        defer {
            TessBaseAPIEnd(api)
            TessBaseAPIDelete(api)
        }
        try #require(TessBaseAPIInit2(api, configuration.models.dataPath, engine.languages, OEM_LSTM_ONLY) == 0)
        TessBaseAPISetVariable(api, "tessedit_do_invert", "0")
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
        image.withUnsafePix { TessBaseAPISetImage2(api, $0) }
        TessBaseAPISetSourceResolution(api, 300)
        try #require(TessBaseAPIRecognize(api, nil) == 0)
        let text = try #require(TessBaseAPIGetUTF8Text(api))
        defer { TessDeleteText(text) }
        #expect(read.text == String(cString: text))

        var lines: [RecognizedSpan] = []
        let iterator = try #require(TessBaseAPIGetIterator(api))
        defer { TessResultIteratorDelete(iterator) }
        let layout = TessResultIteratorGetPageIteratorConst(iterator)
        repeat {
            guard let line = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE) else { continue }
            defer { TessDeleteText(line) }
            let lineText = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !lineText.isEmpty else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            _ = TessPageIteratorBoundingBox(layout, RIL_TEXTLINE, &left, &top, &right, &bottom)
            lines.append(RecognizedSpan(
                text: lineText, confidence: Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE)),
                box: PageBox(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))))
        } while TessResultIteratorNext(iterator, RIL_TEXTLINE) != 0
        #expect(read.lines.map(\.text) == lines.map(\.text))
        #expect(read.lines.map(\.box) == lines.map(\.box))
        #expect(read.lines.map(\.confidence) == lines.map(\.confidence))
        #expect(read.lines.count > 10)
    }
}
