import DocScanCore
import DocScanKit
import Foundation
import Testing

/// Browse's keywords per folder, on real scans: the words that tell a folder apart, not the words it
/// shares with the rest of the archive.
struct DistinctiveKeywordsTests {
    @Test func aFolderIsToldApartByItsOwnWordsNotByTheOnesEveryFolderHas() throws {
        let base = try TestSupport.temporaryFolder()
        // The same English letter is in both folders (twice in the first, once at 150 dpi); the
        // invoice only in the first, the German letter only in the second.
        let first = base.appendingPathComponent("office"), second = base.appendingPathComponent("home")
        for (folder, names) in [(first, ["en_invoice.png", "en_letter.png", "en_letter_150dpi.png"]), (second, ["en_letter.png", "de_brief.png"])] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try TestSupport.copy(names, to: folder)
        }
        let path = base.appendingPathComponent("archive.sqlite").path
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng,deu"), jobs: 2)
        for folder in [first, second] {
            #expect(try ArchiveScan(ArchiveScan.Request(input: folder, configuration: configuration, archive: path)).run().exitStatus == .ok)
        }
        let archive = try ArchiveLocation.open(path, create: false)
        var keywords: [String: Set<String>] = [:]
        try archive.forEachPage(.all) { keywords[$0.root + "/" + $0.record.source] = Set($0.record.keywords) }
        let invoice = try #require(keywords[first.path + "/en_invoice.png"])
        let letter = try #require(keywords[second.path + "/en_letter.png"])
        let brief = try #require(keywords[second.path + "/de_brief.png"])
        #expect(keywords[first.path + "/en_letter.png"] == letter)
        #expect(invoice.contains("invoice") && !letter.contains("invoice"))

        let counts = try archive.pageCounts()
        #expect(counts.map(\.ok) == [2, 3] || counts.map(\.ok) == [3, 2])
        let distinctive = DistinctiveKeywords(counts: counts)

        // In the first folder the letter's words are on more pages than the invoice's, but every
        // folder has the letter: the invoice's own words come first.
        let office = try distinctive.keywords(of: first.path, in: archive, limit: 10)
        #expect(office.count == 10)
        let frequent = try archive.frequentKeywords(root: first.path, maxShare: 1, limit: 1)
        #expect(frequent.first.map { letter.contains($0.keyword) } == true, "\(frequent)")
        #expect(office.allSatisfy { !letter.contains($0.keyword) }, "\(office)")
        #expect(office.filter { invoice.contains($0.keyword) }.count >= 5, "\(office)")

        // In the second, the German letter's words come before any of the shared English letter's.
        let home = try distinctive.keywords(of: second.path, in: archive, limit: 1000)
        let firstShared = try #require(home.firstIndex { letter.contains($0.keyword) && !brief.contains($0.keyword) })
        let ownBrief = home.indices.filter { brief.contains(home[$0].keyword) && !letter.contains(home[$0].keyword) }
        #expect(!ownBrief.isEmpty && ownBrief.allSatisfy { $0 < firstShared }, "\(home.prefix(30))")
        #expect(try distinctive.keywords(of: "/nowhere", in: archive, limit: 10).isEmpty)
    }
}
