import DocScanCore
import DocScanKit
import DocScanNative
import Foundation

/// A recognizer that reads nothing: each page gets the next outcome of its script, so the runner, the
/// pipeline and their error paths are tested without models (the real engine has its own tests).
final class ScriptedRecognizer: Recognizer {
    enum Outcome: Sendable {
        /// This text, one line per line, each word read with `confidence`.
        case text(String, confidence: Double = 95)
        /// The page fails with this error.
        case failure(PageError)
        /// Works until the page's deadline passes, then stops as Tesseract's monitor does.
        case overTime
    }

    private var script: [Outcome]

    init(script: [Outcome]) {
        self.script = script
    }

    /// Every worker's recognizer follows `script` from its start.
    static func factory(_ script: [Outcome]) -> RecognizerFactory {
        RecognizerFactory { _, _ in ScriptedRecognizer(script: script) }
    }

    /// Workers whose recognizer cannot start.
    static func failingToStart(_ error: DocScanError) -> RecognizerFactory {
        RecognizerFactory { _, _ in throw error }
    }

    func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText {
        let outcome = script.isEmpty ? .text("") : script.removeFirst()
        switch outcome {
        case .text(let text, let confidence):
            var lines: [RecognizedSpan] = [], words: [RecognizedSpan] = []
            for (row, line) in text.split(separator: "\n").enumerated() {
                let box = PageBox(x: 10, y: 10 + 40 * row, width: min(image.width - 20, 20 * line.count), height: 30)
                lines.append(RecognizedSpan(text: String(line), confidence: confidence, box: box))
                words += line.split(separator: " ").map { RecognizedSpan(text: String($0), confidence: confidence, box: box) }
            }
            return RecognizedText(text: text, meanConfidence: text.isEmpty ? 0 : confidence, words: words, lines: lines, resolution: resolution)
        case .failure(let error):
            throw error
        case .overTime:
            while !deadline.isPast { usleep(1_000) }
            throw deadline.timedOut(during: "recognition")
        }
    }

    func meanConfidence(_ image: PixImage, resolution: Int) throws -> Double { 90 }
}

extension TestSupport {
    /// A model store whose only model is a file that is not a model: enough to configure a run, and
    /// proof that a scripted run loads none.
    static func fakeModels() throws -> ModelStore {
        let root = try temporaryFolder()
        let fast = root.appendingPathComponent("fast")
        try FileManager.default.createDirectory(at: fast, withIntermediateDirectories: true)
        try Data("not a model".utf8).write(to: fast.appendingPathComponent("eng.traineddata"))
        return ModelStore(root: root, systemDirectories: [])
    }

    /// A fast-mode English run whose pages are read by `recognizers`.
    static func scriptedConfiguration(_ recognizers: RecognizerFactory, jobs: Int = 1) throws -> ScanConfiguration {
        // The fake store has no OSD model, and a scripted page has no orientation to detect.
        var configuration = try ScanConfiguration(
            mode: .fast, languages: LanguageList(parsing: "eng"), store: fakeModels(), jobs: jobs,
            orientation: PageOrienter.Options(detect: false))
        configuration.recognizers = recognizers
        return configuration
    }
}
