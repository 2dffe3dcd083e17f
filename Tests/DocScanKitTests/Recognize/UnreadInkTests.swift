import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// Print the layout analysis left out is found by what no word covers, and read back line by line.
struct UnreadInkTests {
    /// The invoice, its reading whole, and that reading with every line with a price in it left out
    /// (`missing`: the words left out).
    private func invoiceWithPricesLeftOut() throws -> (
        image: PixImage, engine: TesseractEngine, whole: RecognizedText, partial: RecognizedText, missing: [String]
    ) {
        let image = try #require(PixImage(reading: TestSupport.fixture("en_invoice.png").path))
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let engine = try #require(try configuration.recognizers.make(configuration.models, nil) as? TesseractEngine)
        let whole = try engine.recognize(image, resolution: 300, deadline: PageDeadline(limit: nil))
        #expect(UnreadInk.lines(on: image, besides: whole).isEmpty, "\(UnreadInk.lines(on: image, besides: whole))")

        // Leave out every line with a price in it.
        let leftOut = whole.lines.indices.filter { whole.lines[$0].text.contains(".00") || whole.lines[$0].text.contains(".50") }
        #expect(leftOut.count >= 4, "\(whole.lines.map(\.text))")
        let leftOutBoxes = leftOut.map { whole.lines[$0].box }
        let inside = { (word: RecognizedSpan) in
            leftOutBoxes.contains { box in
                let x = word.box.x + word.box.width / 2, y = word.box.y + word.box.height / 2
                return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height
            }
        }
        var partial = whole
        partial.lines = whole.lines.enumerated().filter { !leftOut.contains($0.offset) }.map(\.element)
        partial.words = whole.words.filter { !inside($0) }
        partial.text = partial.lines.map(\.text).joined(separator: "\n")
        return (image, engine, whole, partial, whole.words.filter(inside).map(\.text))
    }

    /// The same page with a photo's sensor grain: 6,000 dark specks of one pixel on its paper, more than
    /// the pieces a page may have before it counts as a picture or noise (`maximumPieces`). Counted
    /// before the specks were sorted out by size, they hid the lines left out (a dim timetable photo's
    /// shaded cells, CER 0.234 in accurate mode); the same lines are found as on the clean page.
    @Test func grainDoesNotHideTheLinesLeftOut() throws {
        let (image, _, _, partial, _) = try invoiceWithPricesLeftOut()
        var samples = try #require(image.greySamples())
        var random: UInt64 = 7
        var specks = 0
        while specks < 6000 {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let index = Int((random >> 33) % UInt64(samples.count))
            guard samples[index] > 200 else { continue }
            samples[index] = 0
            specks += 1
        }
        #expect(specks > UnreadInk.maximumPieces)
        let url = try TestSupport.temporaryFolder().appendingPathComponent("grainy_invoice.pgm")
        try TestSupport.writeGreyImage(samples, width: image.width, height: image.height, to: url)
        let grainy = try #require(PixImage(reading: url.path))
        let clean = UnreadInk.lines(on: image, besides: partial)
        #expect(clean.count >= 4, "\(clean)")
        #expect(UnreadInk.lines(on: grainy, besides: partial).map(\.box) == clean.map(\.box))
    }

    /// The invoice read whole leaves nothing unread; with its item rows and totals taken out of the
    /// reading (as Tesseract's layout analysis dropped a timetable's cells), those rows are found and
    /// read back, and nothing that was read is read twice.
    @Test func linesLeftOutOfTheReadingAreFoundAndReadBack() throws {
        let (image, engine, whole, partial, missing) = try invoiceWithPricesLeftOut()
        let unread = UnreadInk.lines(on: image, besides: partial)
        #expect(!unread.isEmpty)
        var recovered = partial
        let added = try UnreadInk.read(unread, on: image, into: &recovered, with: engine, resolution: 300, deadline: PageDeadline(limit: nil))
        #expect(added == recovered.lines.count - partial.lines.count)
        let readBack = recovered.words.map(\.text)
        let found = missing.filter { readBack.contains($0) }
        #expect(Double(found.count) >= 0.9 * Double(missing.count), "missing \(missing), read back \(readBack)")
        // Nothing read twice: the words are those of the whole reading, give or take a few split or joined.
        #expect(abs(recovered.words.count - whole.words.count) <= 3, "\(recovered.words.count) words against \(whole.words.count)")
        for price in ["Total", "Subtotal"] where missing.contains(price) {
            #expect(recovered.text.contains(price), "\(recovered.text)")
        }
    }

