import DocScanCore

/// Takes out lines Tesseract read where there is no print, at almost no confidence: down a stripe, or
/// along the page's top or bottom edge.
///
/// - A stripe: the stacked edges of a book's pages beside the page, a desk's or a sheet's edge along
///   the frame, a ruled margin. The layout analysis takes it for a line of text turned on its side and
///   reads a string of capitals (`LULA adAIA/ hdc ALDLULA LEAR DAAEALDLDRALDEAL…`, 571 px tall and
///   17 px wide, confidence 0). Such a line's box is over `stripeAspect` times as tall as it is wide,
///   taller than `stripeHeight` of the page's typical line.
/// - The page's edge: a book page's curled top edge, the shadow along a warped sheet's border, the
///   facing page's margin (`GL em —— =`, confidence 23). Such a line lies within `edgeBand` of the
///   page's top or bottom.
///
/// - The facing page's sliver in a photo of an open book: the ends of its lines, cut by the page's
///   side (`uttermilk`, `shed barley goats`, read at 67–92), or its margin's specks (`¥`, `WH`). Such
///   lines form a strip along the page's left or right side, at least one of them within `sliverBand`
///   of the side, the strip narrower than `sliverWidth` of the page, and a gutter at least
///   `sliverGutter` typical lines wide parts it from every other line. Lines of the strip that do not
///   reach the side go with it: straightened along its lines' courses, eval/real's open cookbook had
///   its strip read as lines starting up to 162 px in (`he`, `beg ony`), and when only the lines at
///   the side could go, those kept the whole strip (fast CER 0.037 → 0.060).
///   They go whatever their confidence: the words are real, but of another page.
///
/// A stripe or an edge line goes when read at under `maximumConfidence`. On the eval sets, Fixtures and the photo stress
/// set (both modes), 27 lines of 20 pages went: page edges and stripes read as garbage, and a
/// magazine's running footer and date misread at 3–26 (`TravecG&Leisune`, `SEerTemnEn`); none had
/// been read right. Stripes read at 0–36, a `j` read alone (as tall and narrow) at 83. Mean CER:
/// Fixtures' photos 0.0034 → 0.0009 fast, 0.0042 → 0.0028 accurate (its curled book 0.011 → 0.002),
/// eval/real 0.0298 → 0.0293 accurate but 0.0320 → 0.0323 fast, eval/public and Fixtures' pages
/// unchanged.
enum StrayLines {
    static let stripeAspect = 3.0
    static let stripeHeight = 1.5
    static let edgeBand = 0.03
    static let maximumConfidence = 30.0
    static let sliverBand = 0.01
    static let sliverWidth = 0.15
    static let sliverGutter = 2.0
    /// The fewest pieces of a joined sliver for the page to be read again without it: a facing page
    /// shows the ends of several lines. A table photographed turned 40° had one piece at its side, a
    /// cell of its shaded header row, joined to that row (`joinedSliver`); whitened, a strip cut the
    /// shaded row and read as `CEE` (CER 0.014 → 0.019).
    static let joinedSliverPieces = 3

    /// Takes the stray lines out of the lines, words and text of a page `width` × `height` pixels, and
    /// the facing page's words out of the lines Tesseract joined them to.
    /// - Returns: how many lines went or lost words.
    static func strip(_ page: inout RecognizedText, width: Int, height: Int) -> Int {
        guard let typical = page.typicalLineHeight.map(Double.init) else { return 0 }
        var stray = stripesAndEdges(of: page, height: height, typical: typical)
        let pieces = pieces(of: page, typical: typical, besides: stray)
        let sliver = self.sliver(of: pieces, in: page, width: width, typical: typical, onTheLeft: true)
            .union(self.sliver(of: pieces, in: page, width: width, typical: typical, onTheLeft: false))
        // A line goes when all of it is in the sliver; one with words of the page too keeps those.
        var trimmed: [Int: LineReading] = [:]
        for line in Set(sliver.map { pieces[$0].line }) where !stray.contains(line) {
            let kept = pagePieces(ofLine: line, in: pieces, besides: sliver).flatMap { pieces[$0].words }.sorted()
            guard !kept.isEmpty else {
                stray.insert(line)
                continue
            }
            trimmed[line] = LineReading(joining: kept.map { page.words[$0] })
        }
        page.replaceLines(trimmed)
        for (line, reading) in trimmed {
            page.lines[line].box = reading.words.dropFirst().reduce(reading.words[0].box) { $0.union($1.box) }
        }
        // From the last back, so the earlier indices stay valid.
        for index in stray.sorted().reversed() { _ = page.removeLine(at: index) }
        // Lines gone from between paragraphs leave one blank line, not several.
        if !stray.isEmpty { page.collapseBlankLines() }
        return stray.count + trimmed.count
    }

