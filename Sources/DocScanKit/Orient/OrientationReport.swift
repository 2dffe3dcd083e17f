import DocScanCore

/// What the load and orient stages decided about a page's orientation; part of its record.
public struct OrientationReport: Codable, Equatable, Sendable {
    /// EXIF Orientation value of a JPEG (1–8, or an invalid value that was ignored); nil if none.
    @ExplicitNull public var exif: Int?
    /// Whether the EXIF orientation was applied.
    public var exifApplied = false
    /// Whether orientation detection ran on this page (Leptonica's ascender count, the punctuation marks,
    /// OSD, or some of them).
    public var detected = false
    /// Leptonica's ascender counts (`TextOrientation`): how clearly the letters' tops point up, and
    /// left; nil when the check did not run (a language not in Latin script). A page found upright
    /// by them is not given to OSD.
    @ExplicitNull public var ascendersUp: Double?
    @ExplicitNull public var ascendersLeft: Double?
    /// The page's lone punctuation marks at the foot and head of its lines, as it is and turned a quarter
    /// (`PunctuationMarks`); nil when they were not counted (the ascenders decided, a script without
    /// such marks). A page they find upright is not given to OSD.
    @ExplicitNull public var punctuationMarks: PunctuationMarks?
    /// The ascenders and punctuation counted again on the page cleaned up, when they did not decide on
    /// the frame (`PageOrienter.settle`); nil when the page was not judged again.
    @ExplicitNull public var cleanedPage: CleanedPageCheck?
    /// How far OSD found the page turned clockwise; nil when it did not run or found too little text.
    @ExplicitNull public var osdAngle: Int?
    /// OSD's orientation confidence.
    @ExplicitNull public var osdConfidence: Double?
    /// How many characters OSD classified at most: 100 when its quick look found the page upright, else 250.
    @ExplicitNull public var osdCharacters: Int?
    /// Script OSD detected (`Latin`, `Han`, …) and its confidence: in the orient stage, or after reading
    /// when the page read with little confidence (`ForeignScript`).
    @ExplicitNull public var script: String?
    @ExplicitNull public var scriptConfidence: Double?
    /// Mean recognition confidence of the page's central square as it was and turned as proposed; nil unless
    /// a turn was proposed. The turn is refused when the page as it was reads clearly better.
    @ExplicitNull public var confidenceAsIs: Double?
    @ExplicitNull public var confidenceTurned: Double?
    /// What proposed the turn the reading check judged: `ascenders` (Leptonica's count, for Latin script,
    /// when it finds the page clearly turned), `punctuation` (`PunctuationMarks`: upside down), `osd`,
    /// `reading` (`TurnAfterReading`: the page, turned by the orient stage or not, read with almost no
    /// confidence) or `recognition` (Tesseract read the page, not turned, mostly and confidently as
    /// vertical text); nil when no turn was proposed.
    @ExplicitNull public var turnProposedBy: String?
    /// The proposer of a turn as warnings name it (`turnProposedBy`: `osd`, `punctuation`, `reading`,
    /// `recognition`, else the ascenders).
    var turnProposerName: String {
        switch turnProposedBy {
        case "osd": "OSD"
        case "punctuation": "the punctuation marks"
        case "reading": "a reading of the page turned"
        case "recognition": "Tesseract's reading of it as vertical text"
        default: "Leptonica's ascender count"
        }
    }
    /// Clockwise degrees docscan turned the page, the orient stage's turn and one after reading together
    /// (0 when not applied).
    public var rotation = 0
    /// Whether the OSD result was confident enough to apply.
    public var applied = false

    public init() {}

    enum CodingKeys: String, CodingKey {
        case exif, exifApplied = "exif_applied", detected, ascendersUp = "ascenders_up", ascendersLeft = "ascenders_left",
             punctuationMarks = "punctuation_marks", cleanedPage = "cleaned_page",
             osdAngle = "osd_angle", osdConfidence = "osd_confidence", osdCharacters = "osd_characters",
             script, scriptConfidence = "script_confidence", confidenceAsIs = "confidence_as_is",
             confidenceTurned = "confidence_turned", turnProposedBy = "turn_proposed_by", rotation, applied
    }
}

/// The orient stage's cheap checks run again on a page once cleaned up (`PageOrienter.settle`).
public struct CleanedPageCheck: Codable, Equatable, Sendable {
    /// Leptonica's ascender counts; nil when not run (a language not in Latin script).
    @ExplicitNull public var ascendersUp: Double?
    @ExplicitNull public var ascendersLeft: Double?
    /// The punctuation marks; nil when not counted (the ascenders found the page turned).
    @ExplicitNull public var punctuationMarks: PunctuationMarks?

    public init(ascendersUp: Double?, ascendersLeft: Double?, punctuationMarks: PunctuationMarks?) {
        self.ascendersUp = ascendersUp
        self.ascendersLeft = ascendersLeft
        self.punctuationMarks = punctuationMarks
    }

    enum CodingKeys: String, CodingKey {
        case ascendersUp = "ascenders_up", ascendersLeft = "ascenders_left", punctuationMarks = "punctuation_marks"
    }
}
