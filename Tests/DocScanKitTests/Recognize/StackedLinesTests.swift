import DocScanCore
@testable import DocScanKit
import DocScanNative
import Testing

/// Two lines Tesseract's layout analysis took for one line two lines tall are read again each alone
/// (`StackedLines`). On photos of Fixtures' notice curled on a desk, its line `器中输入192.168.1.1登录管理
/// 页面，但请勿擅自修改任何设` and the paragraph's last line `置。` under it were laid out as one line and read
/// as `和半到本但请勿擅自修改任何设`. Here the notice's scan is read by real Tesseract, and the two lines'
/// boxes are made one line, read as Tesseract reads such a line.
struct StackedLinesTests {
    private static func engine() throws -> TesseractEngine {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        return try TesseractEngine(scanning: configuration.models, userWordsFile: nil)
    }

    @Test func twoLinesLaidOutAsOneAreReadEachAlone() throws {
        let engine = try Self.engine()
        let image = try #require(PixImage(reading: TestSupport.fixture("zh_notice.png").path))
        let deadline = PageDeadline(limit: nil)
        func readLine(_ cut: PixImage) throws -> RecognizedText { try engine.recognizeLine(cut, resolution: 300, deadline: deadline) }
        var page = try engine.recognize(image, resolution: 300, deadline: deadline)
        let upper = try #require(page.lines.firstIndex { $0.text.hasPrefix("器中输入") }, "\(page.lines.map(\.text))")
        try #require(page.lines[upper + 1].text.hasPrefix("置"))
        let (long, short) = (page.lines[upper], page.lines[upper + 1])
        let box = long.box.union(short.box)

        // The pair as one line, read as one row: the long line's start and the short line lost.
        let stacked = try #require(try LineReading.read(box, on: image, with: readLine))
        #expect(!stacked.text.contains("器中输入192.168.1.1"), "\(stacked.text)")
        let removed = page.removeLine(at: upper + 1)
        try #require(removed != nil)
        page.replaceLines([upper: stacked])
        page.lines[upper].box = box

        // With the line above reaching half a line into it, it is left alone: a row may be that line's.
        var overlapped = page
        overlapped.lines[upper - 1].box.height += (box.y - overlapped.lines[upper - 1].box.y - overlapped.lines[upper - 1].box.height) + short.box.height / 2
        let kept = try StackedLines.split(&overlapped, on: image, with: readLine)
        #expect(kept == 0)

        let split = try StackedLines.split(&page, on: image, with: readLine)
        #expect(split == 1)
        #expect(page.lines[upper].text.hasPrefix("器中输入192.168.1.1登录管理页面"), "\(page.lines[upper].text)")
        #expect(page.lines[upper].text.hasSuffix("修改任何设"), "\(page.lines[upper].text)")
        #expect(page.lines[upper + 1].text.hasPrefix("置"), "\(page.lines[upper + 1].text)")
        #expect(page.lines[upper].box.y == box.y && page.lines[upper + 1].box.y + page.lines[upper + 1].box.height == box.y + box.height)
        #expect(page.text.contains(page.lines[upper].text + "\n" + page.lines[upper + 1].text), "\(page.text)")
    }

    /// No line of the notice, each taken as if it were two lines tall, has a blank gap across it with
    /// ink above and below: a line in large print (the notice's heading among them) is one row of
    /// characters, whatever gaps each character has across it (二, 合, 言).
    @Test func aLineOfOneRowHasNoGapToSplitAt() throws {
        let engine = try Self.engine()
        let image = try #require(PixImage(reading: TestSupport.fixture("zh_notice.png").path))
        let page = try engine.recognize(image, resolution: 300, deadline: PageDeadline(limit: nil))
        try #require(page.textLines.count >= 10)
        for line in page.textLines {
            let gap = StackedLines.blankGap(in: line.box, on: image, typical: Double(line.box.height) / StackedLines.stackHeight)
            #expect(gap == nil, "\(line.text): \(String(describing: gap))")
        }
    }
}
