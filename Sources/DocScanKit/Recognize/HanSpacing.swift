import DocScanCore

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
            if scalar == " ", let previous = output.last, Script.isCJK(previous) {
                var next = index
                while next < scalars.count, scalars[next] == " " { next += 1 }
                if next < scalars.count, Script.isCJK(scalars[next]) {
                    index = next
                    continue
                }
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }
}
