import CLeptonica
@testable import DocScanNative
import Testing

/// The skew sweep scored from row counts per column (CImageKernels) gives Leptonica's
/// `pixFindSkewSweepAndSearchScore` to the last bit: angle, confidence and end score, and the score
/// unturned. The deskew step's decisions and every record's `skew_*` fields depend on them.
struct SkewSweepTests {
    /// A page's print, turned `degrees` (white brought in).
    private static func print(_ name: String, turned degrees: Double) throws -> PixImage {
        let page = try greyFixture(name)
        let turned = degrees == 0 ? page : try #require(page.rotated(degrees: degrees))
        return try #require(turned.darkPixels())
    }

    /// What Leptonica measures, called as docscan called it before: on the search copy, with the sweep's
    /// reduction relative to it.
    private func leptonicas(
        _ image: PixImage, sweepReduction: Int, searchReduction: Int, range: Float, delta: Float, minimumDelta: Float
    ) throws -> (angle: Float, confidence: Float, gain: Float, unturned: Float)? {
        let levels: [Int: (Int32, Int32, Int32)] = [2: (1, 0, 0), 4: (1, 1, 0), 8: (1, 1, 2)]
        let search = try searchReduction == 1 ? image : #require(PixImage(taking: image.withUnsafePix {
            let level = levels[searchReduction] ?? (0, 0, 0)
            return pixReduceRankBinaryCascade($0, level.0, level.1, level.2, 0)
        }))
        var angle: Float = 0, confidence: Float = 0, score: Float = 0, unturned: Float = 0
        let status = search.withUnsafePix {
            pixFindSkewSweepAndSearchScore(
                $0, &angle, &confidence, &score, Int32(sweepReduction / searchReduction), 1, 0, range, delta, minimumDelta)
        }
        _ = search.withUnsafePix { pixFindDifferentialSquareSum($0, &unturned) }
        guard status == 0 else { return nil }
        return (angle, confidence, unturned > 0 ? score / unturned : 0, unturned)
    }

    private func expectLeptonicas(
        _ image: PixImage, _ sweepReduction: Int, _ searchReduction: Int, _ range: Float, _ delta: Float, _ minimumDelta: Float,
        _ label: String
    ) throws {
        let ours = image.skew(
            sweepReduction: sweepReduction, searchReduction: searchReduction, sweepRange: range, sweepDelta: delta,
            minimumSearchDelta: minimumDelta)
        let theirs = try leptonicas(
            image, sweepReduction: sweepReduction, searchReduction: searchReduction, range: range, delta: delta,
            minimumDelta: minimumDelta)
        let where_ = "\(label) \(image.width)×\(image.height) reductions \(sweepReduction)/\(searchReduction) ±\(range)° by \(delta)°"
        #expect((ours == nil) == (theirs == nil), "\(where_)")
        guard let ours, let theirs else { return }
        #expect(ours.angle == theirs.angle, "\(where_)")
        #expect(ours.confidence == theirs.confidence, "\(where_)")
        #expect(ours.gain == theirs.gain, "\(where_)")
        #expect(ours.unturned == theirs.unturned, "\(where_)")
    }

    /// Scanned pages level and turned both ways, at the reductions and range the clean-up uses for
    /// their size; the turned ones must also be found turned, so the comparison is not of zeros.
    @Test(arguments: [("pages/en_letter.png", 0.0), ("pages/en_letter.png", 3.3), ("pages/zh_notice.png", -7.1),
                      ("pages/de_brief.png", 11.5), ("pages/en_letter_150dpi.png", -2.2)])
    func aTurnedPageMeasuresAsLeptonicaMeasuresIt(name: String, degrees: Double) throws {
        let print = try Self.print(name, turned: degrees)
        let reduction = max(print.width, print.height) >= 2400 ? 4 : max(print.width, print.height) >= 1200 ? 2 : 1
        try expectLeptonicas(print, reduction, max(1, reduction / 2), 15, 1, 0.01, name)
        let found = try #require(print.skew(
            sweepReduction: reduction, searchReduction: max(1, reduction / 2), sweepRange: 15, sweepDelta: 1, minimumSearchDelta: 0.01))
        // Leptonica's angle is the page's lines' slope: the page turned clockwise by d reads as -d.
        #expect(abs(Double(found.angle) + degrees) < 0.3, "\(name) \(degrees)° measured \(found.angle)")
    }

    /// Every reduction Leptonica makes (the sweep copy reduced from the search copy by 1, 2, 4 and 8),
    /// other steps, steep sweeps where a band is under a pixel wide (past 45°) and angles Leptonica moves
    /// away from a right angle (past 87.7°), on a page and on marks whose rows end inside a word with
    /// their spare bits set.
    @Test(arguments: [(1, 1, Float(15), Float(1), Float(0.01)), (2, 1, 15, 1, 0.01), (4, 1, 10, 0.5, 0.05),
                      (8, 1, 20, 2, 0.1), (8, 4, 15, 1, 0.01), (2, 2, 7, 1, 0.6)])
    func everyReductionAndStepMeasuresAsLeptonicas(
        sweepReduction: Int, searchReduction: Int, range: Float, delta: Float, minimumDelta: Float
    ) throws {
        let page = try Self.print("pages/zh_lab_report.png", turned: 4.4)
        try expectLeptonicas(page, sweepReduction, searchReduction, range, delta, minimumDelta, "lab report")
        for (width, height) in [(1001, 757), (37, 23), (64, 64)] {
            try expectLeptonicas(try strokes(width: width, height: height, seed: 77), sweepReduction, searchReduction, range, delta, minimumDelta, "marks")
        }
    }

    @Test(arguments: [(Float(60), Float(2)), (89, 1), (30, 0.25)])
    func steepSweepsMeasureAsLeptonicas(range: Float, delta: Float) throws {
        for (width, height) in [(301, 211), (37, 23)] {
            try expectLeptonicas(try strokes(width: width, height: height, seed: 77), 1, 1, range, delta, 0.01, "marks")
        }
        let stripes = try Self.print("pages/en_letter_150dpi.png", turned: 0)
        try expectLeptonicas(stripes, 2, 2, range, delta, 0.01, "150-dpi letter")
    }

    /// An empty image has no skew, for Leptonica and here.
    @Test func anEmptyImageHasNone() throws {
        let empty = try #require(PixImage(taking: pixCreate(400, 300, 1)))
        #expect(empty.skew(sweepReduction: 2, searchReduction: 1, sweepRange: 15, sweepDelta: 1, minimumSearchDelta: 0.01) == nil)
        try expectLeptonicas(empty, 2, 1, 15, 1, 0.01, "empty")
    }

    /// Past the kernel's 16-bit counts (a search copy wider than 65,535 pixels) the angle is still
    /// Leptonica's, and found.
    @Test func aVeryWideImageMeasuresAsLeptonicas() throws {
        let strip = try strokes(width: 70_001, height: 40, seed: 77)
        try expectLeptonicas(strip, 1, 1, 3, 1, 0.25, "wide strip")
        try expectLeptonicas(strip, 2, 2, 3, 1, 0.25, "wide strip")
    }
}
