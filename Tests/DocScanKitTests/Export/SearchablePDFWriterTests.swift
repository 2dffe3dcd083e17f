import DocScanCore
@testable import DocScanKit
import Foundation
import Testing

/// Real Tesseract writing real PDFs from the fixtures, read back with Poppler.
struct SearchablePDFWriterTests {
    static func writer(judgingOnCleanedPage: Bool = true) throws -> SearchablePDFWriter {
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        configuration.judgesOrientationOnCleanedPage = judgingOnCleanedPage
        return try SearchablePDFWriter(configuration: configuration)
    }

    static func pages(_ url: URL) throws -> [PageReference] {
        try PageSource(root: url).list().pages
    }

    /// Writes `source`'s pages to `out.pdf` in a new folder, which the caller removes.
    static func write(_ source: URL) throws -> (pdf: URL, outcomes: [PageError?]) {
        let pdf = try TestSupport.temporaryFolder().appendingPathComponent("out.pdf")
        return (pdf, try writer().write(pages: pages(source), to: pdf))
    }

    @Test func invoiceBecomesOneA5PageWithItsText() throws {
        let (pdf, outcomes) = try Self.write(TestSupport.fixture("en_invoice.png"))
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        #expect(outcomes == [nil])
        #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
        #expect(try Poppler.pageCount(pdf) == 1)
        // 1750 × 2479 pixels at 300 dpi: 420 × 595 points, an A5 sheet.
        let size = try #require(try Poppler.pageSizes(pdf).first)
        #expect(abs(size.width - 420) < 1 && abs(size.height - 594.96) < 1, "page is \(size)")

        let text = try Poppler.text(pdf)
        let truth = try TestSupport.groundTruth("en_invoice")
        for word in ["Northfield", "INVOICE", "NHG-2023-0417", "Pemberton", "Orchard", "galvanised", "31926819"] {
            #expect(truth.contains(word))
            #expect(text.contains(word), "\(word) is not in the PDF's text")
        }
    }

    /// The text layer sits on the printed words: a word's box in the PDF, turned into image pixels, is
    /// where the record says Tesseract found it.
    @Test func textLayerLinesUpWithTheRecordsWordBoxes() throws {
        let record = try #require(try TestSupport.scan(TestSupport.fixture("en_invoice.png"), mode: .fast).first)
        let (pdf, _) = try Self.write(TestSupport.fixture("en_invoice.png"))
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        let dpi = Double(try #require(record.resolution))
        let width = Double(try #require(record.width))
        let tolerance = width / 100

        // Words without descenders, so the bottom of the record's box is the baseline the PDF's text sits on.
        for text in ["Northfield", "INVOICE", "Subtotal"] {
            let inRecord = try #require(record.words.first { $0.text == text }, "\(text) not in the record")
            let inPDF = try #require(try Poppler.words(pdf, page: 1).first { $0.text == text }, "\(text) not in the PDF")
            let box = inRecord.box
            let left = inPDF.xMin * dpi / 72
            // Tesseract spreads a word's letters and a trailing space evenly over the word's box, and
            // pdftotext's box leaves the space out: add back one letter's cell.
            let right = (inPDF.xMax + (inPDF.xMax - inPDF.xMin) / Double(text.count)) * dpi / 72
            let baseline = inPDF.yMax * dpi / 72
            #expect(abs(left - Double(box.x)) <= tolerance, "\(text): left \(left) vs \(box.x)")
            #expect(abs(right - Double(box.x + box.width)) <= tolerance, "\(text): right \(right) vs \(box.x + box.width)")
            #expect(abs(baseline - Double(box.y + box.height)) <= tolerance, "\(text): baseline \(baseline) vs \(box.y + box.height)")
        }
    }

    /// letters.tif holds three pages (formats/manifest.tsv): a letter and a German letter on A4 at
    /// 200 dpi, then the invoice on A5.
    @Test func multiPageTIFFBecomesOnePDFPagePerPageInOrder() throws {
        let (pdf, outcomes) = try Self.write(TestSupport.special("formats/letters.tif"))
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        #expect(outcomes == [nil, nil, nil])
        #expect(try Poppler.pageCount(pdf) == 3)
        let sizes = try Poppler.pageSizes(pdf)
        #expect(sizes.count == 3)
        for (size, expected) in zip(sizes, [(595.08, 842.04), (595.08, 842.04), (420.12, 595.08)]) {
            #expect(abs(size.width - expected.0) < 1 && abs(size.height - expected.1) < 1, "page is \(size)")
        }
        #expect(try Poppler.text(pdf, page: 1).contains("Harbourside"))
        #expect(try Poppler.text(pdf, page: 2).contains("Hausverwaltung"))
        #expect(try Poppler.text(pdf, page: 3).contains("Northfield"))
    }

    /// The page shows the image that was read, not the file: this JPEG is stored sideways (1754 × 1240)
    /// with an EXIF tag to turn it, and Leptonica, given the file's name, would embed its bytes as they are.
    @Test func pageShowsTheUprightImageNotTheStoredFile() throws {
        let (pdf, outcomes) = try Self.write(TestSupport.special("orientation/en_letter_exif6.jpg"))
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        #expect(outcomes == [nil])
        let images = try Poppler.imageSizes(pdf)
        #expect(images.count == 1)
        let image = try #require(images.first)
        #expect(image.width == 1240 && image.height == 1754, "embedded \(image)")
        let size = try #require(try Poppler.pageSizes(pdf).first)
        #expect(abs(size.width - 595.2) < 1 && abs(size.height - 841.9) < 1, "page is \(size)")
        #expect(try Poppler.text(pdf).contains("Harbourside"))
    }

    /// OSD, judging the frame, turns the blurred letter on its pale desk onto its side; its record says it
    /// was read upright (turned back after reading). Given that turn, its PDF page stands upright; left to
    /// an orient stage judging the frame alone, it lies on its side. (Judged again once cleaned up, as by
    /// default, it is found upright at once.)
    @Test func aPageIsPutInTheTurnItsRecordSaysItWasReadIn() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.pages(TestSupport.special("photos/blurred_curl.jpg"))
        for (rotation, upright) in [(Int?.some(0), true), (nil, false)] {
            let pdf = folder.appendingPathComponent("out-\(upright).pdf")
            #expect(try Self.writer(judgingOnCleanedPage: false).write(pages: pages, to: pdf, rotations: [rotation]) == [nil])
            let size = try #require(try Poppler.pageSizes(pdf).first)
            #expect((size.width < size.height) == upright, "turned \(String(describing: rotation)): page is \(size)")
        }
    }

    @Test func aFileThatIsNotAnImageLeavesNoPDF() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = folder.appendingPathComponent("x.png")
        try Data("this is not a picture".utf8).write(to: junk)
        let pdf = folder.appendingPathComponent("x.pdf")

        let outcomes = try Self.writer().write(pages: Self.pages(junk), to: pdf)
        #expect(outcomes.map { $0?.kind } == [.notAnImage])
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.png"])
    }

