import DocScanCore
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
                while position < scalars.count, Self.isWhitespace(scalars[position]) { position += 1 }
            }
            skipSpaces()
            while position < scalars.count, wordIndex < text.words.count {
                let word = text.words[wordIndex]
                let start = position
                var matched = true
                for scalar in word.text.unicodeScalars where !Self.isWhitespace(scalar) {
                    guard position < scalars.count, scalars[position] == scalar else { matched = false; break }
                    position += 1
                }
                guard matched else { position = start; break }
                for offset in start..<position { confidences[offset] = word.confidence }
                wordIndex += 1
                skipSpaces()
            }
            result.append(normalized(line.text, scalars: scalars, confidences: confidences))
        }
        return result
    }

    /// The page's lines as one, joined by newlines (confidence 0), so it is searched for measurements
    /// and segmented in one pass; a newline is a hard boundary for both.
    static func page(of text: RecognizedText) -> ConfidentLine {
        let lines = lines(of: text)
        var confidences: [Double] = []
        confidences.reserveCapacity(lines.reduce(lines.count) { $0 + $1.confidences.count })
        for (index, line) in lines.enumerated() {
            if index > 0 { confidences.append(0) }
            confidences += line.confidences
        }
        return ConfidentLine(text: lines.map(\.text).joined(separator: "\n"), confidences: confidences)
    }

    /// NFKC applied character by character, so every output scalar keeps its source's confidence
    /// (full-width `６５ｋｇ` becomes `65kg`, a ligature `ﬁ` becomes `fi`). Most lines, ASCII and
    /// common Han included, have nothing to normalize and are passed through.
    static func normalized(_ text: String, scalars: [Unicode.Scalar], confidences: [Double]) -> ConfidentLine {
        let stable = scalars.map(isNFKCStable)
        if !stable.contains(false) {
            return ConfidentLine(text: text, confidences: confidences)
        }
        var output = String.UnicodeScalarView()
        var outputConfidences: [Double] = []
        outputConfidences.reserveCapacity(confidences.count)
        // A scalar that could combine with its neighbours is normalized with its whole character.
        if scalars.contains(where: isCombining) {
            var offset = 0
            for character in text {
                let count = character.unicodeScalars.count
                let confidence = confidences[offset..<min(offset + count, confidences.count)].min() ?? 0
                let allStable = !stable[offset..<min(offset + count, stable.count)].contains(false)
                offset += count
                let normal = allStable ? character.unicodeScalars : String(character).precomposedStringWithCompatibilityMapping.unicodeScalars
                output.append(contentsOf: normal)
                outputConfidences.append(contentsOf: repeatElement(confidence, count: normal.count))
            }
        } else {
            for (index, scalar) in scalars.enumerated() {
                guard !stable[index] else {
                    output.append(scalar)
                    outputConfidences.append(confidences[index])
                    continue
                }
                let normal = String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
                output.append(contentsOf: normal)
                outputConfidences.append(contentsOf: repeatElement(confidences[index], count: normal.count))
            }
        }
        return ConfidentLine(text: String(output), confidences: outputConfidences)
    }

    private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        let properties = scalar.properties
        return properties.canonicalCombiningClass != .notReordered
            || [.spacingMark, .nonspacingMark, .enclosingMark].contains(properties.generalCategory)
            || (0x1100...0x11FF).contains(scalar.value)  // Hangul jamo compose into syllables
    }

    /// A scalar NFKC leaves alone whatever surrounds it: ASCII, the main Han block, and any other
    /// scalar that neither changes under NFKC case folding nor combines with its neighbours. Case
    /// folding is part of that test, so upper-case letters take the slow path; they come out the same.
    static func isNFKCStable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x80: return true
        case _ where Script.isCommonHan(scalar): return true
        default:
            let properties = scalar.properties
            return !properties.changesWhenNFKCCaseFolded && properties.canonicalCombiningClass == .notReordered
                && properties.generalCategory != .spacingMark && properties.generalCategory != .nonspacingMark
                && properties.generalCategory != .enclosingMark
        }
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
}
