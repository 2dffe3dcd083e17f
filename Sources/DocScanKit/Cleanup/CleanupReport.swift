/// What the clean-up stage did to a page; part of its record.
public struct CleanupReport: Codable, Equatable, Sendable {
    /// Whether uneven lighting and shadows were evened out.
    public var backgroundNormalized = false
    /// Skew Leptonica measured, in degrees (positive: clockwise); nil when it was not measured.
    public var skewAngle: Double?
    /// Leptonica's confidence in that angle.
    public var skewConfidence: Double?
    /// Whether the page was rotated by the skew angle.
    public var deskewed = false

    public init() {}

    enum CodingKeys: String, CodingKey {
        case backgroundNormalized = "background_normalized", skewAngle = "skew_angle",
             skewConfidence = "skew_confidence", deskewed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(backgroundNormalized, forKey: .backgroundNormalized)
        try container.encode(skewAngle, forKey: .skewAngle)
        try container.encode(skewConfidence, forKey: .skewConfidence)
        try container.encode(deskewed, forKey: .deskewed)
    }
}
