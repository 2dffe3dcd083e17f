/// Which of tessdata's language models read a script as Tesseract's OSD names it.
///
/// A page in a script none of the run's languages is written in comes out as confident-looking garbage
/// (a Chinese notice scanned with `eng`: `KF DEFT EMEFAREER`, mean word confidence 18), and nothing else
/// tells the user why. OSD names the script; this table says which models would read it.
public enum ScriptLanguages {
    /// tessdata's models for `script` (`Latin`, `Han`, `Cyrillic`, …), the most used first; nil for a name
    /// OSD gives for no script in particular (`Common`, `NULL`) or one not listed here.
    public static func models(for script: String) -> [String]? {
        // Without tessdata's `Latin` script model, which `--lang` does not take.
        if script == "Latin" { return latinFirst + LanguageCode.latinScript.subtracting(latinFirst + ["Latin"]).sorted() }
        return table[script]
    }

    /// Whether a model of `languages` reads `script`; true for a script `models(for:)` does not know,
    /// so that nothing is said of it.
    public static func covers(_ languages: [String], script: String) -> Bool {
        guard let models = models(for: script) else { return true }
        return languages.contains { models.contains($0) }
    }

    /// The Latin-script models a user most likely means, named first.
    private static let latinFirst = ["eng", "deu", "fra", "spa", "ita", "por"]

    /// OSD's script names (Tesseract's `osd.traineddata` unicharset, plus the `Japanese` and `Korean` it
    /// reports for Han mixed with kana or Hangul) → tessdata's models written in them.
    private static let table: [String: [String]] = [
        "Han": ["chi_sim", "chi_tra", "jpn", "chi_sim_vert", "chi_tra_vert", "jpn_vert"],
        "Japanese": ["jpn", "jpn_vert"], "Hiragana": ["jpn", "jpn_vert"], "Katakana": ["jpn", "jpn_vert"],
        "Korean": ["kor", "kor_vert"], "Hangul": ["kor", "kor_vert"],
        "Cyrillic": ["rus", "ukr", "bul", "srp", "bel", "mkd", "kaz", "kir", "mon", "tgk", "tat", "uzb_cyrl"],
        "Greek": ["ell", "grc"],
        "Arabic": ["ara", "fas", "urd", "pus", "snd", "uig"],
        "Hebrew": ["heb", "yid"],
        "Devanagari": ["hin", "mar", "nep", "san"],
        "Bengali": ["ben", "asm"],
        "Tamil": ["tam"], "Telugu": ["tel"], "Kannada": ["kan"], "Malayalam": ["mal"], "Gujarati": ["guj"],
        "Gurmukhi": ["pan"], "Oriya": ["ori"], "Sinhala": ["sin"],
        "Thai": ["tha"], "Lao": ["lao"], "Khmer": ["khm"], "Myanmar": ["mya"], "Tibetan": ["bod", "dzo"],
        "Thaana": ["div"], "Armenian": ["hye"], "Georgian": ["kat", "kat_old"], "Ethiopic": ["amh", "tir"],
        "Cherokee": ["chr"], "Canadian_Aboriginal": ["iku"], "Syriac": ["syr"],
        "Fraktur": ["frk", "deu_latf"],
    ]
}
