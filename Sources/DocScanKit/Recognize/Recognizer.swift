import DocScanCore
import DocScanNative
import Foundation

/// What the recognize stage reads pages with: Tesseract in a run, a scripted engine in tests, so the
/// runner, the pipeline and their error paths can be tested without models.
///
/// One per worker for the whole run; it keeps per-page state, so it never crosses threads.
public protocol Recognizer: TurnChecker {
    /// Reads one page.
    /// - Parameters:
    ///   - resolution: dots per inch to assume, or 0 to let the engine estimate it from the text size.
    ///   - deadline: when to give up.
    /// - Throws: `PageError` with kind `recognitionFailed`, or `timedOut` past the deadline.
    func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText

    /// Reads one page as a single block of text, without layout analysis (see `TextRecognizer`).
    func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline, singleBlock: Bool) throws -> RecognizedText

    /// Reads one line cut out of a page (Tesseract's page segmentation mode 7), such as text the layout
    /// analysis left out (`UnreadInk`).
    func recognizeLine(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText

    /// Whether the pages read from now on get a second pass over doubtful lines, inverted, for light
    /// text on a dark ground.
    func readInvertedText(_ on: Bool)
}

extension Recognizer {
    /// An engine without layout analysis of its own reads every page the same way.
    public func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline, singleBlock: Bool) throws -> RecognizedText {
        try recognize(image, resolution: resolution, deadline: deadline)
    }

    /// An engine that cannot read a line on its own reads nothing there, so nothing is added.
    public func recognizeLine(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText {
        RecognizedText(text: "", meanConfidence: 0, words: [], lines: [], resolution: resolution)
    }

    /// An engine that cannot read inverted text ignores it.
    public func readInvertedText(_ on: Bool) {}
}

/// Starts a worker's recognizer, once per worker: Tesseract unless a test says otherwise.
public struct RecognizerFactory: Sendable {
    /// Makes the recognizer for `models`, knowing the user's words (`--custom-words`) when given.
    /// - Throws: `DocScanError.engineInitFailed` when it cannot start.
    public let make: @Sendable (_ models: ModelSelection, _ userWordsFile: URL?) throws -> any Recognizer

    public init(make: @escaping @Sendable (_ models: ModelSelection, _ userWordsFile: URL?) throws -> any Recognizer) {
        self.make = make
    }

    /// Tesseract with the mode's parameters; with a Chinese, Japanese or Korean primary and a language of
    /// another script, the primary first and the others only where a line needs them
    /// (`PrimaryLanguageRecognizer`).
    public static let tesseract = RecognizerFactory { models, userWordsFile in
        guard PrimaryLanguageRecognizer.applies(to: models.languages.codes) else {
            return try TesseractEngine(scanning: models, userWordsFile: userWordsFile)
        }
        let primary = try TesseractEngine(scanning: models, userWordsFile: userWordsFile, languages: .primary)
        let others = try TesseractEngine(scanning: models, userWordsFile: userWordsFile, languages: .others)
        return PrimaryLanguageRecognizer(primary: primary, others: others)
    }
}
