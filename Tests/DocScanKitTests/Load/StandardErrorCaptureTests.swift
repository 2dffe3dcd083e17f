import DocScanCore
import DocScanKit
import DocScanNative
import Foundation
import Testing

/// What decoders print to standard error, taken into the page's record by worker processes.
///
/// One serialized suite: a capture is process-wide, and a second one at the same time is refused (the
/// loader then goes without). Other tests run on other threads of this process and may write to
/// standard error meanwhile; what they write can land in a capture, so these tests look for their own
/// text, not for nothing else.
@Suite(.serialized) struct StandardErrorCaptureTests {
    /// The file standard error refers to: its device and inode.
    private func standardErrorFile() -> [UInt] {
        var status = stat()
        _ = fstat(STDERR_FILENO, &status)
        return [UInt(status.st_dev), UInt(status.st_ino)]
    }

    private func writeToStandardError(_ text: String) {
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    @Test func whatIsPrintedIsReturnedAndStandardErrorPutBack() throws {
        let before = standardErrorFile()
        let capture = try StandardErrorCapture()
        #expect(standardErrorFile() != before)
        #expect(throws: SystemError(code: EBUSY)) { try StandardErrorCapture() }
        writeToStandardError("Corrupt JPEG data: 1 extraneous bytes before marker 0xd9\n  \nsecond line\n")
        let said = capture.finish()
        #expect(standardErrorFile() == before)
        #expect(said.contains("Corrupt JPEG data: 1 extraneous bytes before marker 0xd9; second line"), "\(said)")
        // Finishing again changes nothing.
        _ = capture.finish()
        #expect(standardErrorFile() == before)
    }

    /// A capture let go without `finish()` (the decoder threw) puts standard error back all the same,
    /// and the next capture may start.
    @Test func standardErrorIsPutBackWhenTheCaptureIsLetGo() throws {
        let before = standardErrorFile()
        do {
            let capture = try StandardErrorCapture()
            withExtendedLifetime(capture) { #expect(standardErrorFile() != before) }
        }
        #expect(standardErrorFile() == before)
        _ = try StandardErrorCapture().finish()
    }

    /// A decoder repeating itself is cut at `limit` bytes.
    @Test func theCapturedTextIsBounded() throws {
        let capture = try StandardErrorCapture()
        writeToStandardError(String(repeating: "Corrupt JPEG data: premature end of data segment\n", count: 500))
        #expect(capture.finish().utf8.count <= StandardErrorCapture.limit)
    }

    /// Loads the only page in `folder` as a worker process does, capturing what the decoder prints.
    private func load(_ folder: URL, context: inout PageContext?) throws -> LoadedPage {
        let page = try #require(try PageSource(root: folder).list().pages.first)
        var pageContext = PageContext(page: page, mode: .fast, languages: try LanguageList(parsing: "eng"))
        defer { context = pageContext }
        var loader = PageLoader()
        loader.capturesDecoderMessages = true
        return try loader.run(page, context: &pageContext)
    }

    /// libjpeg decodes a JPEG with stray bytes before its end marker and says so on standard error: the
    /// page's warnings give its words (before, a bare line among the run's messages, naming no file).
    @Test func aDecodersWarningBecomesThePagesWarning() throws {
        let folder = try TestSupport.temporaryFolder()
        let jpeg = try Data(contentsOf: TestSupport.special("orientation/en_letter_exif1.jpg"))
        #expect(jpeg.suffix(2) == Data([0xFF, 0xD9]))
        try (jpeg.dropLast(2) + Data([0x12, 0x34, 0x56, 0xFF, 0xD9])).write(to: folder.appendingPathComponent("stray.jpg"))
        var context: PageContext?
        let loaded = try load(folder, context: &context)
        #expect(loaded.image.width > 1000)
        let warnings = context?.warnings ?? []
        #expect(warnings.contains { $0.contains("JPEG decoder reported: Corrupt JPEG data") && $0.contains("extraneous bytes before marker 0xd9") },
                "\(warnings)")
    }

    /// A JPEG cut off in its data cannot be decoded; the page's error gives the decoder's words.
    @Test func aDecodersWordsGoIntoThePagesError() throws {
        let folder = try TestSupport.temporaryFolder()
        let jpeg = try Data(contentsOf: TestSupport.special("orientation/en_letter_exif1.jpg"))
        try jpeg.prefix(jpeg.count * 7 / 10).write(to: folder.appendingPathComponent("cut.jpg"))
        var context: PageContext?
        let error = try #require(throws: PageError.self) { try load(folder, context: &context) }
        #expect(error.kind == .decodeFailed)
        // What another test printed meanwhile may come first among the decoder's words.
        let said = try #require(error.message.range(of: "the decoder said: "), "\(error.message)")
        #expect(error.message[said.upperBound...].contains("Premature end of JPEG file"), "\(error.message)")
    }
}
