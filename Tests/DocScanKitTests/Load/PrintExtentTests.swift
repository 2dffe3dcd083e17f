import DocScanCore
import DocScanNative
import Foundation
@testable import DocScanKit
import Testing

/// A big scan whose print fills a small part of plain paper (a receipt on a flatbed's glass, scanned as
/// an A4 page) is cut to its print before it is reduced to the working size.
struct PrintExtentTests {
    /// The receipt's paper on `Fixtures/sparse/glass_receipt.png` (4,961×7,016 px; its print lies 57–80
    /// px inside it).
    static let receiptPaper = PageBox(x: 1400, y: 1100, width: 845, height: 993)

    /// The receipt's print (a thermal printer's dots, worn) reduced with the whole glass to the working
    /// size had letters 11 px high in fast mode and 15 in accurate, and read at CER 0.20 / 0.17, its
    /// prices lost in fast mode; cut out, at the stored resolution (24 px), 0.10 / 0.09.
    @Test(arguments: [ScanMode.fast, .accurate])
    func aReceiptOnTheGlassIsCutOutBeforeItIsReduced(mode: ScanMode) throws {
        let record = try TestSupport.expectRead(
            "sparse/glass_receipt.png", mode: mode, within: 0.13,
            lines: ["Receipt 118342", "Olives green tub", "Smoked ham sliced 3"])
        let box = try #require(record.cropped)
        Self.expectHoldsTheReceipt(box)
        #expect(record.scale == 1)
        #expect(record.width.map { $0 <= box.width } == true)
    }

    /// The debug images begin with the copy the print was found on, its box drawn in red where the
    /// record's `cropped` says, scaled to the copy's 1,000 px.
    @Test func theDebugImagesShowWhereThePrintWasFound() throws {
        var configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "eng"), jobs: 1)
        let debug = try TestSupport.temporaryFolder()
        configuration.debugImages = DebugImages(folder: debug)
        let url = TestSupport.special("sparse/glass_receipt.png")
        let record = try PagePipeline(configuration: configuration).process(try #require(PageSource(root: url).list().pages.first))
        let box = try #require(record.cropped)
        let drawn = try #require(PixImage(reading: debug.appendingPathComponent("glass_receipt.png-01-print_extent.png").path))
        #expect(max(drawn.width, drawn.height) == PrintExtent.probeSize)
        let factor = Double(PrintExtent.probeSize) / 7016
        let (left, middle) = (Int(Double(box.x) * factor), Int(Double(box.y + box.height / 2) * factor))
        let red = (left - 2...left + 2).contains { x in
            drawn.pixel(x: x, y: middle).map { $0 >> 24 == 255 && ($0 >> 16) & 0xff == 0 } == true
        }
        #expect(red, "no red line near (\(left), \(middle))")
    }

    /// A JPEG of a big scan is decoded reduced in the DCT (by 2 for the working size of 2,500 px); when
    /// its print is cut out, it is decoded again at the size that keeps the cut-out part at the working
    /// size or over: here the stored size, the part being smaller than it.
    @Test func aJPEGDecodedReducedIsDecodedAgainForItsPrint() throws {
        let page = try #require(PixImage(reading: TestSupport.special("sparse/glass_receipt.png").path))
        let url = TestSupport.scratch.appendingPathComponent("glass-\(UUID().uuidString).jpg")
        try #require(page.jpegData(quality: 92)).write(to: url)
        #expect(PageLoader.jpegReduction(longSide: 7016, workingSize: 2500) == 2)
        let reference = try #require(try PageSource(root: url).list().pages.first)
        var context = PageContext(page: reference, mode: .fast, languages: try LanguageList(parsing: "eng"))
        let loaded = try PageLoader(workingSize: 2500).run(reference, context: &context)
        let box = try #require(loaded.cropped)
        Self.expectHoldsTheReceipt(box)
        #expect(abs(loaded.image.width - box.width) <= 2 && abs(loaded.image.height - box.height) <= 2,
                "\(loaded.image.width)×\(loaded.image.height) for \(box)")
        #expect(abs(loaded.scale - 1) < 0.01)
    }

    /// Pages whose print or desk fills the frame are left whole: a scanned letter, a photo of a letter on
    /// a desk; and so is the receipt's glass made not plain: a wood grain around the receipt, or the
    /// lid's dark edge down its side.
    @Test func aGlassThatIsNotPlainPaperOrAFullPageIsLeftWhole() throws {
        let letter = try #require(PixImage(reading: TestSupport.fixture("en_letter.png").path)?.normalizedForRecognition())
        #expect(PrintExtent.box(in: letter) == nil)
        let desk = try #require(PixImage(reading: TestSupport.special("photos/desk_letter.jpg").path)?.normalizedForRecognition())
        #expect(PrintExtent.box(in: desk) == nil)

        let glass = try #require(PixImage(reading: TestSupport.special("sparse/glass_receipt.png").path)?.scaled(by: 0.5))
        #expect(PrintExtent.box(in: glass) != nil)
        let samples = try #require(glass.greySamples())
        let (width, height) = (glass.width, glass.height)
        let receipt = PageBox(x: 650, y: 500, width: 530, height: 600)
        func outside(_ x: Int, _ y: Int) -> Bool {
            x < receipt.x || x >= receipt.x + receipt.width || y < receipt.y || y >= receipt.y + receipt.height
        }
        var grained = samples
        for y in 0..<height {
            // Bands of grain, 14 grey levels deep, every 12 rows.
            let shade = UInt8(14 * (1 + sin(Double(y) / 12 * 2 * Double.pi)) / 2)
            for x in 0..<width where outside(x, y) { grained[y * width + x] = 254 - shade }
        }
        var edged = samples
        for y in 0..<height {
            for x in 0..<(width / 30) { edged[y * width + x] = 40 }
        }
        for (name, changed) in [("grained", grained), ("edged", edged)] {
            let url = TestSupport.scratch.appendingPathComponent("\(name)-\(UUID().uuidString).pgm")
            try TestSupport.writeGreyImage(changed, width: width, height: height, to: url)
            let page = try #require(PixImage(reading: url.path))
            #expect(PrintExtent.box(in: page) == nil, "\(name)")
        }
    }

    /// `box` (stored pixels) holds the receipt's paper and reaches at most 400 px beyond it: its print's
    /// margin of 3% of the page's longer side is 210 px.
    static func expectHoldsTheReceipt(_ box: PageBox, sourceLocation: SourceLocation = #_sourceLocation) {
        let paper = receiptPaper
        #expect(box.x <= paper.x && box.y <= paper.y, "\(box)", sourceLocation: sourceLocation)
        #expect(box.x + box.width >= paper.x + paper.width && box.y + box.height >= paper.y + paper.height,
                "\(box)", sourceLocation: sourceLocation)
        #expect(box.x >= paper.x - 400 && box.y >= paper.y - 400, "\(box)", sourceLocation: sourceLocation)
        #expect(box.x + box.width <= paper.x + paper.width + 400 && box.y + box.height <= paper.y + paper.height + 400,
                "\(box)", sourceLocation: sourceLocation)
    }
}
