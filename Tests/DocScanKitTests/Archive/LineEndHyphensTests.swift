import DocScanCore
import DocScanKeywords
@testable import DocScanKit
import Foundation
import DocScanTestSupport
import Testing

/// Words a line break split with a hyphen are found in the archive by the whole word.
struct LineEndHyphensTests {
    private func englishWords() throws -> Lexicon {
        Lexicon(languages: try LanguageList(codes: ["eng"]))
    }

    @Test func aWordSplitAtALineEndIsJoinedWhereTheWholeIsAWord() throws {
        let english = try englishWords()
        try #require(english.contains("concerning"), "the English word list (wamerican, make setup) is installed")
        let text = "the papers which accompanied it, concern-\ning the\nminister in Septem- \r\n  ber last."
        #expect(LineEndHyphens.joined(text, isWord: english.contains)
            == "the papers which accompanied it, concerning the\nminister in September last.")
        // Unicode's hyphen, the soft hyphen and the `¬` of old type and OCR end a line the same way.
        #expect(LineEndHyphens.joined("a fa\u{2010}\nmily, a fa\u{00AD}\nmily, a fa¬\nmily", isWord: english.contains)
            == "a family, a family, a family")
    }

    @Test func compoundsNamesAndDashesKeepTheirLines() throws {
        let english = try englishWords()
        let kept = [
            "a well-\nknown name",          // `wellknown` is no word: a compound broken at its own hyphen
            "the Septem-\nBer",             // the rest of a word starts in lower case
            "concern-\n\ning",              // a paragraph break between them
            "concern- ing",                 // no line break
            "pages 12-\n14",                // numbers
            "concern-",                     // the text's end
            "-\ning",                       // no first part
        ]
        for text in kept {
            #expect(LineEndHyphens.joined(text, isWord: english.contains) == text, "\(text)")
        }
        // Without word lists (a Chinese run) nothing is joined.
        #expect(LineEndHyphens.joined("concern-\ning", isWord: Lexicon().contains) == "concern-\ning")
    }

    /// Writes one page whose text has words split at line ends into `archive`; returns the text.
    private func writePage(into archive: any PageArchive) throws -> String {
        let run = try archive.beginRun(root: "/scans", folder: "/scans", mode: .fast, languages: try LanguageList(codes: ["eng"]))
        let text = "The papers which accompanied it, concern-\ning the claims of a well-\nknown firm,\nwere sent in Septem-\nber."
        try run.write(PageRecord(
            source: "letter.png", page: 1, pageCount: 1, sha256: "0", fileSize: 1, format: .png, mode: .fast,
            languages: ["eng"], models: [], originalWidth: nil, originalHeight: nil, scale: nil, orientation: nil,
            cleanup: nil, width: nil, height: nil, resolution: nil, text: text, meanConfidence: 90, words: [], lines: [],
            keywords: ["papers"], keywordString: "papers", keywordsDropped: KeywordFilterCounts(), timingsMs: StageTimings(),
            warnings: [], error: nil))
        try run.finish()
        try archive.finalize()
        return text
    }

    private func expectJoinedWordsFound(in archive: any PageArchive, text: String) throws {
        for word in ["concerning", "september", "well known", "papers"] {
            #expect(try archive.search(word).map(\.source) == ["letter.png"], "\(word)")
        }
        #expect(try archive.search("wellknown").isEmpty)
        #expect(try archive.search("concern").isEmpty)
        var texts: [String] = []
        try archive.forEachPage(.all) { texts.append($0.record.text) }
        #expect(texts == [text])
    }

    @Test func theArchiveFindsTheJoinedWordAndKeepsTheTextAsRead() throws {
        let path = try TestSupport.temporaryFolder().appendingPathComponent("archive.sqlite").path
        let archive = try SQLiteArchive(path: path, create: true)
        let text = try writePage(into: archive)
        try expectJoinedWordsFound(in: archive, text: text)
        #expect(try archive.search("concerning").map(\.snippet)
            == ["The papers which accompanied it, [concerning] the claims of a well-\nknown firm,\nwere sent in September."])
    }

    @Test func thePostgreSQLArchiveFindsTheJoinedWordToo() throws {
        let archive = try ArchiveLocation.open(try TemporaryPostgres.database(), create: true)
        let text = try writePage(into: archive)
        try expectJoinedWordsFound(in: archive, text: text)
    }
}