    /// Where to whiten a page before reading it again: the facing page's sliver when Tesseract joined
    /// part of it to the page's own lines (a line with words both in the sliver and beyond its gutter);
    /// nil when there is no such sliver.
    ///
    /// Such a joined line is a sign the layout analysis took the facing page for part of the page's
    /// rows, and it then cuts the page's columns where the joined lines run across them: eval/real's
    /// two-column cookbook photographed turned 14° read the foot of its first column across into the
    /// second and the rest of it after the second (accurate CER 0.517; `tesseract --psm 3` on the same
    /// cleaned page at its resolution 0.584, and with the sliver whitened 0.035). Taking out the sliver's
    /// words after reading cannot mend that order; reading the page again without the sliver does.
    ///
    /// The boxes: a strip from the side to half a typical line beyond the sliver's farthest piece, kept
    /// half a line clear of every other piece with words (a curled page's column may reach nearer the
    /// side than the sliver does elsewhere), and each sliver piece's own box, a quarter line larger.
    static func joinedSliver(of page: RecognizedText, width: Int, height: Int) -> [PageBox]? {
        guard let typical = page.typicalLineHeight.map(Double.init) else { return nil }
        let pieces = pieces(of: page, typical: typical, besides: stripesAndEdges(of: page, height: height, typical: typical))
        for onTheLeft in [true, false] {
            let sliver = self.sliver(of: pieces, in: page, width: width, typical: typical, onTheLeft: onTheLeft)
            let joined = Set(sliver.map { pieces[$0].line }).contains { line in
                pagePieces(ofLine: line, in: pieces, besides: sliver).contains { !pieces[$0].words.isEmpty }
            }
            guard joined, sliver.count >= joinedSliverPieces else { continue }
            func reach(_ piece: Int) -> (near: Double, far: Double) { self.reach(pieces[piece].box, width: width, onTheLeft: onTheLeft) }
            let farthest = sliver.map { reach($0).far }.max() ?? 0
            let others = pieces.indices.filter { !sliver.contains($0) && !pieces[$0].words.isEmpty }.map { reach($0).near }
            let strip = max(0, min(farthest + typical / 2, (others.min() ?? Double(width)) - typical / 2))
            let stripWidth = Int(strip.rounded(.down))
            var boxes = [PageBox(x: onTheLeft ? 0 : width - stripWidth, y: 0, width: stripWidth, height: height)]
            let pad = Int((typical / 4).rounded())
            for piece in sliver {
                let box = pieces[piece].box
                boxes.append(PageBox(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad))
            }
            return boxes.filter { $0.width > 0 && $0.height > 0 }
        }
        return nil
    }

    /// The lines read down a stripe or along the page's top or bottom edge at under `maximumConfidence`.
    private static func stripesAndEdges(of page: RecognizedText, height: Int, typical: Double) -> Set<Int> {
        let band = edgeBand * Double(height)
        return Set(page.lines.indices.filter { index in
            let line = page.lines[index], box = line.box
            guard line.confidence < maximumConfidence else { return false }
            let isStripe = Double(box.height) > stripeAspect * Double(box.width) && Double(box.height) > stripeHeight * typical
            let isAtEdge = Double(box.y) <= band || Double(box.y + box.height) >= Double(height) - band
            return isStripe || isAtEdge
        })
    }

    /// The lines of `page` cut at gutters (`LinePiece`), but for the `stray` lines: a book page's curled
    /// foot read as garbage along the bottom edge, from the facing page's sliver across under the page's
    /// column, took the sliver across past `sliverWidth` (eval/real's open cookbook photographed turned
    /// −33°: its sliver's line ends and specks kept, accurate CER 0.085).
    private static func pieces(of page: RecognizedText, typical: Double, besides stray: Set<Int>) -> [LinePiece] {
        LinePiece.pieces(of: page, parting: sliverGutter * typical).filter { !stray.contains($0.line) }
    }

