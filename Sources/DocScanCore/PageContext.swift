/// Per-page state the stages share: which page, the run's settings, and what happened so far.
///
/// Stages add warnings; nothing here is written until the page's record is.
public struct PageContext: Sendable {
    public let page: PageReference
    public let mode: ScanMode
    public let languages: LanguageList
    /// Things a person should know about this page that did not stop it, in stage order.
    public var warnings: [String] = []
    /// When the page's time is up.
    public var deadline: PageDeadline

    public init(page: PageReference, mode: ScanMode, languages: LanguageList, deadline: PageDeadline = PageDeadline(limit: nil)) {
        self.page = page
        self.mode = mode
        self.languages = languages
        self.deadline = deadline
    }
}
