import DocScanCore
import Foundation
import DocScanKeywords
@testable import DocScanKit
import Testing

/// Pages go out in order, so records are written as they come, except the last few, which go largest
/// first so the workers finish together.
struct WorkBoardTests {
    private func record(_ source: String) -> PageRecord {
        PageRecord(
            source: source, page: 1, pageCount: 1, sha256: nil, fileSize: 0, format: .png, mode: .fast,
            languages: ["eng"], models: [], originalWidth: nil, originalHeight: nil, scale: nil, orientation: nil,
            cleanup: nil, width: nil, height: nil, resolution: nil, text: "", meanConfidence: nil, words: [], lines: [],
            keywords: [], keywordString: "", keywordsDropped: KeywordFilterCounts(), timingsMs: StageTimings(),
            warnings: [], error: nil)
    }

    @Test func theLastPagesGoLargestFirst() {
        let board = WorkBoard()
        let sizes = [1, 1, 1, 1, 1, 1, 5, 9, 2, 7]
        board.reset(pageCount: sizes.count, tailLength: 4) { sizes[$0] }
        var taken: [Int] = []
        while let index = board.take() { taken.append(index) }
        #expect(taken == [0, 1, 2, 3, 4, 5, 7, 9, 6, 8])
    }

    @Test func withoutATailPagesGoInOrder() {
        let board = WorkBoard()
        board.reset(pageCount: 5, tailLength: 0) { 10 - $0 }
        var taken: [Int] = []
        while let index = board.take() { taken.append(index) }
        #expect(taken == [0, 1, 2, 3, 4])
        #expect(ScanRunner.tailLength(workers: 1) == 0 && ScanRunner.tailLength(workers: 2) == 8)
    }

    /// A record handed out from the tail is waited for by the writer like any other.
    @Test func recordsOfTheTailAreDeliveredInPageOrder() {
        let board = WorkBoard()
        board.reset(pageCount: 3, tailLength: 3) { [1, 3, 2][$0] }
        board.workerStarted()
        #expect(board.take() == 1)
        board.deliver(record("a.png"), at: 1)
        #expect(board.take() == 2)
        #expect(board.take() == 0)
        #expect(board.take() == nil)
        board.deliver(record("a.png"), at: 0)
        board.deliver(record("a.png"), at: 2)
        #expect(board.next(index: 0) != nil && board.next(index: 1) != nil && board.next(index: 2) != nil)
        board.workerFinished()
    }

    /// A page costs its share of its file's bytes: a multi-page TIFF's pages share its size.
    @Test func aPageCostsItsShareOfItsFilesBytes() {
        func page(_ name: String, bytes: Int64, pages: Int = 1, page number: Int = 1) -> PageReference {
            PageReference(url: URL(fileURLWithPath: "/scans/\(name)"), relativePath: name, page: number, pageCount: pages, format: .png, fileSize: bytes)
        }
        #expect(ScanRunner.cost(of: page("a.png", bytes: 548_824)) == 548_824)
        #expect(ScanRunner.cost(of: page("b.tif", bytes: 900_000, pages: 3, page: 2)) == 300_000)
        #expect(ScanRunner.cost(of: page("empty.png", bytes: 0)) == 0)
    }
}
