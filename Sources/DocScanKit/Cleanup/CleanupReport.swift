import DocScanCore

/// What the clean-up stage did to a page; part of its record.
public struct CleanupReport: Codable, Equatable, Sendable {
    /// How sharp the photo's print is (`BlurredPrint`: its steepest steps over its contrast; under 0.2 it
    /// is out of focus); nil when not measured (a bilevel page, a blank).
    @ExplicitNull public var sharpness: Double?
    /// Whether the page was sharpened for that, before anything else was done to it.
    public var sharpened = false
    /// The way camera shake smeared the print, `across` or `down` (`BlurredPrint`): the smear taken out,
    /// or the print sharpened that way only; nil when it was not smeared one way.
    @ExplicitNull public var streak: String?
    /// The smear's length in pixels of the upright image, when the smear was taken out by deconvolution
    /// (`BlurredPrint`); nil otherwise.
    @ExplicitNull public var smearLength: Int?
    /// The σ in pixels of the upright image of the Gaussian blur taken out by deconvolution, when print
    /// out of focus was (`BlurredPrint`); nil otherwise.
    @ExplicitNull public var blurSigma: Double?
    /// Corners of the sheet found in a photo, in the upright image's pixels; nil when none was used.
    @ExplicitNull public var pageCorners: PageQuad?
    /// How the sheet was found: `brightness` (a bright region on a darker background) or `edges` (the
    /// sheet's boundary lines, on a background as light as the paper); nil when none was found.
    @ExplicitNull public var pageMethod: String?
    /// How convincing the sheet's outline is, 0–1 (1: straight sides, strong contrast all round).
    @ExplicitNull public var pageScore: Double?
    /// How far the sheet's sides bow (a curled sheet), as a share of a side's length, when they bow
    /// enough for the warp to follow them (`CurvedSides`); nil when the sheet was warped by its corners
    /// alone or none was found.
    @ExplicitNull public var sideBulge: Double?
    /// The sides of the sheet moved out past print they cut off (`TextBeyondSheet`): `top`, `right`,
    /// `bottom`, `left`; nil when none was.
    @ExplicitNull public var pageWidened: [String]?
    /// The sides of the sheet's outline that ran along the photo's border, far from the print, pulled in
    /// to it (`FrameSide`): `top`, `right`, `bottom`, `left`; nil when none was.
    @ExplicitNull public var pagePulledIn: [String]?
    /// How much the print's margins converge when no sheet was found (`PrintPerspective`: 1 − its top
    /// width over its foot width, or the other way round); nil when they were not measured. From 0.05
    /// the page was warped by them (when they lean alike), with `page_method` `print`.
    @ExplicitNull public var printConvergence: Double?
    /// Whether the page was warped flat from those corners.
    public var warped = false
    /// Why no page was warped (a scan, the page fills the frame, …); nil when one was, or when not looked for.
    @ExplicitNull public var pageNote: String?
    /// Whether uneven lighting and shadows were evened out.
    public var backgroundNormalized = false
    /// The page's darkest print and its paper (grey levels 0–255), measured when the background was
    /// looked at; nil otherwise.
    @ExplicitNull public var inkLevel: Int?
    @ExplicitNull public var paperLevel: Int?
    /// Whether print and paper were so close (faded print) that the background step separated them at
    /// their midpoint instead of Leptonica's fixed level.
    public var lowContrast = false
    /// The share of the page's print made faint over part of it (a lamp's glare), when that print was
    /// deepened back (`FaintPrint`); nil when none was.
    @ExplicitNull public var faintPrint: Double?
    /// The width of the box that blurred the page's dotted print into strokes (`DottedPrint`); nil when
    /// its print is not dotted.
    @ExplicitNull public var dotsJoined: Int?
    /// Single dark pixels per thousand dark pixels (impulse noise), measured on 8-bit pages; nil when
    /// not measured.
    @ExplicitNull public var specks: Double?
    /// Whether the page was median-filtered for that noise.
    public var despeckled = false
    /// Whether bent text lines (a curled page) were straightened.
    public var dewarped = false
    /// How bent the page's text lines are: the most curved line's sag across the page as a share of the
    /// page's width (0.01: a line across a 2,000 px page sags 20 px). Nil when too few long lines were
    /// found to measure it, or when curl was not looked for.
    @ExplicitNull public var lineBend: Double?
    /// How far the slopes of the page's long text lines turn from its top to its foot, in radians (0.03:
    /// about 1.7°), measured by the model that measured `lineBend`; nil without a model of long lines
    /// (and for `line_pieces`). A sheet cut out of a photo whose lines fan out is straightened
    /// (`CurlFlattener.minimumFan`).
    @ExplicitNull public var lineFan: Double?
    /// How many long text lines the bend was measured on (line pieces, for `line_pieces`); nil with
    /// `lineBend`.
    @ExplicitNull public var curlLines: Int?
    /// Which model of the lines measured the bend: `lines` (the page's long lines), `columns` (each side
    /// of a gutter on its own), `text_band` (the rows a short text spans), `ruled_table` (a table's rows
    /// without its vertical rules) or `line_pieces` (every piece of the lines, for tables without rules
    /// and receipts); nil with `lineBend`.
    @ExplicitNull public var curlModel: String?
    /// Skew Leptonica measured, in degrees (positive: clockwise); nil when it was not measured.
    @ExplicitNull public var skewAngle: Double?
    /// Leptonica's confidence in that angle.
    @ExplicitNull public var skewConfidence: Double?
    /// How many times better the text lines line up turned by that angle than as they are.
    @ExplicitNull public var skewGain: Double?
    /// The median angle of the page's long text lines, in degrees as `skewAngle`, when they were looked
    /// at to corroborate an unsure angle (`PrintSkew.corroborated(by:)`); else nil.
    @ExplicitNull public var skewLines: Double?
    /// Whether the page was rotated by the skew angle.
    public var deskewed = false

