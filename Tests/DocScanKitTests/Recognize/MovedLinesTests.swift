import DocScanCore
@testable import DocScanKit
import Testing

/// Lines are moved one at a time where a column step says: moves that contradict each other leave the
/// page as it was, and a move that leaves a line where it is ends the moves, keeping the others.
struct MovedLinesTests {
    private static func page(_ texts: [String]) -> RecognizedText {
        .blocks(texts.enumerated().map { .line($1, x: 100, y: 100 + 50 * $0, width: 600, height: 40) })
    }

    /// A step that puts `c` after `a`, then asks for `c` after `a` again, where it now stands: the move
    /// holds, and is counted once.
    @Test func aMoveThatLeavesTheLineWhereItIsEndsTheMoves() {
        var read = Self.page(["a", "b", "c"])
        let moved = read.moveLines { lines -> (line: Int, after: Int?)? in
            guard let c = lines.firstIndex(where: { $0.text == "c" }), let a = lines.firstIndex(where: { $0.text == "a" }) else { return nil }
            return (c, c < a ? a - 1 : a)
        }
        #expect(moved == 1)
        #expect(read.lines.map(\.text) == ["a", "c", "b"])
        #expect(read.text.split(separator: "\n").map(String.init) == ["a", "c", "b"])
    }

    /// The first line asked to stay first: nothing moves.
    @Test func theFirstLineAskedToStayFirstMovesNothing() {
        var read = Self.page(["a", "b"])
        #expect(read.moveLines { _ in (0, nil) } == 0)
        #expect(read.lines.map(\.text) == ["a", "b"])
    }

    /// Two moves that undo each other for ever: the page stays as Tesseract read it.
    @Test func movesThatContradictEachOtherLeaveThePageAsItWas() {
        var read = Self.page(["a", "b", "c"])
        let moved = read.moveLines { lines -> (line: Int, after: Int?)? in
            // `c` first when it is last, last when it is first.
            lines.last?.text == "c" ? (lines.count - 1, nil) : (0, lines.count - 2)
        }
        #expect(moved == 0)
        #expect(read.lines.map(\.text) == ["a", "b", "c"])
    }
}
