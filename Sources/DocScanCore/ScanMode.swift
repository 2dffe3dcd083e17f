/// A policy over every stage, like Vision's `.fast` and `.accurate` recognition levels.
public enum ScanMode: String, CaseIterable, Codable, Sendable {
    /// tessdata_fast models, one recognition pass, no extra work per page.
    case fast
    /// The most accurate installed model per language and every step that measurably lowers the error rate.
    case accurate
}