    /// Lines read back go after the line they sit under, in text, lines and words; lines with none above
    /// go first; two under the same line keep their order, top to bottom.
    @Test func linesReadBackGoUnderTheLineAboveThem() {
        func span(_ text: String, _ x: Int, _ y: Int, _ width: Int) -> RecognizedSpan {
            RecognizedSpan(text: text, confidence: 90, box: PageBox(x: x, y: y, width: width, height: 20))
        }
        var page = RecognizedText(
            text: "Left top\nLeft bottom\n\nRight top",
            meanConfidence: 90,
            words: [span("Left", 0, 100, 40), span("top", 50, 100, 30), span("Left", 0, 200, 40), span("bottom", 50, 200, 60),
                    span("Right", 500, 100, 50), span("top", 560, 100, 30)],
            lines: [span("Left top", 0, 100, 80), span("Left bottom", 0, 200, 110), span("Right top", 500, 100, 90)],
            resolution: 300)
        page.insertLines([
            (PageBox(x: 500, y: 160, width: 100, height: 20),
             LineReading(text: "Right second", confidence: 90, words: [span("Right", 500, 160, 50), span("second", 560, 160, 40)])),
            (PageBox(x: 0, y: 10, width: 200, height: 20), LineReading(text: "Heading", confidence: 90, words: [span("Heading", 0, 10, 200)])),
            (PageBox(x: 500, y: 130, width: 100, height: 20),
             LineReading(text: "Right first", confidence: 90, words: [span("Right", 500, 130, 50), span("first", 560, 130, 40)])),
        ])
        #expect(page.text == "Heading\nLeft top\nLeft bottom\n\nRight top\nRight first\nRight second")
        #expect(page.lines.map(\.text) == ["Heading", "Left top", "Left bottom", "Right top", "Right first", "Right second"])
        #expect(page.words.map(\.text) == ["Heading", "Left", "top", "Left", "bottom", "Right", "top", "Right", "first", "Right", "second"])
    }

    /// A page read down to one line: the lines left unread are still found, from the letters' height
    /// measured in clean-up, and each is found whole though a flat stroke (`一`, `二`) falls outside the
    /// letters' height (without it, `这是第` and `行文子` were found and read as two lines). Before, a page
    /// of fewer than two lines read had no height to go by and kept its one line (a slide of three lines
    /// that the layout analysis read as one mark, `4N`).
    @Test func aPageReadDownToOneLineHasItsOtherLinesReadBack() throws {
        let url = TestSupport.special("sparse/zh_two_lines.png")
        let image = try #require(PixImage(reading: url.path))
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "chi_sim"), jobs: 1)
        let engine = try #require(try configuration.recognizers.make(configuration.models, nil))
        let block = try engine.recognize(image, resolution: 0, deadline: PageDeadline(limit: nil), singleBlock: true)
        #expect(block.lines.map(\.text) == ["这是第一行文字", "这是第二行文字"])
        let second = try #require(block.lines.last)
        var partial = block
        partial.lines = [second]
        partial.words = block.words.filter { $0.box.y >= second.box.y - second.box.height / 2 }
        partial.text = second.text
        #expect(UnreadInk.lines(on: image, besides: partial).isEmpty)

        // The glyphs are 40 px fonts; tall letters measure about 4 in 5 of a line's box.
        let letters = Double(second.box.height) / UnreadInk.lineToLetters
        let unread = UnreadInk.lines(on: image, besides: partial, letters: letters)
        let first = try #require(block.lines.first)
        #expect(unread.count == 1, "\(unread)")
        let found = try #require(unread.first)
        #expect(abs(found.box.x - first.box.x) <= 4 && abs(found.box.width - first.box.width) <= 8, "\(found.box) against \(first.box)")
        var recovered = partial
        let added = try UnreadInk.read(unread, on: image, into: &recovered, with: engine, resolution: 0, deadline: PageDeadline(limit: nil))
        #expect(added == 1)
        #expect(recovered.lines.map(\.text) == ["这是第一行文字", "这是第二行文字"], "\(recovered.lines.map(\.text))")
    }

    /// A dashed rule is no line of print: its dashes are flat strokes a character wide, which only join
    /// characters into lines (under a Chinese page's heading such a rule read `一一一-一一一一一-` at 80 and
    /// more, and was added).
    @Test func aDashedRuleIsNoLineLeftUnread() throws {
        let page = try #require(PixImage(reading: TestSupport.special("sparse/zh_two_lines.png").path))
        var samples = try #require(page.greySamples())
        for x in stride(from: 137, to: 640, by: 44) {
            for y in 300..<304 { for dx in 0..<32 { samples[y * page.width + x + dx] = 0 } }
        }
        let url = try TestSupport.temporaryFolder().appendingPathComponent("dashed_rule.pgm")
        try TestSupport.writeGreyImage(samples, width: page.width, height: page.height, to: url)
        let image = try #require(PixImage(reading: url.path))
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim"), jobs: 1)
        let engine = try #require(try configuration.recognizers.make(configuration.models, nil))
        let block = try engine.recognize(page, resolution: 0, deadline: PageDeadline(limit: nil), singleBlock: true)
        #expect(block.lines.count == 2, "\(block.lines.map(\.text))")
        #expect(UnreadInk.lines(on: image, besides: block).isEmpty, "\(UnreadInk.lines(on: image, besides: block))")
    }
}
