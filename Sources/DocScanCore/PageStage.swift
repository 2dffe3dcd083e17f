/// One step of the page pipeline: one job, one method, no output written.
///
/// Every stage has the same shape, (input, page context) → output, so stages can be reordered, timed
/// and replaced (a later issue adds orientation and cleanup between load and recognize).
public protocol PageStage {
    associatedtype Input
    associatedtype Output

    /// Transforms `input`, noting warnings in `context`.
    /// - Throws: `PageError` when this page cannot go on; the run continues with the next page.
    func run(_ input: Input, context: inout PageContext) throws -> Output
}
