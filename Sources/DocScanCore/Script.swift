/// Which kind of script a character is, as far as docscan's stages need to know: one place for the
/// Unicode ranges that recognition, keywords and the archive's index each test.
///
/// The common blocks are tested by range before Unicode's property tables: these run per character of
/// every page's text.
public enum Script {
    /// Han ideographs: Chinese characters, Japanese kanji.
    @inlinable
    public static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x2E80: false
        case 0x4E00...0x9FFF: true
        default: scalar.properties.isIdeographic
        }
    }

    /// The main block of Han ideographs (U+4E00–U+9FFF), where a range check is enough.
    @inlinable
    public static func isCommonHan(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value)
    }

    /// Han ideographs, kana, and CJK and full-width punctuation: what Tesseract spaces apart as if each
    /// character were a word.
    @inlinable
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// Letters of scripts written without spaces between words: Han, kana and Hangul syllables. They
    /// have no case, and no word of them is told apart by spaces.
    @inlinable
    public static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// Hangul syllables and the jamo they are composed of.
    @inlinable
    public static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
    }
}
