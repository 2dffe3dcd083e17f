import DocScanCore
import Foundation

/// Function words to leave out of keywords, from `stopwords/<lang>.txt`, for the scan's languages.
///
/// A list is plain UTF-8, one word a line, `#` starts a comment. Words are compared case-folded.
public struct StopWords: Sendable {
    private let words: Set<String>

    /// No stop words.
    public init() {
        words = []
    }

    /// The lists for `languages` found in `directory`; a language without a list adds nothing.
    /// - Throws: `DocScanError.missingDependency` for a list that is there but cannot be read as UTF-8.
    public init(languages: LanguageList, directory: URL) throws {
        var words = Set<String>()
        for code in languages.codes {
            let file = directory.appendingPathComponent("\(code).txt")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                words.formUnion(Self.parse(try String(contentsOf: file, encoding: .utf8)))
            } catch {
                throw DocScanError.missingDependency(
                    name: "the \(code) stop-word list", advice: "\(file.path) cannot be read as UTF-8 text: \(error.localizedDescription)")
            }
        }
        self.words = words
    }

    private init(words: Set<String>) {
        self.words = words
    }

    /// These lists plus the words of `text` (same format).
    public func adding(_ text: String) -> StopWords {
        StopWords(words: words.union(Self.parse(text)))
    }

    public func contains(_ word: String) -> Bool { words.contains(word) }

    public var count: Int { words.count }

    static func parse(_ text: String) -> Set<String> {
        Set(WordList.words(in: text).map(WordList.fold))
    }

    /// Where the lists are: `$DOCSCAN_STOPWORDS`, then `share/docscan/stopwords` beside the installed
    /// executable, then the `stopwords/` folder of the source tree docscan was built from.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        var candidates: [URL] = []
        if let explicit = environment["DOCSCAN_STOPWORDS"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/docscan/stopwords"))
        // Sources/DocScanKeywords/StopWords.swift, three folders below the root of the source tree.
        candidates.append(URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("stopwords"))
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }?.standardizedFileURL
    }
}
