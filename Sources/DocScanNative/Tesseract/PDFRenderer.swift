internal import CTesseract
import DocScanCore
import Foundation

/// Owns one Tesseract PDF renderer (`TessResultRenderer`) and the file it writes, from the document's
/// start until the finished file has its real name.
///
/// Tesseract appends to the file as pages are added, so the document is written under a hidden name
/// beside the target and renamed only when complete: a reader never sees a half-written PDF, and a
/// renderer dropped unfinished removes its partial file.
package final class PDFRenderer {
    /// The renderer, until `finish()` deletes it (deleting is what closes the file).
    private var renderer: OpaquePointer?
    /// Where the finished PDF goes.
    package let target: URL
    /// The file being written; Tesseract adds `.pdf` to the base name it is given.
    private let partial: URL
    private var finished = false
    /// Pages added so far.
    package private(set) var pageCount = 0

    /// Creates the partial file and writes the document header.
    /// - Parameters:
    ///   - title: the PDF's title (its Info dictionary).
    ///   - fontDirectory: a folder that may hold Tesseract's `pdf.ttf` (the invisible text font);
    ///     Tesseract 5.3 embeds its built-in copy when the file is not there.
    /// - Throws: `DocScanError.outputNotWritable` when the file cannot be created.
    package init(target: URL, title: String, fontDirectory: String) throws {
        self.target = target
        let folder = target.deletingLastPathComponent()
        partial = folder.appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString).pdf")
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw DocScanError.outputNotWritable(path: target.path, reason: "the folder does not exist or is not writable")
        }
        guard let renderer = TessPDFRendererCreate(partial.deletingPathExtension().path, fontDirectory, 0) else {
            throw DocScanError.outputNotWritable(path: target.path, reason: "Tesseract's PDF renderer could not start")
        }
        self.renderer = renderer
        // Thrown once every property is set, so deinit deletes the renderer and the file.
        guard TessResultRendererBeginDocument(renderer, title) != 0 else {
            throw DocScanError.outputNotWritable(path: target.path, reason: "Tesseract could not create \(partial.path)")
        }
    }

    deinit {
        if let renderer { TessDeleteResultRenderer(renderer) }
        if !finished { try? FileManager.default.removeItem(at: partial) }
    }

    /// Adds the next page through `add`, which gets the renderer for one `TessResultRendererAddImage`
    /// call and returns whether it succeeded.
    /// - Throws: `DocScanError.outputNotWritable`; the document is then unusable (Tesseract has written
    ///   part of the page), so the caller must drop it.
    func addPage(_ add: (OpaquePointer) -> Bool) throws {
        guard let renderer else { preconditionFailure("a page was added to a finished PDF") }
        guard add(renderer) else {
            throw DocScanError.outputNotWritable(path: target.path, reason: "Tesseract could not add page \(pageCount + 1)")
        }
        pageCount += 1
    }

    /// Writes the page tree and trailer, closes the file and gives it the target's name, replacing any
    /// file there in one step.
    /// - Throws: `DocScanError.outputNotWritable`; the target is then left as it was.
    package func finish() throws {
        guard let renderer else { preconditionFailure("a PDF was finished twice") }
        precondition(pageCount > 0, "a PDF needs at least one page")
        let ended = TessResultRendererEndDocument(renderer) != 0
        TessDeleteResultRenderer(renderer)
        self.renderer = nil
        // Tesseract ignores a failed flush (a full disk), so the closed file is checked for its last line.
        guard ended, endsWithEOFMarker() else {
            throw DocScanError.outputNotWritable(path: target.path, reason: "the PDF could not be written completely")
        }
        guard rename(partial.path, target.path) == 0 else {
            throw DocScanError.outputNotWritable(path: target.path, reason: String(cString: strerror(errno)))
        }
        finished = true
    }

    /// Whether the partial file ends with the `%%EOF` line a complete PDF ends with.
    private func endsWithEOFMarker() -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: partial) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= 6 else { return false }
        try? handle.seek(toOffset: size - 6)
        guard let tail = try? handle.readToEnd() else { return false }
        return String(decoding: tail, as: UTF8.self) == "%%EOF\n"
    }
}

/// A Tesseract renderer is not thread-safe; it stays with the worker writing its document.
@available(*, unavailable)
extension PDFRenderer: Sendable {}
