import DocScanCore
import DocScanNative
import Foundation

/// A line read on its own: its text, Tesseract's confidence in it, and its words in page coordinates.
struct LineReading {
    var text: String
    var confidence: Double
    var words: [RecognizedSpan]

    /// How many times a line's characters (and 4 more) a reading may hold to be taken for that line.
    static let longestReading = 2

    /// Whether this reading is short enough to be the line of `characters` characters it was cut for: a
    /// cut padded around a line's box can reach over other lines' print, and a reading much longer than
    /// the line's is not the line (`ThresholdedLines`, `HalvedLines`).
    func fits(characters: Int) -> Bool {
        text.count <= Self.longestReading * characters + 4
    }

    /// The mean confidence of readings (or pieces of lines), weighted by their characters (at least one
    /// each).
    static func characterWeighted(_ readings: [(text: String, confidence: Double)]) -> Double {
        let counts = readings.map { Double(max(1, $0.text.count)) }
        return zip(readings, counts).reduce(0) { $0 + $1.0.confidence * $1.1 } / counts.reduce(0, +)
    }

    /// Cuts `box` out of `image` with a margin of `padding` px, by default a quarter of its height (so no
    /// letter is clipped), reads the cut with `read`, and moves its words back onto the page; nil when
    /// the cut is empty or nothing was read.
    static func read(
        _ box: PageBox, on image: PixImage, padding: Int? = nil, with read: (PixImage) throws -> RecognizedText
    ) rethrows -> LineReading? {
        guard box.width > 0, box.height > 0 else { return nil }
        let pad = padding ?? max(4, box.height / 4)
        let area = PageBox(x: max(0, box.x - pad), y: max(0, box.y - pad), width: box.width + 2 * pad, height: box.height + 2 * pad)
        guard let crop = image.cropped(to: area) else { return nil }
        let again = try read(crop)
        let text = again.text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !again.words.isEmpty else { return nil }
        let words = again.words.map { word in
            var word = word
            word.box.x += area.x
            word.box.y += area.y
            return word
        }
        return LineReading(text: text, confidence: again.meanConfidence, words: words)
    }
}

extension LineReading {
    /// `words` (not empty, left to right) as one line: their texts joined by spaces, their mean confidence.
    /// (In an extension, so that the memberwise initializer stays.)
    init(joining words: [RecognizedSpan]) {
        precondition(!words.isEmpty, "a line of no words")
        self.init(text: words.map(\.text).joined(separator: " "), confidence: words.map(\.confidence).reduce(0, +) / Double(words.count), words: words)
    }
}
