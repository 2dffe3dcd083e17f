import DocScanCore
import DocScanNative
import Foundation

/// Reads the text Tesseract's layout analysis left out of a page.
///
/// The layout analysis sorts a page's regions into text, pictures and rules before reading anything,
/// and what it does not take for text is never read. On a photographed timetable (a ruled table with a
/// dark header row, `ods_chart` in ../shared/eval/real) it dropped whole columns of cells in accurate
/// mode: every course number, unit and room (CER 0.215; the same page scaled by 0.77 in fast mode kept
/// them, 0.076). After the page is read, the print no word's box covers is cut into pieces about as
/// tall as the page's characters (rules, borders, pictures' blobs and specks fall outside that size),
/// pieces side by side on one line are joined, and each such line is cut out and read on its own.
/// A reading is kept only when Tesseract is confident of it, so noise that happens to look like
/// letters is not added.
enum UnreadInk {
    /// Tesseract's confidence (0–100) a line read on its own needs to be added to the page.
    static let minimumConfidence = 80.0
    /// The same on a page whose layout analysis read fewer than two lines, where a line left unread is
    /// most of the page: two lines of large Chinese print, read whole on their own at 70 and 76 (one
    /// character wrong in each), were all a slide's text; what pictures and a turned line read as comes
    /// out at 6–38.
    static let nearlyEmptyPageConfidence = 65.0
    /// The most lines read again on a page: a textured picture can look like many lines of print.
    static let maximumLines = 30
    /// The most character-sized pieces of print judged on a page; more means a picture or noise, not
    /// missed text. Counted after the size check: a photo's sensor grain makes thousands of
    /// specks of a pixel or two, and counted before it, a dimly lit timetable's grain hid the cells its
    /// shaded rows left unread (eval/real's `ods_chart` at half its levels with grain of σ 10, accurate
    /// mode: 6,521 pieces, 161 of them character-sized, CER 0.234; fast mode's reduced copy had 1,058
    /// and read at 0.006).
    static let maximumPieces = 4000
    /// The fewest characters (pieces) a line needs: a lone leftover piece is a stray mark or a letter
    /// a word's box did not quite cover.
    static let minimumPieces = 2
    /// A line's box height for each pixel of tall letters measured on the page: Tesseract's measure of
    /// the same letters comes out 1.25–1.35 times taller (`TextSizeResolution`).
    static let lineToLetters = 1.25
    /// Pieces lower than this share of a line's height are flat strokes (`一`, a dash), not characters.
    static let strokeHeight = 0.3

    /// A line of print nothing read: its box on the page, how many pieces it holds, and how many of them
    /// are flat strokes.
    struct Line: Equatable {
        var box: PageBox
        var pieces: Int
        var strokes = 0

        /// Pieces as tall as characters.
        var characters: Int { pieces - strokes }
    }

    /// Lines of print on `image` (8-bit grey, the page as read) that none of `page`'s words covers,
    /// the most pieces first. How tall its text is comes from the lines read or, where fewer than two
    /// were, from its tall `letters` measured in clean-up (pixels, at the page's size as read); empty
    /// when neither tells.
    static func lines(on image: PixImage, besides page: RecognizedText, letters: Double? = nil) -> [Line] {
        let heights = page.textLines.map(\.box.height).sorted()
        let height: Int
        if heights.count >= 2 {
            height = heights[heights.count / 2]
        } else if let letters {
            height = Int((letters * lineToLetters).rounded())
        } else {
            return []
        }
        guard height >= 8 else { return [] }
        // Lines' boxes as well as words': a word's box can miss part of its letters (Han characters'
        // boxes often do), and what is left of them would be read twice. Boxes are tight around their
        // letters, so a margin keeps their edges from being left over.
        let margin = max(2, height / 8)
        let read = (page.lines + page.words).filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }.map { span in
            PageBox(x: span.box.x - margin, y: span.box.y - margin, width: span.box.width + 2 * margin, height: span.box.height + 2 * margin)
        }
        guard let print = image.darkPixels(), let unread = print.clearing(read),
              let components = ComponentBoxes(of: unread, connectivity: 8)
        else { return [] }
        var pieces: [PageBox] = []
        for index in 0..<components.count {
            let box = components.frame(at: index)
            // Character-sized: from an x-height letter to a tall capital with a descender below, or a
            // flat stroke as wide as a character (Chinese `一`, a dash), without which a line falls in two.
            let (h, w, line) = (Double(box.height), Double(box.width), Double(height))
            guard h <= 1.5 * line, w <= 3 * line, h >= strokeHeight * line || (w >= 0.5 * line && w <= 1.5 * line)
            else { continue }
            pieces.append(box)
        }
        guard pieces.count <= maximumPieces else { return [] }
        // Flat strokes only join characters: a line mostly of them is a dashed rule (read `一一一-一一一一一-`
        // at 80 and more under a Chinese page's heading).
        return join(pieces, height: height)
            .filter { $0.characters >= minimumPieces && $0.strokes <= $0.characters && $0.box.width >= height / 2 }
            .sorted { $0.pieces > $1.pieces }
            .prefix(maximumLines)
            .map { $0 }
    }

    /// Joins pieces side by side on one line, left to right: a piece joins the line whose right end is
    /// nearest before it, within a character's height, and that it overlaps vertically by half.
    static func join(_ pieces: [PageBox], height: Int) -> [Line] {
        var lines: [Line] = []
        for piece in pieces.sorted(by: { $0.x < $1.x }) {
            var best: (index: Int, gap: Int)?
            for (index, line) in lines.enumerated() {
                let gap = piece.x - (line.box.x + line.box.width)
                guard gap <= height, gap >= -height, ReadingOrder.verticalOverlap(line.box, piece) >= 0.5 else { continue }
                if best.map({ gap < $0.gap }) ?? true { best = (index, gap) }
            }
            let stroke = Double(piece.height) < strokeHeight * Double(height) ? 1 : 0
            if let best {
                lines[best.index].box = lines[best.index].box.union(piece)
                lines[best.index].pieces += 1
                lines[best.index].strokes += stroke
            } else {
                lines.append(Line(box: piece, pieces: 1, strokes: stroke))
            }
        }
        return lines
    }

    /// Reads each of `lines` on its own with `recognizer` and adds the confident readings to `page`
    /// (`minimumConfidence`, or `nearlyEmptyPageConfidence` where `page` has fewer than two lines).
    /// - Returns: how many lines were added.
    static func read(
        _ lines: [Line], on image: PixImage, into page: inout RecognizedText, with recognizer: any Recognizer,
        resolution: Int, deadline: PageDeadline
    ) throws -> Int {
        let sure = page.textLines.count < 2
            ? Self.nearlyEmptyPageConfidence : Self.minimumConfidence
        var readings: [(box: PageBox, reading: LineReading)] = []
        for line in lines {
            guard let reading = try LineReading.read(line.box, on: image, with: {
                try recognizer.recognizeLine($0, resolution: resolution, deadline: deadline)
            }), reading.confidence >= sure, reading.text.filter({ $0.isLetter || $0.isNumber }).count >= 2
            else { continue }
            readings.append((line.box, reading))
        }
        page.insertLines(readings)
        return readings.count
    }
}
