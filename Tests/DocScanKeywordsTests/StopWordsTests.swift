import DocScanCore
@testable import DocScanKeywords
import Foundation
import Testing

struct StopWordsTests {
    @Test func theListsOfTheSourceTreeAreFound() throws {
        let directory = try #require(StopWords.defaultDirectory(environment: [:]))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("eng.txt").path))
        let english = try StopWords(languages: LanguageList(parsing: "eng"), directory: directory)
        #expect(english.contains("the") && english.contains("and"))
        #expect(!english.contains("invoice"))
    }

    /// A language without a list adds nothing; a list that is there but cannot be read is an error,
    /// not a run with fewer stop words than the user expects.
    @Test func aListThatCannotBeReadIsAnErrorAndAMissingOneAddsNothing() throws {
        let directory = try KeywordTestSupport.temporaryFolder()
        try Data([0x74, 0x68, 0x65, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: directory.appendingPathComponent("eng.txt"))
        #expect(try StopWords(languages: LanguageList(parsing: "fra"), directory: directory).count == 0)
        #expect {
            try StopWords(languages: LanguageList(parsing: "fra,eng"), directory: directory)
        } throws: { error in
            guard case .missingDependency(let name, let advice)? = error as? DocScanError else { return false }
            return name == "the eng stop-word list" && advice.contains(directory.appendingPathComponent("eng.txt").path)
        }
    }
}
