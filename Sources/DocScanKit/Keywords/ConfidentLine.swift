import Foundation

/// One recognized line, NFKC-normalized, with the OCR confidence of the word each scalar came from.
///
/// Keywords are cut from lines, not from Tesseract's words: a measurement such as `65.3 kg` or a phone
/// number spans several words, and a Chinese word spans several one-character "words". The confidence
/// of a keyword is then the lowest of the words it touches.
struct ConfidentLine: Equatable {
    var text: String
    /// One value per Unicode scalar of `text`, 0–100.
    var confidences: [Double]

    /// The lowest confidence over `range` of `text`'s scalars (by offset).
    func confidence(scalarOffsets range: Range<Int>) -> Double {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= confidences.count else { return 0 }
        return confidences[range].min() ?? 0
    }

    /// The page's lines with their words' confidences.
    ///
    /// Words come in reading order and each line's text is its words joined by spaces (none between Han
    /// characters), so words are matched to lines scalar by scalar, spaces skipped. Scalars no word
    /// accounts for get their line's confidence.
    static func lines(of text: RecognizedText) -> [ConfidentLine] {
        var wordIndex = 0
        var result: [ConfidentLine] = []
        result.reserveCapacity(text.lines.count)
        for line in text.lines {
            let scalars = Array(line.text.unicodeScalars)
            var confidences = [Double](repeating: line.confidence, count: scalars.count)
            var position = 0
            func skipSpaces() {
                while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
            }
            skipSpaces()
            while position < scalars.count, wordIndex < text.words.count {
                let word = text.words[wordIndex]
                let start = position
                var matched = true
                for scalar in word.text.unicodeScalars where !scalar.properties.isWhitespace {
                    guard position < scalars.count, scalars[position] == scalar else { matched = false; break }
                    position += 1
                }
                guard matched else { position = start; break }
                for offset in start..<position { confidences[offset] = word.confidence }
                wordIndex += 1
                skipSpaces()
            }
            result.append(normalized(scalars: scalars, confidences: confidences))
        }
        return result
    }

    /// NFKC applied character by character, so every output scalar keeps its source's confidence
    /// (full-width `６５ｋｇ` becomes `65kg`, a ligature `ﬁ` becomes `fi`).
    static func normalized(scalars: [Unicode.Scalar], confidences: [Double]) -> ConfidentLine {
        var text = String.UnicodeScalarView()
        var output: [Double] = []
        output.reserveCapacity(confidences.count)
        var offset = 0
        for character in String(String.UnicodeScalarView(scalars)) {
            let count = character.unicodeScalars.count
            let confidence = confidences[offset..<min(offset + count, confidences.count)].min() ?? 0
            offset += count
            let isASCII = character.unicodeScalars.allSatisfy(\.isASCII)
            let normal = isASCII ? String(character) : String(character).precomposedStringWithCompatibilityMapping
            for scalar in normal.unicodeScalars {
                text.append(scalar)
                output.append(confidence)
            }
        }
        return ConfidentLine(text: String(text), confidences: output)
    }
}
