import DocScanCore
import DocScanNative
import Foundation

/// The recognize stage: reads a cleaned page with the worker's recognizer.
///
/// Holds its recognizer for the whole run; one stage per worker, never one per page.
///
/// Tesseract's layout analysis cuts some pages into pieces it then reads badly: a receipt photo, whose
/// wide gaps between item, code and price made it read each row's end as noise (mean confidence 71,
/// CER 0.34). A page read with low confidence is read again as one block of text, and that reading is
/// kept when Tesseract is clearly surer of it (the receipt: CER 0.02). A page read confidently is read
/// again so only when the layout analysis visibly failed on it (`layoutFailures`: print it left out that
/// reads back confidently, a line it read down a column); the single block is then kept when it shows a
/// third of those signs at most and Tesseract is nearly as sure of it, since what the analysis skipped
/// is the harder print. Either way, a single block that read much more of the page fairly surely is kept
/// too (`readsMore`). A page that stands in columns of prose is never read as one block
/// (`isProseInColumns`), and a single block that shows it ran such columns into each other is read again
/// a column at a time (`ColumnsReadAcross`), or, where it set specks along the sheet's edge apart from
/// the print, read again with their side filled with the paper's level.
/// Other pages read confidently (91 and more on the eval set's scans, multi-column pages included) are
/// never re-read, so their columns keep Tesseract's order. A page the layout analysis read nothing on
/// (two lines of large Chinese print, `Fixtures/sparse`) is read as one block too (`emptyPageBlock`).
///
/// A page cut out of an open book whose facing page's sliver Tesseract joined to the page's own lines is
/// read again with the sliver whitened (`StrayLines.joinedSliver`): the joined lines run across the
/// page's columns and cut them.
///
/// Print the layout analysis left out (cells of a ruled table) is found and read line by line afterwards
/// (`UnreadInk`), a short line it cut across its characters into two is read whole (`HalvedLines`),
/// lines it ran across a gutter are cut into their columns' pieces (`CrossedGutters`), lines it read
/// out of their column's order are put back (`ColumnGaps`, `RowPieces`, `SplitColumns`), and marks it
/// read at the ends of lines where there was no print are taken out (`EdgeMarks`).
///
/// Tesseract's second pass over doubtful lines, inverted, finds light text on a dark ground; it is
/// turned on only for a page with solid dark areas (banners, dark boxes) big enough to hold such text.
public final class TextRecognizer: PageStage {
    /// Mean word confidence under which a page is read again as one block.
    static let doubtfulConfidence = 80.0
    /// How many points surer Tesseract must be of the single-block reading for it to be kept.
    static let singleBlockMargin = 5.0
    /// The same for a page it read as one column (no line beside another), where no columns' order is at
    /// stake. A receipt photo read in rows, its prices badly (`N29` for `2.19`, lines at 24–72), had the
    /// single block 4 points surer (78 against 74) and read it right (CER 0.049, then 0.018); the same
    /// photo saved again read 75 and 80. Not for a Chinese, Japanese or Korean page: photos of a ruled
    /// Chinese table, which Tesseract reads row by row, read worse as one block it was 2–3 points surer
    /// of (0.124 → 0.144, 0.138 → 0.186, 0.193 → 0.207).
    static let oneColumnMargin = 2.0
    /// How sure Tesseract must be of a single-block reading of a page its layout analysis read nothing
    /// on, which must also hold two letters or digits. A slide of two lines of large Chinese print read
    /// nothing as laid out (the tesseract CLI with `--psm 3` neither; at 0.9 or 1.1 times the size it read
    /// both lines) and both lines as one block, at 72; a picture of coloured shapes on black read `网人` at
    /// 38 as one block, and its diamond `<>` at 79.
    static let emptyPageBlock = 60.0
    /// Signs of a failed layout analysis (`layoutFailures`: lines of print it left out and that read back
    /// confidently, lines read down a column) from which the page is read as one block as well.
    static let missedLines = 3
    /// How many points less sure Tesseract may be of a single-block reading that shows at most a third
    /// of those signs. It reads more of the page, and what the analysis skipped is the harder
    /// print: a receipt photo whose prices and tax codes were left out read at 90 without them and 82
    /// with them (27 lines read back, then none unread; CER 0.345, then 0.000).
    static let coverageMargin = 15.0
    /// How many times the characters Tesseract is fairly sure of (`fairlySure`) a single-block reading
    /// must hold to be kept for its coverage alone, at least `coverageGain` more.
    static let coverageRatio = 1.5
    /// A word's confidence from which its characters count as read (`readsMore`).
    static let fairlySure = 60.0
    /// The fewest characters more a single-block reading must be fairly sure of (`readsMore`): two lines
    /// of a receipt. The receipts it mended gained 96–256; a poster photo 20, most of them its pictures
    /// read as Han characters (28 → 48, at a mean confidence of 41 against 52).
    static let coverageGain = 50

