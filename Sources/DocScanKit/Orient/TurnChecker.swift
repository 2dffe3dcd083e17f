import DocScanNative

/// What the orient stage checks a proposed turn with: the worker's recognizer, which reads a sample of
/// the page both ways (OSD alone proposed wrong turns, see `PageOrienter`).
public protocol TurnChecker: AnyObject {
    /// The mean word confidence (0–100) of `image`.
    /// - Throws: `PageError` with kind `recognitionFailed`.
    func meanConfidence(_ image: PixImage, resolution: Int) throws -> Double
}
