import DocScanCore
import DocScanNative
import Foundation

/// Whether a reading of a page as one block ran its columns of prose into each other.
///
/// Read as one block, a page of two columns comes out with each line of the left column joined to the
/// line beside it in the right one: the words are all there, in an order no one can read. A page is read
/// so only when its layout analysis read it doubtfully and did not show its columns
/// (`TextRecognizer.isProseInColumns`); on a magazine page smeared at a slant by camera shake (the photo
/// stress set's `unlv_8087_054__slant`, made with `motion,slant`) it found 18 lines at a mean confidence
/// of 74, and the single block, read at 80 across the columns, was kept: CER 0.75.
///
/// The single block's own lines show it. Where they run across a gutter, most of them have a wide
/// space at the same place (`gutter(in:)`), and the pieces on either side of it are lines of prose, which
/// run on from the line above in lowercase (`ReadingOrder.maximumContinuedShare`) and are as wide as a
/// column's lines, not specks along the sheet's edge (`narrowestColumn`); a receipt or a table
/// read in rows has its wide spaces between its columns too, but its cells begin anew, or with a digit.
/// Such a page is read as one block a column at a time instead (`readByColumn`): it keeps what the
/// single block read better than the layout analysis (the magazine page's 18 lines read as laid out, with
/// the print left unread read back: CER 0.89) in its columns' order (0.095). Not for a page in Chinese,
/// Japanese or Korean first, whose lines do not begin in lowercase.
///
/// Where one side of such a space holds specks along the sheet's edge and the other a column of print
/// (`specksBeside`), the page is read as one block again with the specks' side filled with its paper's
/// level (`readBeside`).
enum ColumnsReadAcross {
    /// The narrowest space that can be a gutter, in typical line heights (of Tesseract's line boxes,
    /// ascenders to descenders): a justified line's widest spaces are under 1.5
    /// (`CrossedGutters.narrowestGutter`); the magazine page's gutter measured 2.3–2.8. (Fixtures'
    /// justified article smeared 9 px at a slant has its gutter at 1.0–1.3 and its spaces at 0.5–0.75;
    /// at 1.0 it was found, but read a column at a time whitened, that article read as garbage.)
    static let narrowestGutter = 1.5
    /// The share of the lines reaching across a place that must have such a space there.
    static let leastShareSpaced = 0.6
    /// The fewest lines with a space at the gutter.
    static let leastLinesSpaced = 8

    /// Where `block`'s lines run across a gutter between columns of prose: a page x in the gutter; nil
    /// when they do not.
    static func proseGutter(in block: RecognizedText) -> Int? {
        guard case .columns(let x)? = split(of: block) else { return nil }
        return x
    }

    /// Where `block`'s lines have such a gutter-like space between specks along one side of the sheet and
    /// a column of print on the other (`narrowestColumn`): its x, and whether the print lies right of it;
    /// nil when they do not. Such a page is read again with the specks' side filled (`readBeside`).
    static func specksBeside(in block: RecognizedText) -> (x: Int, printOnRight: Bool)? {
        guard case .specksBeside(let x, let printOnRight)? = split(of: block) else { return nil }
        return (x, printOnRight)
    }

    /// What a gutter-like space in a single block's lines parts (`split(of:)`).
    enum Split: Equatable {
        /// Two columns of prose, either side of x (`readByColumn`).
        case columns(x: Int)
        /// Specks along the sheet's edge on one side of x, a column of print on the other (`readBeside`).
        case specksBeside(x: Int, printOnRight: Bool)
    }

    /// The place most of `block`'s lines have a wide space at (`gutter(in:)`), where their pieces run on
    /// from the line above in lowercase, and what it parts: by whether each side's pieces are a column's
    /// lines (their median width `narrowestColumn` line heights or more); nil without such a place, or
    /// with no column either side of it.
    static func split(of block: RecognizedText) -> Split? {
        guard let gutter = gutter(in: block), let typical = block.typicalLineHeight else { return nil }
        let pieces = gutter.pieces.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let share = ReadingOrder.continuedShare(pieces), share >= ReadingOrder.maximumContinuedShare else { return nil }
        func isColumn(left: Bool) -> Bool {
            let widths = pieces.filter { ($0.box.x + $0.box.width / 2 < gutter.x) == left }.map(\.box.width).sorted()
            return !widths.isEmpty && Double(widths[widths.count / 2]) >= narrowestColumn * Double(typical)
        }
        switch (isColumn(left: true), isColumn(left: false)) {
        case (true, true): return .columns(x: gutter.x)
        case (let left, let right) where left != right: return .specksBeside(x: gutter.x, printOnRight: right)
        default: return nil
        }
    }

    /// The least median width of the pieces on either side of a gutter, in typical line heights: a
    /// column of prose holds lines of several words. A close-up of an 1871 Senate page (one column, the
    /// sheet's left edge in the cut-out; `make_photo_stress.py DIR close --seed 2100`) read as one
    /// block had a wide space in most lines between the specks along that edge and its print (at 14% of
    /// its width; the specks' pieces 0.8 line heights wide, their continued share 0.64). Read a column at
    /// a time there, its lines were read in two pieces: CER 0.35 in accurate mode, against 0.021 in fast
    /// mode, read as laid out; kept as one block, 0.052. Fixtures' two-column articles measure 18–21 on
    /// both sides. Such a page is read with the specks' side filled instead (`readBeside`): the Senate
    /// page at 0.031; eval/real's cookbook page in warm light, its gutter likewise at specks along its
    /// edge, at 0.015 (0.012 read a column at a time, 0.019 as one block).
    static let narrowestColumn = 5.0