    /// Whether a single-block reading read much more of the page than the reading as laid out, and is not
    /// much less sure of it: `coverageRatio` times the characters of words Tesseract is `fairlySure` of,
    /// at least `coverageGain` more, and a mean confidence at most `coverageMargin` lower. It catches what
    /// `layoutFailures` cannot count, print the layout analysis left out that `UnreadInk` does not find
    /// either: on scanned receipts (SROIE's, not in the repository) one in faint thermal print, each
    /// letter broken into specks, read four of its 34 lines as laid out (6 characters fairly surely, mean
    /// confidence 54) and all as one block (155, at 39): case-insensitive CER 0.94 → 0.35; one whose lower
    /// half lies beside handwriting and the scanner's dark edge lost that half (0.45 → 0.14). Words a
    /// picture adds to a single block are seldom fairly sure, so a page with pictures keeps its layout.
    static func readsMore(_ block: RecognizedText, than first: RecognizedText) -> Bool {
        let read = { (text: RecognizedText) in
            text.words.filter { $0.confidence >= fairlySure }.map(\.text.count).reduce(0, +)
        }
        let blockRead = read(block), firstRead = read(first)
        // A page read as nothing laid out has its own bar (`emptyPageBlock`).
        guard !first.words.isEmpty, blockRead - firstRead >= coverageGain else { return false }
        return Double(blockRead) >= coverageRatio * Double(firstRead)
            && block.meanConfidence >= first.meanConfidence - coverageMargin
    }

    /// Whether a reading of a page read as nothing before is kept: at a confidence of `emptyPageBlock`,
    /// with two letters or digits.
    static func readsSomething(_ text: RecognizedText) -> Bool {
        text.meanConfidence >= emptyPageBlock && text.text.filter { $0.isLetter || $0.isNumber }.count >= 2
    }

    /// Share of the page covered by solid dark areas above which lines may be light on dark.
    static let darkAreaShare = 0.002
    /// The opening that leaves only solid dark areas, in cells of 4×4 pixels: 24 px, thicker than the
    /// strokes of body text and headings.
    static let darkAreaBrick = 6

    let recognizer: any Recognizer

    /// Whether a page's lines stand in columns of prose: most of them beside another, but not on one
    /// baseline as a table's cells are (`ReadingOrder`). Such a page is not read as one block: that
    /// reads across its columns, each line of one column run into the line beside it, however sure
    /// Tesseract is of the words (eval/real's cookbook photo halved, then enlarged: as one block, at a
    /// mean confidence of 70, CER 0.91; in its columns 0.09). On the photo stress set two pages of two
    /// columns had been read as one block and now read 0.061 → 0.028 and 0.118 → 0.059.
    static func isProseInColumns(_ layout: PageLayout) -> Bool {
        layout.sideBySide >= ReadingOrder.minimumSideBySide && (layout.rowOffset ?? 0) > ReadingOrder.maximumRowOffset
    }