    /// The pieces (indexes into `pieces`) of a facing page's sliver along the page's left or right side;
    /// empty when there is none, or nothing else on the page.
    ///
    /// The sliver grows from the pieces that reach the side, piece by piece, to every piece across the
    /// page from one of it (their extents across overlap), or closer than `sliverGutter` typical lines
    /// to it both across and up or down: the gutter is looked for beside the sliver's pieces, not down
    /// the whole page, as a curled book's spine bends and the page's column with it (the open cookbook
    /// turned 7°: the sliver's lines end 263 px in at its top, its column starts 297 px in at its foot).
    /// Beyond `sliverWidth` of the page it is no sliver, nor is a column of figures (`isFigures`).
    private static func sliver(of pieces: [LinePiece], in page: RecognizedText, width: Int, typical: Double, onTheLeft: Bool) -> Set<Int> {
        let pageWidth = Double(width), gutter = sliverGutter * typical
        func reach(_ box: PageBox) -> (near: Double, far: Double) { self.reach(box, width: width, onTheLeft: onTheLeft) }
        func near(_ one: PageBox, _ other: PageBox) -> Bool {
            let across = -Double(one.horizontalOverlap(with: other))
            let upOrDown = Double(max(one.y, other.y) - min(one.y + one.height, other.y + other.height))
            return across <= 0 || (across < gutter && upOrDown < gutter)
        }
        var sliver = Set(pieces.indices.filter { reach(pieces[$0].box).near <= sliverBand * pageWidth })
        var grown = Array(sliver)
        while let piece = grown.popLast() {
            guard reach(pieces[piece].box).far < sliverWidth * pageWidth else { return [] }
            for other in pieces.indices where !sliver.contains(other) && near(pieces[piece].box, pieces[other].box) {
                sliver.insert(other)
                grown.append(other)
            }
        }
        // Nothing else on the page.
        guard sliver.count < pieces.count else { return [] }
        let isColumn = sliver.count >= joinedSliverPieces && isFigures(sliver.flatMap { pieces[$0].words.map { page.words[$0].text } })
        return isColumn ? [] : sliver
    }

    /// Whether `words` are mostly figures: at least `figuresShare` of their letters and digits are
    /// digits. A facing page's sliver is the ends of its words; a strip of figures along the page's side,
    /// `joinedSliverPieces` or more, is a table's last column: an invoice photographed close, its amounts
    /// within pixels of the frame's right side and two lines' width from its unit prices, lost them all
    /// as a sliver (CER 0.09). A lone figure by the side is a speck read as one (a table photo turned 25°:
    /// `for 4`).
    static func isFigures(_ words: [String]) -> Bool {
        var digits = 0, letters = 0
        for scalar in words.joined().unicodeScalars {
            if scalar.properties.numericType == .decimal { digits += 1 } else if scalar.properties.isAlphabetic { letters += 1 }
        }
        return digits > 0 && Double(digits) >= figuresShare * Double(digits + letters)
    }

    /// The share of a strip's letters and digits that are digits for it to be a column of figures.
    static let figuresShare = 0.5

    /// How far in from the page's left or right side a box starts (`near`) and ends (`far`).
    private static func reach(_ box: PageBox, width: Int, onTheLeft: Bool) -> (near: Double, far: Double) {
        let pageWidth = Double(width)
        return onTheLeft
            ? (Double(box.x), Double(box.x + box.width))
            : (pageWidth - Double(box.x + box.width), pageWidth - Double(box.x))
    }

    /// The pieces of `line` outside the sliver: the page's own words Tesseract joined the sliver to.
    private static func pagePieces(ofLine line: Int, in pieces: [LinePiece], besides sliver: Set<Int>) -> [Int] {
        pieces.indices.filter { pieces[$0].line == line && !sliver.contains($0) }
    }
}

/// A stretch of one line's words with no gap of a given width within it: Tesseract may join the facing
/// page's line ends to the page's own lines beside them (eval/real's open cookbook saved turned 7°, in
/// accurate mode: `oo 9 nh, \ bined. You don't need…`), and the two parts are cut apart at the gap.
struct LinePiece {
    /// The line's index in the page's lines.
    var line: Int
    /// Indexes into the page's words, left to right; empty for a line with no words.
    var words: [Int]
    var box: PageBox

    /// Each line of `page` cut wherever a gap at least `gap` pixels wide parts its words
    /// (`RecognizedText.lineOfEachWord()`); a line with no words is one piece.
    static func pieces(of page: RecognizedText, parting gap: Double) -> [LinePiece] {
        let wordsOfLine = page.wordsOfEachLine()
        return page.lines.indices.flatMap { line -> [LinePiece] in
            let words = wordsOfLine[line].sorted { page.words[$0].box.x < page.words[$1].box.x }
            guard let first = words.first else { return [LinePiece(line: line, words: [], box: page.lines[line].box)] }
            var pieces = [LinePiece(line: line, words: [first], box: page.words[first].box)]
            for word in words.dropFirst() {
                let wordBox = page.words[word].box, last = pieces[pieces.count - 1].box
                if Double(wordBox.x - (last.x + last.width)) >= gap {
                    pieces.append(LinePiece(line: line, words: [word], box: wordBox))
                } else {
                    pieces[pieces.count - 1].words.append(word)
                    pieces[pieces.count - 1].box = last.union(wordBox)
                }
            }
            return pieces
        }
    }
}
