/// Removes the spaces Tesseract puts between Chinese and Japanese characters.
///
/// Tesseract treats each Han character as a word and joins them with spaces; a reader, a search index
/// and the keyword segmenter all want the run whole.
public enum HanSpacing {
    /// `text` with every run of spaces between two CJK characters removed.
    public static func collapse(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " ", let previous = output.last, isCJK(previous) {
                var next = index
                while next < scalars.count, scalars[next] == " " { next += 1 }
                if next < scalars.count, isCJK(scalars[next]) {
                    index = next
                    continue
                }
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    /// Han ideographs, kana, and CJK and full-width punctuation.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// Han ideographs only. Checked per character of every keyword, so the common blocks are tested
    /// by range before Unicode's property table.
    public static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x2E80: false
        case 0x4E00...0x9FFF: true
        default: scalar.properties.isIdeographic
        }
    }
}