    /// Signs that Tesseract's layout analysis failed on a page read as `text`: the lines of print it left
    /// out (`missed`: for the page's reading, those then read back confidently, since pictures and specks
    /// leave unread print too; for a candidate reading, every line found, to judge it strictly), and
    /// `missedLines` for each line it read down a column of the page, many rows tall and narrow (on
    /// receipt photos it read the column of tax codes, one letter a row, as one vertical line
    /// `HF NEEBABNOHENENWNERN`, and the rows beside it column by column). A line down the page's side
    /// (within `sideShare` of its `width`) is no such sign: it is what the cut-out kept of the desk or of
    /// the sheet's shaded edge, read as marks (`ce aE` down the left side of a photographed 1871 page, 230
    /// px tall). Taken for one, it sent that page, read at a mean confidence of 91, to be read as one
    /// block, which read the rule under its heading as a line of letters (the photo stress set's
    /// `congress_1871__desk` in fast mode: CER 0.069; as Tesseract laid it out, 0.018).
    static func layoutFailures(of text: RecognizedText, missed: Int, width: Int) -> Int {
        guard let typical = text.typicalLineHeight else { return missed }
        let lines = text.textLines
        let side = Int(sideShare * Double(width))
        let columns = lines.filter {
            $0.box.height > 4 * typical && $0.box.height > 3 * $0.box.width
                && $0.box.x > side && $0.box.x + $0.box.width < width - side
        }.count
        return missed + columns * missedLines
    }

    /// The share of a page's width along either side in which a line read down the page is taken for the
    /// sheet's edge, not for a column of print (`layoutFailures`).
    static let sideShare = 0.03

    /// The share of `image` in solid dark areas, and whether it is enough for light-on-dark text (an
    /// image Leptonica cannot measure counts as dark: the pass is kept rather than risked).
    static func darkAreas(of image: PixImage) -> (share: Double, invert: Bool) {
        let share = image.solidDarkShare(brick: darkAreaBrick) ?? 1
        return (share, share > darkAreaShare)
    }

    public init(recognizer: any Recognizer) {
        self.recognizer = recognizer
    }