    @Test func aPageThatFailsIsLeftOutAndTheOthersWritten() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = folder.appendingPathComponent("x.png")
        try Data("this is not a picture".utf8).write(to: junk)
        let pdf = folder.appendingPathComponent("mixed.pdf")

        let pages = try Self.pages(junk) + Self.pages(TestSupport.fixture("en_invoice.png"))
        let outcomes = try Self.writer().write(pages: pages, to: pdf)
        #expect(outcomes.map { $0?.kind } == [.notAnImage, nil])
        #expect(try Poppler.pageCount(pdf) == 1)
        #expect(try Poppler.text(pdf).contains("INVOICE"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["x.png", "mixed.pdf"])
    }

    /// en_letter_150dpi.png has no resolution: the page is sized as A4, not at Tesseract's 70 dpi floor.
    @Test func aPageWithoutAResolutionIsSizedAsA4() throws {
        let (pdf, outcomes) = try Self.write(TestSupport.fixture("en_letter_150dpi.png"))
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        #expect(outcomes == [nil])
        let size = try #require(try Poppler.pageSizes(pdf).first)
        #expect(abs(size.width - 595.2) < 1 && abs(size.height - 841.9) < 1, "page is \(size)")
        #expect(try Poppler.text(pdf).contains("Harbourside"))
    }

    @Test func pageResolutionTrustsOnlyBelievableValues() {
        #expect(SearchablePDFWriter.pageResolution(width: 1750, height: 2479, fileResolution: 300) == 300)
        #expect(SearchablePDFWriter.pageResolution(width: 1240, height: 1754, fileResolution: 0) == 150)
        #expect(SearchablePDFWriter.pageResolution(width: 1754, height: 1240, fileResolution: 72) == 150)
        #expect(SearchablePDFWriter.pageResolution(width: 5, height: 3, fileResolution: 0) == 1)
    }

    @Test func anExistingPDFIsReplacedWhole() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("invoice.pdf")
        try Data("an older file".utf8).write(to: pdf)
        let outcomes = try Self.writer().write(pages: Self.pages(TestSupport.fixture("en_invoice.png")), to: pdf)
        #expect(outcomes == [nil])
        #expect(try Poppler.pageCount(pdf) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["invoice.pdf"])
    }

    @Test func aMissingFolderIsAnOutputError() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("no/such/folder/out.pdf")
        #expect {
            try Self.writer().write(pages: Self.pages(TestSupport.fixture("en_invoice.png")), to: pdf)
        } throws: { error in
            guard case .outputNotWritable(let path, _) = error as? DocScanError else { return false }
            return path == pdf.path
        }
    }
}