    /// Whether thin ruled lines were painted over (`RuleEraser`).
    public var rulesErased = false
    /// How many shaded bands had their light print turned dark on paper (`ShadedBands`).
    public var bandsReversed = 0
    /// The share of the page painted the paper's level as a dark border along its edge (`DarkBorder`);
    /// nil when none was.
    @ExplicitNull public var borderPainted: Double?

    /// The height of the page's tall letters (capitals, ascenders) in pixels, before any enlargement; nil
    /// when not measured (a bilevel page, a file giving 200 dpi or more, too few letters).
    @ExplicitNull public var letterHeight: Int?
    /// How much the page was scaled for its print size (`SmallPrint`): over 1 enlarged for small print,
    /// under 1 reduced for large print; nil when it was not.
    @ExplicitNull public var enlargement: Double?

    /// Milliseconds per step: `sharpen`, `find_page`, `warp`, `background`, `faint_print`, `dots`, `despeckle`, `deskew`, `dewarp`, `rules`, `bands`, `border`, `enlarge` (only the steps that ran; a
    /// step run twice, on a sheet warped again enlarged, counts both times).
    public var stepsMs: [String: Double] = [:]

    public init() {}

    /// Every key may be missing: records written before a field existed read it as its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func flag(_ key: CodingKeys) throws -> Bool { try container.decodeIfPresent(Bool.self, forKey: key) ?? false }
        _sharpness = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .sharpness))
        sharpened = try flag(.sharpened)
        _streak = ExplicitNull(wrappedValue: try container.decodeIfPresent(String.self, forKey: .streak))
        _smearLength = ExplicitNull(wrappedValue: try container.decodeIfPresent(Int.self, forKey: .smearLength))
        _blurSigma = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .blurSigma))
        _pageCorners = try container.decode(ExplicitNull<PageQuad>.self, forKey: .pageCorners)
        _printConvergence = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .printConvergence))
        warped = try flag(.warped)
        _pageNote = try container.decode(ExplicitNull<String>.self, forKey: .pageNote)
        _pageMethod = try container.decode(ExplicitNull<String>.self, forKey: .pageMethod)
        _pageScore = try container.decode(ExplicitNull<Double>.self, forKey: .pageScore)
        _sideBulge = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .sideBulge))
        _pageWidened = ExplicitNull(wrappedValue: try container.decodeIfPresent([String].self, forKey: .pageWidened))
        _pagePulledIn = ExplicitNull(wrappedValue: try container.decodeIfPresent([String].self, forKey: .pagePulledIn))
        backgroundNormalized = try flag(.backgroundNormalized)
        _inkLevel = try container.decode(ExplicitNull<Int>.self, forKey: .inkLevel)
        _paperLevel = try container.decode(ExplicitNull<Int>.self, forKey: .paperLevel)
        lowContrast = try flag(.lowContrast)
        _faintPrint = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .faintPrint))
        dewarped = try flag(.dewarped)
        _dotsJoined = ExplicitNull(wrappedValue: try container.decodeIfPresent(Int.self, forKey: .dotsJoined))
        _specks = try container.decode(ExplicitNull<Double>.self, forKey: .specks)
        despeckled = try flag(.despeckled)
        _lineBend = try container.decode(ExplicitNull<Double>.self, forKey: .lineBend)
        _lineFan = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .lineFan))
        _curlLines = try container.decode(ExplicitNull<Int>.self, forKey: .curlLines)
        _curlModel = ExplicitNull(wrappedValue: try container.decodeIfPresent(String.self, forKey: .curlModel))
        _skewAngle = try container.decode(ExplicitNull<Double>.self, forKey: .skewAngle)
        _skewConfidence = try container.decode(ExplicitNull<Double>.self, forKey: .skewConfidence)
        _skewGain = try container.decode(ExplicitNull<Double>.self, forKey: .skewGain)
        _skewLines = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .skewLines))
        deskewed = try flag(.deskewed)
        rulesErased = try flag(.rulesErased)
        bandsReversed = try container.decodeIfPresent(Int.self, forKey: .bandsReversed) ?? 0
        _borderPainted = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .borderPainted))
        _letterHeight = ExplicitNull(wrappedValue: try container.decodeIfPresent(Int.self, forKey: .letterHeight))
        _enlargement = ExplicitNull(wrappedValue: try container.decodeIfPresent(Double.self, forKey: .enlargement))
        stepsMs = try container.decodeIfPresent([String: Double].self, forKey: .stepsMs) ?? [:]
    }

    enum CodingKeys: String, CodingKey {
        case sharpness, sharpened, streak, smearLength = "smear_length", blurSigma = "blur_sigma", pageCorners = "page_corners", pageMethod = "page_method", pageScore = "page_score", sideBulge = "side_bulge", pageWidened = "page_widened", pagePulledIn = "page_pulled_in", printConvergence = "print_convergence", warped, pageNote = "page_note", stepsMs = "steps_ms",
             backgroundNormalized = "background_normalized", skewAngle = "skew_angle",
             skewConfidence = "skew_confidence", skewGain = "skew_gain", skewLines = "skew_lines", deskewed,
             inkLevel = "ink_level", paperLevel = "paper_level", lowContrast = "low_contrast", faintPrint = "faint_print",
             dewarped, lineBend = "line_bend", lineFan = "line_fan", curlLines = "curl_lines", curlModel = "curl_model", dotsJoined = "dots_joined", specks, despeckled,
             rulesErased = "rules_erased", bandsReversed = "bands_reversed", borderPainted = "border_painted", letterHeight = "letter_height", enlargement = "enlarged"
    }
}
