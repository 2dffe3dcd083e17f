internal import CTesseract
import DocScanCore
import Foundation

/// Owns one `TessResultIterator` over the page an engine just recognized, and frees it.
final class TesseractResultIterator {
    private let iterator: OpaquePointer

    /// Nil when the page has no results.
    init?(api: OpaquePointer) {
        guard let iterator = TessBaseAPIGetIterator(api) else { return nil }
        self.iterator = iterator
    }

    deinit {
        TessResultIteratorDelete(iterator)
    }

    /// What one walk over a page's words gathers.
    struct Page {
        /// As `TessBaseAPIGetUTF8Text` gives it: each line's words joined by a space, a line break after
        /// each line and a blank line between paragraphs.
        var text = ""
        /// Every non-empty word, with confidence and bounding box.
        var words: [RecognizedSpan] = []
        /// Every non-empty line, with Tesseract's confidence and bounding box for the line.
        var lines: [RecognizedSpan] = []
        /// How many words were read as vertically written text, and how many in all.
        var verticalWords = 0
        var allWords = 0

        /// Clockwise degrees that turn the page upright when Tesseract read most of its words as vertically
        /// written text. Its vertical-text handling takes lines running down the page for vertical CJK and
        /// turns them to read; on a page of horizontal lines turned 90° clockwise the characters then
        /// come out upright, and are read confidently in reverse line order (a book page turned so: mean
        /// confidence 94, every line backwards).
        var turnedText: Int? {
            2 * verticalWords > allWords ? 270 : nil
        }
    }

    /// The page's text, words and lines in one walk over its words.
    ///
    /// Tesseract's own calls walk the page once each (the text, the words, the lines): 21–165 ms a page
    /// here, 2–4.5% of recognition. One walk builds each line from its words as Tesseract's line text
    /// does (one space between words), and the page's text from the lines of its text blocks, and asks
    /// Tesseract only for each line's confidence and box (which count every blob of the row).
    /// - Parameter spacedByLayout: whether the engine keeps the spaces its layout found between words
    ///   (`preserve_interword_spaces`, set by the Chinese and Japanese models): each line's text then
    ///   comes from Tesseract, which alone knows them.
    func collectPage(spacedByLayout: Bool) -> Page {
        var page = Page()
        let layout = TessResultIteratorGetPageIteratorConst(iterator)
        var lines: [CollectedLine] = []
        repeat {
            // Nil only where there is no word at all: an empty page.
            guard let pointer = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { break }
            if lines.isEmpty || TessPageIteratorIsAtBeginningOf(layout, RIL_TEXTLINE) != 0 {
                if !lines.isEmpty { lines[lines.count - 1].end(paragraphFollows: TessPageIteratorIsAtBeginningOf(layout, RIL_PARA) != 0) }
                lines.append(CollectedLine(
                    span: span(at: RIL_TEXTLINE, text: "", layout: layout),
                    // As Tesseract's page text: images and rules are no text.
                    isText: !Self.notText.contains(TessPageIteratorBlockType(layout).rawValue),
                    isVertical: Self.isVertical(layout),
                    layoutText: spacedByLayout ? takeText(TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE)) : nil))
            }
            let raw = takeText(pointer)
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            lines[lines.count - 1].pieces.append((raw, text.isEmpty ? nil : page.words.count))
            if !text.isEmpty {
                page.words.append(span(at: RIL_WORD, text: text, layout: layout))
                page.allWords += 1
                if lines[lines.count - 1].isVertical { page.verticalWords += 1 }
            }
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        if !lines.isEmpty { lines[lines.count - 1].end(paragraphFollows: false) }
        // Rules crossing rows, measured against the page's words of text (`CrossingRule`).
        var dropped = Set<Int>()
        if let typical = CrossingRule.typicalHeight(of: page.words) {
            for index in lines.indices where !lines[index].isVertical {
                dropped.formUnion(lines[index].trimRule(words: page.words, typicalHeight: typical))
            }
        }
        for line in lines {
            let text = line.text
            if line.isText { page.text += text + line.ending }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty {
                var span = line.span
                span.text = trimmed
                page.lines.append(span)
            }
        }
        if !dropped.isEmpty {
            page.words = page.words.indices.filter { !dropped.contains($0) }.map { page.words[$0] }
            page.allWords -= dropped.count
        }
        return page
    }

