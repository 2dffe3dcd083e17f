import DocScanCore

extension RecognizedSpan {
    /// A line (or word) of `text` read with confidence 90 in the box given, as the reading-order
    /// steps' tests lay pages out by hand.
    static func line(_ text: String, x: Int, y: Int, width: Int, height: Int) -> RecognizedSpan {
        RecognizedSpan(text: text, confidence: 90, box: PageBox(x: x, y: y, width: width, height: height))
    }
}

extension RecognizedText {
    /// A page read as blocks, one block a line, in the order given; a blank span (" ", a gap Tesseract
    /// reported as a word) adds no text.
    static func blocks(_ lines: [RecognizedSpan]) -> RecognizedText {
        RecognizedText(
            text: lines.map(\.text).filter { $0 != " " }.joined(separator: "\n\n"), meanConfidence: 90, words: lines, lines: lines,
            resolution: 300)
    }
}
