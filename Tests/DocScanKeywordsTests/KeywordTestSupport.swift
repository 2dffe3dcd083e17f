import DocScanCore
import Foundation

/// Scratch folders for the keyword tests, in one folder per test process; the folders of test
/// processes that have ended are removed.
enum KeywordTestSupport {
    static let scratch = (try? AbandonedFolders.folderOfThisProcess(
        prefix: "docscan-keyword-tests-", in: FileManager.default.temporaryDirectory)) ?? FileManager.default.temporaryDirectory

    /// A new empty folder.
    static func temporaryFolder() throws -> URL {
        let url = scratch.appendingPathComponent("docscan-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