    /// One line of a page as the walk over its words collects it.
    private struct CollectedLine {
        /// Tesseract's confidence and box for the line.
        var span: RecognizedSpan
        var isText: Bool
        var isVertical: Bool
        /// The line's text as Tesseract gives it, spaces as its layout found them, for engines that
        /// keep them; nil for the others, whose line is its words joined by one space.
        var layoutText: String?
        /// The line's words as Tesseract read them, each with its place in the page's words if not empty.
        var pieces: [(raw: String, word: Int?)] = []
        /// What follows the line's text in the page's text: a line break, and a blank line before a paragraph.
        var ending = ""

        var text: String {
            layoutText ?? pieces.map(\.raw).joined(separator: " ")
        }

        mutating func end(paragraphFollows: Bool) {
            guard layoutText == nil else { return }
            ending = paragraphFollows ? "\n\n" : "\n"
        }

        /// Takes the pieces of a rule crossing the line out of it (`CrossingRule`), and gives the line the
        /// box of its words of a row's height where more than those made Tesseract's.
        /// - Returns: the indices of the words taken out.
        mutating func trimRule(words: [RecognizedSpan], typicalHeight: Double) -> Set<Int> {
            let indices = pieces.compactMap(\.word)
            let trimmed = CrossingRule.trimmed(span.box, words: indices.map { words[$0].box }, typicalHeight: typicalHeight)
            guard trimmed.box != span.box else { return [] }
            let dropped = Set(trimmed.rules.map { indices[$0] })
            if !dropped.isEmpty {
                if let layoutText {
                    guard let text = CrossingRule.removing(dropped.sorted().map { words[$0].text }, from: layoutText) else { return [] }
                    self.layoutText = text
                } else {
                    pieces.removeAll { $0.word.map(dropped.contains) ?? false }
                }
            }
            span.box = trimmed.box
            return dropped
        }
    }

    /// Whether any block of the page was read turned: as vertically written text, or with its lines
    /// running another way than the page's.
    var hasTurnedBlock: Bool {
        let layout = TessResultIteratorGetPageIteratorConst(iterator)
        repeat {
            let (orientation, direction) = Self.orientation(layout)
            if orientation != ORIENTATION_PAGE_UP || direction == WRITING_DIRECTION_TOP_TO_BOTTOM { return true }
        } while TessResultIteratorNext(iterator, RIL_BLOCK) != 0
        return false
    }

    /// Whether the current block was read as vertically written text (top to bottom).
    private static func isVertical(_ layout: OpaquePointer?) -> Bool {
        orientation(layout).direction == WRITING_DIRECTION_TOP_TO_BOTTOM
    }

    /// Which way the current block's page up points, and its writing direction.
    private static func orientation(_ layout: OpaquePointer?) -> (orientation: TessOrientation, direction: TessWritingDirection) {
        var orientation = ORIENTATION_PAGE_UP, direction = WRITING_DIRECTION_LEFT_TO_RIGHT
        var order = TEXTLINE_ORDER_TOP_TO_BOTTOM
        var deskew: Float = 0
        TessPageIteratorOrientation(layout, &orientation, &direction, &order, &deskew)
        return (orientation, direction)
    }

    /// Block types Tesseract leaves out of a page's text.
    private static let notText = Set([PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE, PT_HORZ_LINE, PT_VERT_LINE].map(\.rawValue))

    private func span(at level: TessPageIteratorLevel, text: String, layout: OpaquePointer?) -> RecognizedSpan {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        _ = TessPageIteratorBoundingBox(layout, level, &left, &top, &right, &bottom)
        return RecognizedSpan(
            text: text,
            confidence: Double(TessResultIteratorConfidence(iterator, level)),
            box: PageBox(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)))
    }
}

@available(*, unavailable)
extension TesseractResultIterator: Sendable {}