    public func run(_ page: CleanedPage, context: inout PageContext) throws -> RecognizedText {
        var resolution = SourceResolution.reading(page.image, languages: context.languages)
        let (darkShare, invert) = Self.darkAreas(of: page.image)
        recognizer.readInvertedText(invert)
        defer { recognizer.readInvertedText(false) }
        var first = try recognizer.recognize(page.image, resolution: resolution.dotsPerInch, deadline: context.deadline)
        if first.words.isEmpty, resolution.isAssumedFromPaper {
            let estimated = try recognizer.recognize(page.image, resolution: 0, deadline: context.deadline)
            if !estimated.words.isEmpty {
                first = estimated
                resolution = resolution.estimatedInstead
            }
        }
        if let warning = resolution.warning { context.warnings.append(warning) }
        var image = page.image
        // Read again without a facing page's sliver the layout analysis joined to the page's lines; what
        // follows reads that page too, so the sliver's print is not found again as print left unread.
        var facingPageReread = false
        if let sliver = StrayLines.joinedSliver(of: first, width: image.width, height: image.height),
           let whitened = image.whitening(sliver) {
            let again = try recognizer.recognize(whitened, resolution: resolution.dotsPerInch, deadline: context.deadline)
            if !again.words.isEmpty {
                first = again
                image = whitened
                facingPageReread = true
            }
        }
        var result = first
        var segmentation = "auto"
        let letters = page.cleanup.letterHeight.map { Double($0) * (page.cleanup.enlargement ?? 1) }
        var recovered = try UnreadInk.read(
            UnreadInk.lines(on: image, besides: first, letters: letters), on: image, into: &result, with: recognizer,
            resolution: resolution.dotsPerInch, deadline: context.deadline)
        let failures = Self.layoutFailures(of: first, missed: recovered, width: image.width)
        // Arranged only for a page that may be read again: confident pages never need it.
        lazy var firstLayout = ReadingOrder.arrange(first.lines).layout
        if first.meanConfidence < Self.doubtfulConfidence || failures >= Self.missedLines,
           !Self.isProseInColumns(firstLayout) {
            let block = try recognizer.recognize(
                image, resolution: resolution.dotsPerInch, deadline: context.deadline, singleBlock: true)
            let blockUnread = UnreadInk.lines(on: image, besides: block, letters: letters)
            let oneColumn = !context.languages.hasUnspacedPrimary && firstLayout.sideBySide == 0
            let surer = first.words.isEmpty
                ? Self.readsSomething(block)
                : block.meanConfidence >= first.meanConfidence + (oneColumn ? Self.oneColumnMargin : Self.singleBlockMargin)
            if surer || Self.readsMore(block, than: first)
                || (failures >= Self.missedLines && Self.layoutFailures(of: block, missed: blockUnread.count, width: image.width) * 3 <= failures
                    && block.meanConfidence >= first.meanConfidence - Self.coverageMargin) {
                result = block
                segmentation = "single_block"
                var unread = blockUnread
                let split = first.words.isEmpty || context.languages.hasUnspacedPrimary ? nil : ColumnsReadAcross.split(of: block)
                switch split {
                case .columns(let x)?:
                    if let columns = try ColumnsReadAcross.readByColumn(
                        image, splitAt: x, with: recognizer, resolution: resolution.dotsPerInch, deadline: context.deadline) {
                        result = columns
                        segmentation = "columns"
                        unread = UnreadInk.lines(on: image, besides: columns, letters: letters)
                    }
                case .specksBeside(let x, let printOnRight)?:
                    if let print = try ColumnsReadAcross.readBeside(
                        image, specksAt: x, printOnRight: printOnRight, with: recognizer,
                        resolution: resolution.dotsPerInch, deadline: context.deadline) {
                        result = print.text
                        segmentation = "print_side"
                        unread = UnreadInk.lines(on: print.page, besides: print.text, letters: letters)
                    }
                case nil:
                    break
                }
                recovered = try UnreadInk.read(
                    unread, on: image, into: &result, with: recognizer,
                    resolution: resolution.dotsPerInch, deadline: context.deadline)
            }
        }
        let reread = try ThresholdedLines.applies(to: page, languages: context.languages)
            ? ThresholdedLines.reread(
                &result, on: image, with: recognizer, resolution: resolution.dotsPerInch, deadline: context.deadline)
            : 0
        let cut = CrossedGutters.split(&result)
        let moved = ColumnGaps.fill(&result) + RowPieces.order(&result) + SplitColumns.join(&result)
        let marks = EdgeMarks.strip(&result) + RuledColumns.strip(&result, width: image.width)
        let stray = StrayLines.strip(&result, width: image.width, height: image.height)
        // After the strays are gone: their pieces (a blurred facing page's line ends) are no line to join.
        let joined = try HalvedLines.join(&result, on: image) {
            try recognizer.recognizeLine($0, resolution: resolution.dotsPerInch, deadline: context.deadline)
        }
        let stacked = try StackedLines.split(&result, on: image) {
            try recognizer.recognizeLine($0, resolution: resolution.dotsPerInch, deadline: context.deadline)
        }
        result.lines = result.lines.map { line in
            var line = line
            line.text = HanSpacing.collapse(line.text)
            return line
        }
        let arranged = ReadingOrder.arrange(result.lines)
        result.layout = arranged.layout
        result.layout?.segmentation = segmentation
        result.layout?.darkAreas = (darkShare * 10000).rounded() / 10000
        result.layout?.invertedPass = invert
        result.layout?.recoveredLines = recovered
        result.layout?.movedLines = moved
        result.layout?.edgeMarks = marks
        result.layout?.strayLines = stray
        result.layout?.rereadLines = reread
        result.layout?.joinedLines = joined
        result.layout?.stackedLines = stacked
        result.layout?.facingPageReread = facingPageReread
        result.layout?.cutLines = cut
        result.text = (arranged.rowText ?? HanSpacing.collapse(result.text)).trimmingCharacters(in: .whitespacesAndNewlines)
        return result
    }
}

@available(*, unavailable)
extension TextRecognizer: Sendable {}
