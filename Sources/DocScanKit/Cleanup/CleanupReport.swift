import DocScanCore

/// What the clean-up stage did to a page; part of its record.
public struct CleanupReport: Codable, Equatable, Sendable {
    /// Corners of the sheet found in a photo, in the upright image's pixels; nil when none was used.
    @ExplicitNull public var pageCorners: PageQuad?
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
    /// Skew Leptonica measured, in degrees (positive: clockwise); nil when it was not measured.
    @ExplicitNull public var skewAngle: Double?
    /// Leptonica's confidence in that angle.
    @ExplicitNull public var skewConfidence: Double?
    /// Whether the page was rotated by the skew angle.
    public var deskewed = false

    /// Milliseconds per step: `find_page`, `warp`, `background`, `deskew` (only the steps that ran).
    public var stepsMs: [String: Double] = [:]

    public init() {}

    enum CodingKeys: String, CodingKey {
        case pageCorners = "page_corners", warped, pageNote = "page_note", stepsMs = "steps_ms",
             backgroundNormalized = "background_normalized", skewAngle = "skew_angle",
             skewConfidence = "skew_confidence", deskewed,
             inkLevel = "ink_level", paperLevel = "paper_level", lowContrast = "low_contrast"
    }
}