    /// `image` read as one block a column at a time, their texts one after the other: with the side
    /// right of `x` whitened, then with the side left of it whitened; nil for a page that is
    /// neither grey nor colour (a bilevel page), or when a side reads nothing.
    ///
    /// The whole height of each side, not only the rows the gutter runs through, and whitened rather
    /// than cut out or filled with the paper's level; each of those read one photo worse in trials (the
    /// eval sets, Fixtures', eval/real's photos saved again and 48 stress scenes; five of them cut out): only the
    /// columns' rows whitened, eval/real's cookbook page in warm light read at 0.089 instead of 0.027
    /// (0.043 as one block); cut out, the smeared magazine page at 0.31 instead of 0.095; filled with
    /// the page's paper level, the cookbook page at 0.066, its shaded paper not of one level. A heading
    /// over both columns is read in two halves.
    static func readByColumn(
        _ image: PixImage, splitAt x: Int, with recognizer: any Recognizer, resolution: Int, deadline: PageDeadline
    ) throws -> RecognizedText? {
        let others = [PageBox(x: x, y: 0, width: image.width - x, height: image.height), PageBox(x: 0, y: 0, width: x, height: image.height)]
        var columns: [RecognizedText] = []
        for other in others {
            guard let alone = image.whitening([other]) else { return nil }
            let column = try recognizer.recognize(alone, resolution: resolution, deadline: deadline, singleBlock: true)
            guard !column.words.isEmpty else { return nil }
            columns.append(column)
        }
        let words = columns.reduce(0) { $0 + $1.words.count }
        let confidence = columns.reduce(0) { $0 + $1.meanConfidence * Double($1.words.count) } / Double(words)
        let text = columns.map { $0.text.trimmingCharacters(in: .newlines) }.joined(separator: "\n\n") + "\n"
        return RecognizedText(
            text: text, meanConfidence: (confidence * 10).rounded() / 10, words: columns.flatMap(\.words),
            lines: columns.flatMap(\.lines), resolution: columns[0].resolution)
    }

    /// `image` read as one block with the specks' side of `x` (`specksBeside`) filled with its paper's
    /// level, and the page so filled (where print left unread is looked for: not the specks); nil for a
    /// page that is not grey or whose paper cannot be measured, or when it reads nothing.
    ///
    /// Filled, not whitened: white beside grey paper draws Tesseract's threshold. Read by the tesseract
    /// CLI as one block (`--psm 6`), the cleaned close-up of the 1871 Senate page (specks along its left
    /// 14%) came out at CER 0.196 whole, 0.402 with that side whitened and 0.114 filled with its paper's
    /// level (201); eval/real's cookbook page in warm light (7%) at 0.044, 0.015 and 0.016.
    static func readBeside(
        _ image: PixImage, specksAt x: Int, printOnRight: Bool, with recognizer: any Recognizer, resolution: Int,
        deadline: PageDeadline
    ) throws -> (text: RecognizedText, page: PixImage)? {
        guard let paper = ToneCorrection.levels(of: image)?.paper else { return nil }
        let specks = printOnRight
            ? PageBox(x: 0, y: 0, width: x, height: image.height)
            : PageBox(x: x, y: 0, width: image.width - x, height: image.height)
        guard let filled = image.filling([specks], level: UInt8(clamping: paper)) else { return nil }
        let text = try recognizer.recognize(filled, resolution: resolution, deadline: deadline, singleBlock: true)
        return text.words.isEmpty ? nil : (text, filled)
    }

    /// The place most of `block`'s lines have a wide space at, and the lines cut there into their pieces
    /// on either side; nil when fewer than `leastShareSpaced` of the lines reaching across any place have one.
    static func gutter(in block: RecognizedText) -> (x: Int, pieces: [RecognizedSpan])? {
        guard let typical = block.typicalLineHeight else { return nil }
        let narrowest = Int((narrowestGutter * Double(typical)).rounded(.up))
        let wordsOfLines = block.wordsOfEachLine()
        // Each line's words left to right, and its wide spaces between them.
        let lines: [(words: [RecognizedSpan], spaces: [(start: Int, end: Int, split: Int)])] = wordsOfLines.map { indices in
            let words = indices.map { block.words[$0] }.sorted { $0.box.x < $1.box.x }
            return (words, CrossedGutters.wideSpaces(in: words, narrowest: Double(narrowest)))
        }
        // The candidate places: the middles of the wide spaces.
        var best: (x: Int, spaced: Int)?
        for x in Set(lines.flatMap { $0.spaces.map { ($0.start + $0.end) / 2 } }).sorted() {
            var reaching = 0, spaced = 0
            for line in lines {
                guard let first = line.words.first?.box, let last = line.words.last?.box,
                      first.x < x, last.x + last.width > x else { continue }
                reaching += 1
                if line.spaces.contains(where: { $0.start < x && x < $0.end }) { spaced += 1 }
            }
            guard spaced >= leastLinesSpaced, Double(spaced) >= leastShareSpaced * Double(reaching) else { continue }
            if spaced > best?.spaced ?? 0 { best = (x, spaced) }
        }
        guard let x = best?.x else { return nil }
        var pieces: [RecognizedSpan] = []
        for line in lines where !line.words.isEmpty {
            let split = line.spaces.first { $0.start < x && x < $0.end }?.split
            let sides = split.map { [Array(line.words[..<$0]), Array(line.words[$0...])] } ?? [line.words]
            for words in sides {
                let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
                let reading = LineReading(joining: words)
                pieces.append(RecognizedSpan(text: reading.text, confidence: reading.confidence, box: box))
            }
        }
        return (x, pieces)
    }
}
