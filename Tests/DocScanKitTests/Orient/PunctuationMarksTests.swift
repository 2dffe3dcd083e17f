import DocScanCore
@testable import DocScanKit
import DocScanNative
import Foundation
import Testing

/// The punctuation count tells an upright page from one upside down, and never points the wrong way.
struct PunctuationMarksTests {
    /// The page of `url` as the orient stage looks at it: loaded, and reduced to `workingSize`.
    static func reduced(_ url: URL, workingSize: Int) throws -> PixImage {
        let page = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        let image = try PageLoader().run(page, context: &context).image
        let factor = min(1, Double(workingSize) / Double(max(image.width, image.height)))
        return factor < 1 ? try #require(image.scaled(by: factor)) : image
    }

    /// The marks of `image` turned by `quarterTurns` clockwise, and the correction that turns it back.
    static func marks(_ image: PixImage, quarterTurns: Int) throws -> (marks: PunctuationMarks, undo: Int) {
        let turned = try #require(image.rotated(quarterTurns: quarterTurns))
        return (try #require(PunctuationMarks.measure(turned)), (4 - quarterTurns) % 4 * 90)
    }

    /// Scans in Latin letters and Chinese, at the size a run in their language judges them: upright and
    /// upside down they are decided by `correction`, the right way; on their side by `quarterCorrection`
    /// (or not at all), never the wrong way, and never by `correction`.
    @Test(arguments: [("en_letter.png", 1600), ("de_brief.png", 1600), ("en_invoice.png", 1600), ("zh_notice.png", 2400)])
    func scansAreDecidedUprightAndUpsideDown(name: String, workingSize: Int) throws {
        let image = try Self.reduced(TestSupport.fixture(name), workingSize: workingSize)
        for quarterTurns in 0..<4 {
            let (marks, undo) = try Self.marks(image, quarterTurns: quarterTurns)
            if quarterTurns % 2 == 0 {
                #expect(marks.correction == undo, "\(name) turned \(quarterTurns * 90)°: \(marks)")
                #expect(marks.quarterCorrection == nil, "\(name) turned \(quarterTurns * 90)°: \(marks)")
                // Marks at the feet of the lines, few at their heads, and almost none across them.
                let (feet, heads) = quarterTurns == 0 ? (marks.low, marks.high) : (marks.high, marks.low)
                #expect(feet >= 10 && heads * 4 <= feet && (marks.lowTurned + marks.highTurned) * 4 <= feet, "\(name): \(marks)")
            } else {
                #expect(marks.correction == nil, "\(name) turned \(quarterTurns * 90)°: \(marks)")
                #expect(marks.quarterCorrection == nil || marks.quarterCorrection == undo, "\(name) turned \(quarterTurns * 90)°: \(marks)")
                // The Chinese notice's full stops decide it on its side too: OSD is not needed.
                if name.hasPrefix("zh_") { #expect(marks.quarterCorrection == undo, "\(name) turned \(quarterTurns * 90)°: \(marks)") }
            }
        }
    }

    /// Photos (desks, curls, blur, tilts, receipts, tables) and the lab report's table turned every way:
    /// what is decided is right, upright, upside down or on their side. At the orient stage's 1,600 px none of these photos is decided (their
    /// lines lean, bend or blur apart, and their marks with them): they go to OSD as before.
    @Test func photosAndTablesAreNeverJudgedTheWrongWay() throws {
        let folder = TestSupport.special("photos")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(photos.count >= 20)
        for (url, size) in photos.map({ (folder.appendingPathComponent($0), 1600) }) + [(TestSupport.fixture("zh_lab_report.png"), 2400)] {
            let image = try Self.reduced(url, workingSize: size)
            for quarterTurns in 0..<4 {
                let (marks, undo) = try Self.marks(image, quarterTurns: quarterTurns)
                #expect(marks.correction == nil || marks.correction == undo, "\(url.lastPathComponent) turned \(quarterTurns * 90)°: \(marks)")
                #expect(marks.quarterCorrection == nil || marks.quarterCorrection == undo,
                        "\(url.lastPathComponent) turned \(quarterTurns * 90)°: \(marks)")
            }
        }
    }

    /// The marks that count: a full stop at the foot of a line counts, the dot of an i (its stem below
    /// it) and a quotation mark's two strokes do not. Drawn: three lines of blocks for characters, each
    /// with one mark beside a character.
    @Test func onlyLoneMarksBesideACharacterCount() throws {
        let width = 600, lineHeight = 30
        var samples = [UInt8](repeating: 255, count: width * 200)
        func ink(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            for row in y..<(y + h) { for column in x..<(x + w) { samples[row * width + column] = 0 } }
        }
        for line in 0..<3 {
            let top = 20 + line * 60
            // Characters 26 px high, 4 px apart, across the line.
            for x in stride(from: 20, to: 560, by: 30) where x != 320 { ink(x, top, 26, lineHeight - 4) }
        }
        // Line 1: a full stop at the foot, between two characters.
        ink(322, 20 + 20, 5, 5)
        // Line 2: an i's dot, with its stem below it.
        ink(322, 80 + 2, 5, 5)
        ink(322, 80 + 10, 5, 16)
        // Line 3: a quotation mark at the head, two strokes side by side.
        ink(321, 140 + 1, 3, 7)
        ink(326, 140 + 1, 3, 7)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("marks.pgm")
        try TestSupport.writeGreyImage(samples, width: width, height: 200, to: url)
        let image = try #require(PixImage(reading: url.path))
        let mask = try #require(image.darkPixels())
        let counted = try #require(PunctuationMarks.count(in: mask))
        #expect(counted.low == 1 && counted.high == 0, "\(counted)")
    }
}
