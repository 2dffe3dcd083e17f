import DocScanCore
import DocScanNative

/// Lines that Tesseract's layout analysis took together, one over the other, read again each alone.
///
/// A paragraph's last line of a character or two (`置。`) just under a full line was laid out with it as
/// one line two lines tall, and the recognizer, which reads a line as one row, read the pair as neither:
/// photos of Fixtures' notice curled on a desk read `器中输入192.168.1.1登录管理页面，但请勿擅自修改任何设`
/// over `置。` as `和半到本但请勿擅自修改任何设` (half the line and the next one lost), on 5 of 30 such
/// scenes. (`HalvedLines` joins the opposite cut: one short line laid out as two.) A line at least
/// `stackHeight` times the page's typical line height whose ink, counted row by row, has a blank gap
/// (`gapRows`) with a row of ink at least `rowHeight` lines tall either side is two lines: each is
/// read on its own, padded no further than half the gap, and the two readings take the line's place
/// when Tesseract is at least as sure of them (weighted by their characters) as of the line. A
/// heading in large print has no such gap across all its characters. A line whose box another line's
/// reaches well into (`overlap`) is left alone: one of its rows may be that line's, already read (a
/// receipt's row box reached over the next row, which was then read twice).
enum StackedLines {
    /// How tall a line must be to be looked at, as a share of the page's typical line height.
    static let stackHeight = 1.6
    /// How tall each of the two rows must be at least, as a share of the typical line height.
    static let rowHeight = 0.4
    /// How many blank rows the gap must have at least; a row is blank with at most `blankShare` of
    /// the line's width dark.
    static let gapRows = 2
    static let blankShare = 0.005
    /// Levels under this count as ink.
    static let inkLevel: UInt8 = 128

    /// Reads each stacked line of `page` again as its two lines, from `image` with `read`.
    /// - Returns: how many lines were split.
    static func split(
        _ page: inout RecognizedText, on image: PixImage, with read: (PixImage) throws -> RecognizedText
    ) rethrows -> Int {
        guard let typical = page.typicalLineHeight.map(Double.init) else { return 0 }
        var split = 0
        // From the last line back, so that the indices of earlier lines stay valid.
        for index in page.lines.indices.reversed() {
            let line = page.lines[index]
            guard Double(line.box.height) >= stackHeight * typical, !line.text.trimmingCharacters(in: .whitespaces).isEmpty,
                  !overlapsAnotherLine(index, in: page, typical: typical), let gap = blankGap(in: line.box, on: image, typical: typical)
            else { continue }
            let box = line.box
            let upper = PageBox(x: box.x, y: box.y, width: box.width, height: gap.lowerBound)
            let lower = PageBox(x: box.x, y: box.y + gap.upperBound, width: box.width, height: box.height - gap.upperBound)
            let pad = max(1, gap.count / 2)
            guard let top = try LineReading.read(upper, on: image, padding: pad, with: read),
                  let bottom = try LineReading.read(lower, on: image, padding: pad, with: read),
                  [top, bottom].allSatisfy({ $0.text.contains(where: { $0.isLetter || $0.isNumber }) })
            else { continue }
            guard LineReading.characterWeighted([top, bottom].map { ($0.text, $0.confidence) }) >= line.confidence else { continue }
            page.replaceLines([index: top])
            page.lines[index].box = upper
            page.insertLine(lower, bottom, after: index)
            split += 1
        }
        return split
    }

    /// Whether the box of another line of `page` with text reaches `overlap` lines' height or more into
    /// line `line`'s: then one of its rows may be that line's, already read (a receipt's row box reaching
    /// over the next row, read again as a line of its own; an 1871 page's heading over `3d Session.`).
    static func overlapsAnotherLine(_ line: Int, in page: RecognizedText, typical: Double) -> Bool {
        let box = page.lines[line].box
        return page.lines.indices.contains { other in
            guard other != line, !page.lines[other].text.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
            let them = page.lines[other].box
            let width = min(box.x + box.width, them.x + them.width) - max(box.x, them.x)
            let height = min(box.y + box.height, them.y + them.height) - max(box.y, them.y)
            return width > 0 && Double(height) >= overlap * typical
        }
    }

    /// How far into a tall line another line's box may reach, as a share of the typical line height
    /// (boxes of neighbouring lines touch by a letter's descender).
    static let overlap = 0.25

    /// The rows (from the box's top) of the widest blank gap across `box` on `image` with a row of ink
    /// at least `rowHeight` lines tall above and below it; nil when there is none.
    static func blankGap(in box: PageBox, on image: PixImage, typical: Double) -> Range<Int>? {
        guard image.depth == 8, let crop = image.cropped(to: box), let samples = crop.greySamples(),
              crop.width > 0, samples.count == crop.width * crop.height
        else { return nil }
        let (width, height) = (crop.width, crop.height)
        let blank = Int(blankShare * Double(width))
        let inked = (0..<height).map { row in
            samples[(row * width)..<((row + 1) * width)].reduce(0) { $0 + ($1 < inkLevel ? 1 : 0) } > blank
        }
        let shortest = Int((rowHeight * typical).rounded(.up))
        // Runs of blank rows between the first and the last inked row.
        guard let first = inked.firstIndex(of: true), let last = inked.lastIndex(of: true) else { return nil }
        var best: Range<Int>?
        var row = first
        while row <= last {
            guard !inked[row] else { row += 1; continue }
            let start = row
            while row <= last, !inked[row] { row += 1 }
            let gap = start..<row
            guard gap.count >= gapRows, gap.count > best?.count ?? 0,
                  gap.lowerBound - first >= shortest, last + 1 - gap.upperBound >= shortest
            else { continue }
            best = gap
        }
        return best
    }
}
