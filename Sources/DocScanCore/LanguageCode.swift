import Foundation

/// Maps what users type for a language to Tesseract's model names.
///
/// Vision and most platforms speak BCP-47 (`zh-Hans`, `en-US`); Tesseract names models with ISO 639-2
/// codes and a script suffix (`chi_sim`). Both are accepted.
public enum LanguageCode {
    /// The Tesseract code for a Tesseract code or BCP-47 tag, or nil if it names no language.
    ///
    /// A lowercase three-letter code with optional `_suffix` (`eng`, `chi_sim`, `deu_latf`) is taken as
    /// a Tesseract model name as it is, so custom models work; anything else is read as BCP-47.
    public static func tesseractCode(for entry: String) -> String? {
        let trimmed = entry.trimmingCharacters(in: .whitespaces)
        if isTesseractStyle(trimmed) { return trimmed }
        let subtags = trimmed.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = subtags.first, language.count == 2 || language.count == 3,
              language.allSatisfy(\.isLetter) else { return nil }
        if language == "zh" { return chineseCode(subtags: Array(subtags.dropFirst())) }
        if language == "sr", subtags.contains("latn") { return "srp_latn" }
        if language.count == 3 { return known.contains(language) ? language : nil }
        return iso639_1[language]
    }

    /// `zh-Hant`, `zh-TW`, `zh-HK` and `zh-MO` are traditional; every other Chinese tag is simplified.
    private static func chineseCode(subtags: [String]) -> String {
        let traditional: Set<String> = ["hant", "tw", "hk", "mo"]
        return subtags.contains(where: traditional.contains) ? "chi_tra" : "chi_sim"
    }

    private static func isTesseractStyle(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard let first = parts.first, first.count == 3 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isLowercase }
        }
    }

    /// Tesseract codes of the models published in tessdata, for three-letter BCP-47 tags.
    static let known: Set<String> = Set(iso639_1.values).union([
        "chi_sim", "chi_tra", "enm", "frm", "frk", "grc", "ita_old", "spa_old", "deu_latf", "kmr",
        "ceb", "chr", "fil", "equ", "syr", "osd",
    ])

    /// ISO 639-1 → Tesseract, for the languages tessdata ships.
    static let iso639_1: [String: String] = [
        "af": "afr", "am": "amh", "ar": "ara", "as": "asm", "az": "aze", "be": "bel", "bn": "ben",
        "bo": "bod", "bs": "bos", "br": "bre", "bg": "bul", "ca": "cat", "cs": "ces", "co": "cos",
        "cy": "cym", "da": "dan", "de": "deu", "dv": "div", "dz": "dzo", "el": "ell", "en": "eng",
        "eo": "epo", "et": "est", "eu": "eus", "fo": "fao", "fa": "fas", "fi": "fin", "fr": "fra",
        "fy": "fry", "gd": "gla", "ga": "gle", "gl": "glg", "gu": "guj", "ht": "hat", "he": "heb",
        "hi": "hin", "hr": "hrv", "hu": "hun", "hy": "hye", "iu": "iku", "id": "ind", "is": "isl",
        "it": "ita", "jv": "jav", "ja": "jpn", "kn": "kan", "ka": "kat", "kk": "kaz", "km": "khm",
        "ky": "kir", "ko": "kor", "lo": "lao", "la": "lat", "lv": "lav", "lt": "lit", "lb": "ltz",
        "ml": "mal", "mr": "mar", "mk": "mkd", "mt": "mlt", "mn": "mon", "mi": "mri", "ms": "msa",
        "my": "mya", "ne": "nep", "nl": "nld", "no": "nor", "nb": "nor", "nn": "nor", "oc": "oci",
        "or": "ori", "pa": "pan", "pl": "pol", "pt": "por", "ps": "pus", "qu": "que", "ro": "ron",
        "ru": "rus", "sa": "san", "si": "sin", "sk": "slk", "sl": "slv", "sd": "snd", "es": "spa",
        "sq": "sqi", "sr": "srp", "su": "sun", "sw": "swa", "sv": "swe", "ta": "tam", "tt": "tat",
        "te": "tel", "tg": "tgk", "th": "tha", "ti": "tir", "to": "ton", "tr": "tur", "ug": "uig",
        "uk": "ukr", "ur": "urd", "uz": "uzb", "vi": "vie", "yi": "yid", "yo": "yor", "tl": "fil",
    ]

    /// Whether a Tesseract model reads a script written without spaces and with no Latin letters of its
    /// own: Chinese, Japanese, Korean.
    public static func isUnspacedScript(_ code: String) -> Bool {
        unspacedScripts.contains(code)
    }

    static let unspacedScripts: Set<String> = ["chi_sim", "chi_tra", "chi_sim_vert", "chi_tra_vert", "jpn", "jpn_vert", "kor", "kor_vert"]

    /// Whether a Tesseract model reads a Latin-script language, whose letters have ascenders and
    /// descenders (what Leptonica's text-orientation check counts); false for unknown models.
    public static func isLatinScript(_ code: String) -> Bool {
        latinScript.contains(code)
    }

    /// tessdata's Latin-script models (the `script/Latin` model itself included).
    static let latinScript: Set<String> = [
        "afr", "aze", "bos", "bre", "cat", "ceb", "ces", "cos", "cym", "dan", "deu", "deu_latf", "eng", "enm",
        "epo", "est", "eus", "fao", "fil", "fin", "fra", "frk", "frm", "fry", "gla", "gle", "glg", "hat", "hrv",
        "hun", "ind", "isl", "ita", "ita_old", "jav", "kmr", "lat", "lav", "lit", "ltz", "mlt", "mri", "msa",
        "nld", "nor", "oci", "pol", "por", "que", "ron", "slk", "slv", "spa", "spa_old", "sqi", "srp_latn",
        "sun", "swa", "swe", "tgl", "ton", "tur", "uzb", "vie", "yor", "Latin",
    ]
}
