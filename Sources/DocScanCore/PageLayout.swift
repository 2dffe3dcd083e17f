/// How a page's text was put in reading order; part of its record.
public struct PageLayout: Codable, Equatable, Sendable {
    /// `rows` when the page's cells were joined row by row (a table, a receipt, a form), `blocks` when
    /// Tesseract's own order of blocks and columns was kept (prose, a multi-column article).
    public var order: String
    /// Share of the text lines with another line beside them at the same height.
    public var sideBySide: Double
    /// Median distance between the centres of lines beside each other, as a share of the line height:
    /// cells of a row share their baseline, columns of prose meet by chance.
    @ExplicitNull public var rowOffset: Double?
    /// Median width ÷ height of those lines: short cells (a price, a code) against long lines of prose.
    @ExplicitNull public var cellAspect: Double?

    enum CodingKeys: String, CodingKey {
        case order, sideBySide = "side_by_side", rowOffset = "row_offset", cellAspect = "cell_aspect", justified, segmentation,
             darkAreas = "dark_areas", invertedPass = "inverted_pass", recoveredLines = "recovered_lines",
             movedLines = "moved_lines", edgeMarks = "edge_marks", strayLines = "stray_lines",
             rereadLines = "reread_lines", joinedLines = "joined_lines", stackedLines = "stacked_lines", facingPageReread = "facing_page_reread",
             cutLines = "cut_lines"
    }

    /// How Tesseract segmented the page: `auto` (its layout analysis) or `single_block` (read again as one
    /// block after a doubtful first reading).
    public var segmentation = "auto"
    /// Share of the page covered by solid dark areas (banners, dark boxes), where text may be light on dark.
    @ExplicitNull public var darkAreas: Double?
    /// Whether doubtful lines were read again inverted, for light text on a dark ground: only on a page
    /// with dark areas.
    public var invertedPass = false
    /// Share of those lines that end at their column's right edge, as lines of justified prose do.
    @ExplicitNull public var justified: Double?
    /// Lines of print Tesseract's layout analysis left out, read on their own and added (`UnreadInk`).
    public var recoveredLines = 0
    /// Lines read out of their column's order and put back in the gap they stand in (`ColumnGaps`).
    public var movedLines = 0
    /// Marks read where there was no print, at the ends of lines (a table's border, a speck, a book's
    /// gutter read `|`), taken out of the text (`EdgeMarks`).
    public var edgeMarks = 0
    /// Lines read where there was no print, at almost no confidence: down a stripe (a book's stacked
    /// page edges, a desk's edge) or along the page's top or bottom edge, and a facing page's line ends
    /// along its side (with lines that lost only those words); taken out of the text (`StrayLines`).
    public var strayLines = 0
    /// Lines read with little confidence and read again, surer, from the page as Tesseract thresholds it
    /// (`ThresholdedLines`).
    public var rereadLines = 0
    /// Short lines Tesseract's layout analysis cut across their characters into two lines, one over the
    /// other, read again whole (`HalvedLines`).
    public var joinedLines = 0
    /// Lines Tesseract's layout analysis took together, one over the other, as one line, read again each
    /// alone (`StackedLines`).
    public var stackedLines = 0
    /// Whether the page was read again with a facing page's sliver whitened, after Tesseract joined the
    /// sliver's line ends to the page's own lines (`StrayLines.joinedSliver`).
    public var facingPageReread = false
    /// Cuts made in lines Tesseract ran across a gutter (a column's row, a caption in the gutter, the next
    /// column's row), each piece then read with its column (`CrossedGutters`).
    public var cutLines = 0

    /// Reads records of older archives too: `inverted_pass`, `recovered_lines`, `moved_lines`, `edge_marks`,
    /// `stray_lines`, `reread_lines`, `joined_lines`, `facing_page_reread` and `cut_lines` came after the first archives were made, and a missing one means no
    /// such pass ran.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        order = try container.decode(String.self, forKey: .order)
        sideBySide = try container.decode(Double.self, forKey: .sideBySide)
        _rowOffset = try container.decode(ExplicitNull<Double>.self, forKey: .rowOffset)
        _cellAspect = try container.decode(ExplicitNull<Double>.self, forKey: .cellAspect)
        segmentation = try container.decodeIfPresent(String.self, forKey: .segmentation) ?? "auto"
        _darkAreas = try container.decode(ExplicitNull<Double>.self, forKey: .darkAreas)
        invertedPass = try container.decodeIfPresent(Bool.self, forKey: .invertedPass) ?? false
        _justified = try container.decode(ExplicitNull<Double>.self, forKey: .justified)
        recoveredLines = try container.decodeIfPresent(Int.self, forKey: .recoveredLines) ?? 0
        movedLines = try container.decodeIfPresent(Int.self, forKey: .movedLines) ?? 0
        edgeMarks = try container.decodeIfPresent(Int.self, forKey: .edgeMarks) ?? 0
        strayLines = try container.decodeIfPresent(Int.self, forKey: .strayLines) ?? 0
        rereadLines = try container.decodeIfPresent(Int.self, forKey: .rereadLines) ?? 0
        joinedLines = try container.decodeIfPresent(Int.self, forKey: .joinedLines) ?? 0
        stackedLines = try container.decodeIfPresent(Int.self, forKey: .stackedLines) ?? 0
        facingPageReread = try container.decodeIfPresent(Bool.self, forKey: .facingPageReread) ?? false
        cutLines = try container.decodeIfPresent(Int.self, forKey: .cutLines) ?? 0
    }

    public init(order: String, sideBySide: Double, rowOffset: Double?, cellAspect: Double?, justified: Double? = nil) {
        self.justified = justified
        self.order = order
        self.sideBySide = sideBySide
        self.rowOffset = rowOffset
        self.cellAspect = cellAspect
    }
}
