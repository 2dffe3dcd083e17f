internal import CTesseract
import DocScanCore
import Foundation

/// Owns one `TessResultIterator` over the page an engine just recognized, and frees it.
final class TesseractResultIterator {
    private let iterator: OpaquePointer

    /// Nil when the page has no results.
    init?(api: OpaquePointer) {
        guard let iterator = TessBaseAPIGetIterator(api) else { return nil }
        self.iterator = iterator
    }

    deinit {
        TessResultIteratorDelete(iterator)
    }

    /// Every non-empty element at `level`, with confidence and bounding box.
    func collect(level: TessPageIteratorLevel) -> [RecognizedSpan] {
        var spans: [RecognizedSpan] = []
        let page = TessResultIteratorGetPageIteratorConst(iterator)
        repeat {
            let text = takeText(TessResultIteratorGetUTF8Text(iterator, level))
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            _ = TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom)
            spans.append(RecognizedSpan(
                text: text,
                confidence: Double(TessResultIteratorConfidence(iterator, level)),
                box: PageBox(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))))
        } while TessResultIteratorNext(iterator, level) != 0
        return spans
    }
}

@available(*, unavailable)
extension TesseractResultIterator: Sendable {}
