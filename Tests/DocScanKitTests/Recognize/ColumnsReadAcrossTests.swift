import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// A reading as one block that ran two columns of prose into each other shows their gutter, and is read
/// again a column at a time; a receipt's or a table's rows, read as one block, are no columns of prose.
struct ColumnsReadAcrossTests {
    /// The fast engine for English, and `path` (under Fixtures) read with it as one block.
    private func block(_ path: String) throws -> (image: PixImage, engine: any Recognizer, block: RecognizedText) {
        let image = try #require(PixImage(reading: TestSupport.special(path).path))
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let engine = try #require(try configuration.recognizers.make(configuration.models, nil))
        let block = try engine.recognize(image, resolution: 0, deadline: PageDeadline(limit: nil), singleBlock: true)
        return (image, engine, block)
    }

    /// Fixtures' two-column articles (ragged, and justified around an inset picture) read as one block
    /// come out a line of each column at a time (measured CER 0.67 and 0.72); their gutter is found
    /// between the columns, and read a column at a time they come out in their columns' order (0.026 and
    /// 0.069: each heading, over both columns, read in two halves, and the inset picture's lettering
    /// read into a column as a single block reads it; read as laid out, 0.000 and 0.005).
    @Test(arguments: [("photos/ragged_columns", 0.04), ("photos/inset_columns", 0.08)])
    func aBlockReadAcrossTwoColumnsIsReadAgainAColumnAtATime(name: String, bound: Double) throws {
        let (image, engine, block) = try block("\(name).png")
        let truth = try String(contentsOf: TestSupport.special("\(name).gt.txt"), encoding: .utf8)
        let acrossCER = CharacterErrorRate.of(block.text, reference: truth, chinese: false)
        let gutter = try #require(ColumnsReadAcross.proseGutter(in: block), "no gutter found in \(block.text)")
        #expect(Double(gutter) > 0.4 * Double(image.width) && Double(gutter) < 0.6 * Double(image.width), "gutter at \(gutter)")
        let columns = try #require(try ColumnsReadAcross.readByColumn(
            image, splitAt: gutter, with: engine, resolution: 0, deadline: PageDeadline(limit: nil)))
        let columnsCER = CharacterErrorRate.of(columns.text, reference: truth, chinese: false)
        #expect(columnsCER < bound, "\(name): CER \(columnsCER) read by column: \(columns.text)")
        #expect(acrossCER > 0.3, "\(name): CER \(acrossCER) read across: \(block.text)")
        // The left column's lines first (a heading's left half among them), then the right one's.
        let sides = columns.textLines.map { $0.box.x + $0.box.width / 2 < gutter }
        #expect(sides.first == true && sides.last == false && sides == sides.sorted { $0 && !$1 }, "\(sides)")
    }

    /// Marks along a one-column page's edge, one beside each line and read as `i`, are no column of
    /// prose: read as one block, most lines have a wide space between mark and print, and the marks, all
    /// lowercase, pass for lines running on; but they are far narrower than a column's lines. Read a
    /// column at a time there, a close-up of an 1871 Senate page came out at CER 0.35 (as laid out, 0.021).
    @Test func marksAlongTheEdgeAreNoColumn() throws {
        let (image, _, block) = try block("facing/letter_edge_marks.png")
        #expect(block.text.contains("Harbourside Dental Practice"), "\(block.text)")
        let gutter = try #require(ColumnsReadAcross.gutter(in: block), "no wide spaces lined up in \(block.text)")
        #expect(gutter.x < image.width / 10, "gutter at \(gutter.x)")
        let marks = gutter.pieces.filter { $0.box.x + $0.box.width / 2 < gutter.x && !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        let share = try #require(ReadingOrder.continuedShare(gutter.pieces.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }))
        #expect(share >= ReadingOrder.maximumContinuedShare, "the marks' pieces must pass for prose running on: \(share)")
        #expect(marks.count >= 20, "\(marks.map(\.text))")
        #expect(ColumnsReadAcross.proseGutter(in: block) == nil)
    }

    /// Those marks are found beside the print, and the page read again with their side filled with its
    /// paper's level reads the letter without them: no line begins with a mark, and the CER falls from
    /// the block's (every line prefixed `i `) to under 0.02.
    @Test func theLetterBesideTheMarksIsReadWithoutThem() throws {
        let (image, engine, block) = try block("facing/letter_edge_marks.png")
        let truth = try String(contentsOf: TestSupport.special("pages/en_letter.gt.txt"), encoding: .utf8)
        let specks = try #require(ColumnsReadAcross.specksBeside(in: block), "no specks found beside the print in \(block.text)")
        #expect(specks.printOnRight && specks.x < image.width / 10, "\(specks)")
        let read = try #require(try ColumnsReadAcross.readBeside(
            image, specksAt: specks.x, printOnRight: specks.printOnRight, with: engine, resolution: 0, deadline: PageDeadline(limit: nil)))
        let blockCER = CharacterErrorRate.of(block.text, reference: truth, chinese: false)
        let cer = CharacterErrorRate.of(read.text.text, reference: truth, chinese: false)
        let marked = read.text.textLines.filter { $0.text.hasPrefix("i ") }
        #expect(marked.isEmpty, "\(marked.map(\.text))")
        #expect(cer < 0.02 && cer < blockCER - 0.02, "CER \(cer) beside the marks, \(blockCER) as one block: \(read.text.text)")
    }

    /// A receipt, a table and an invoice read as one block keep their rows: their wide spaces line up
    /// between their columns, but their cells are no prose running on in lowercase. A letter has no
    /// gutter at all.
    @Test(arguments: ["photos/receipt_scan.png", "tables/gloss_table.png", "pages/en_invoice.png", "pages/en_letter.png"])
    func rowsReadAsOneBlockAreNoColumnsOfProse(path: String) throws {
        let (_, _, block) = try block(path)
        #expect(ColumnsReadAcross.proseGutter(in: block) == nil, "\(path): \(block.text)")
    }
}
