import CLeptonica
import DocScanCore
@testable import DocScanNative
import Testing

/// The measure of focus `BlurredPrint` goes by, and the unsharp mask it sharpens with.
struct EdgeSteepnessTests {
    /// Fixtures' letter photo in focus measures well above the 0.2 under which a page counts as out of
    /// focus; the same photo blurred by 2.1 px (`blurred_letter.jpg`) under it (0.12), and sharpened as
    /// `BlurredPrint` would (half width 2) it measures steeper again (0.14).
    @Test func aBlurredPhotoMeasuresShallowerAndSharpeningSteepensIt() throws {
        let sharp = try #require(try greyFixture("photos/tilted_letter.jpg").edgeSteepness())
        let blurred = try greyFixture("photos/blurred_letter.jpg")
        let steepness = try #require(blurred.edgeSteepness())
        #expect(sharp >= 0.3, "in focus: \(sharp)")
        #expect(steepness < 0.2, "blurred: \(steepness)")
        let sharpened = try #require(blurred.unsharpMasked(halfWidth: 2, fraction: 0.5))
        let after = try #require(sharpened.edgeSteepness())
        #expect(after > steepness * 1.1, "sharpened: \(steepness) → \(after)")
    }

    /// The counts behind the measure are, level for level, their specification's: every `rowStep`th
    /// row but the last, each pixel's level, its step from its left neighbour (0 for a row's first) and
    /// its step to the pixel below; counted from a steep step on, the smaller steps as steps of 0.
    /// Cut-outs of odd widths, so that rows end inside a word and inside a run of 32.
    @Test(arguments: [(1, 1203), (2, 1203), (3, 998), (2, 5)])
    func theCountsAreTheSpecifications(rowStep: Int, width: Int) throws {
        // A photo, and a rendered page whose paper is of one level (counted 32 pixels at once).
        for name in ["photos/desk_letter.jpg", "pages/en_invoice.png"] {
            try countsAreTheSpecifications(try greyFixture(name), rowStep: rowStep, width: width)
        }
    }

    private func countsAreTheSpecifications(_ photo: PixImage, rowStep: Int, width: Int) throws {
        let cut = try #require(photo.cropped(to: PageBox(x: 101, y: 57, width: width, height: 733)))
        let samples = try #require(cut.greySamples())
        var levels = [Int](repeating: 0, count: 256), across = levels, down = levels
        for y in stride(from: 0, to: cut.height - 1, by: rowStep) {
            for x in 0..<cut.width {
                let value = Int(samples[y * cut.width + x])
                let left = Int(samples[y * cut.width + max(0, x - 1)]), below = Int(samples[(y + 1) * cut.width + x])
                levels[value] += 1
                across[abs(value - left)] += 1
                down[abs(value - below)] += 1
            }
        }
        let counts = try #require(cut.edgeHistograms(rowStep: rowStep))
        #expect(counts.levels == levels)
        #expect(counts.across == across)
        #expect(counts.down == down)
        // Counted from a steep step on, the steeper steps as they are and the rest as steps of 0.
        func fromSteep(_ steps: [Int]) -> [Int] {
            [steps[..<32].reduce(0, +)] + [Int](repeating: 0, count: 31) + steps[32...]
        }
        let steep = try #require(cut.edgeHistograms(rowStep: rowStep, steepFrom: 32))
        #expect(steep.levels == levels)
        #expect(steep.across == fromSteep(across))
        #expect(steep.down == fromSteep(down))
        // The photo's print and paper both counted, and steps of both kinds (a wide cut-out).
        guard width > 100 else { return }
        #expect(levels[0..<100].reduce(0, +) > 0 && levels[180...].reduce(0, +) > 0)
        #expect(across[40...].reduce(0, +) > 0 && down[40...].reduce(0, +) > 0)
    }

    /// The measure counts a page's small steps in bulk: in focus or out of it, it is the measure of
    /// every step counted one by one.
    @Test(arguments: ["photos/tilted_letter.jpg", "photos/blurred_letter.jpg", "pages/en_letter_150dpi.png"])
    func theMeasureIsTheFullCounts(name: String) throws {
        let page = try greyFixture(name)
        let counts = try #require(page.edgeHistograms(rowStep: 2))
        let range = try #require(Histogram(counts: counts.levels)?.levels(reaching: [0.01, 0.90]))
        let steepest = try #require(Histogram(counts: counts.across)?.levels(reaching: [0.997])?.first)
        let steepestDown = try #require(Histogram(counts: counts.down)?.levels(reaching: [0.997])?.first)
        let contrast = Double(range[1] - range[0])
        let full = Double(max(steepest, steepestDown)) / contrast
        #expect(page.edgeSteepness() == full)
        let directional = try #require(page.directionalSteepness())
        #expect(directional.across == Double(steepest) / contrast && directional.down == Double(steepestDown) / contrast)
        // The blurred photo's steepest steps are shallow: it is the page counted again step by step.
        #expect((min(steepest, steepestDown) < PixImage.steepStep) == name.contains("blurred"), "\(steepest), \(steepestDown)")
    }

    /// Camera shake smears print one way and leaves the steps along the smear steep: the letter photo
    /// smeared across by a 7-px box (the one-way mask with fraction −1 is that box's mean) measures in
    /// focus by its steps down and far out of it across; sharpened across its smear, steeper across
    /// again, and as steep down as before.
    @Test func aSmearOneWayMeasuresShallowThatWayOnly() throws {
        let photo = try greyFixture("photos/tilted_letter.jpg")
        let sharp = try #require(photo.directionalSteepness())
        #expect(min(sharp.across, sharp.down) >= 0.3 && min(sharp.across, sharp.down) > 0.8 * max(sharp.across, sharp.down), "\(sharp)")
        let smeared = try #require(photo.unsharpMasked(halfWidth: 3, fraction: -1, across: true))
        let shaken = try #require(smeared.directionalSteepness())
        #expect(shaken.across < 0.2 && shaken.down >= 0.25 && shaken.across < 0.6 * shaken.down, "\(shaken)")
        let sharpened = try #require(smeared.unsharpMasked(halfWidth: 3, fraction: 1, across: true))
        let after = try #require(sharpened.directionalSteepness())
        #expect(after.across > 1.3 * shaken.across, "\(shaken) → \(after)")
        #expect(abs(after.down - shaken.down) < 0.05, "\(shaken) → \(after)")
    }

    /// The one-way mask is, level for level, its specification: each pixel moved away from the mean of
    /// the 2·h + 1 pixels beside it (or above and below it), the window cut at the image's edges, in
    /// float arithmetic, rounded half up and held to 0–255. Odd cut-outs, so that rows end inside a word.
    @Test(arguments: [(3, Float(1.0), true), (3, Float(1.0), false), (2, Float(-1.0), true), (4, Float(0.5), false)])
    func theOneWayMaskIsItsSpecification(halfWidth: Int, fraction: Float, across: Bool) throws {
        let photo = try greyFixture("photos/desk_letter.jpg")
        let cut = try #require(photo.cropped(to: PageBox(x: 333, y: 401, width: 257, height: 131)))
        let samples = try #require(cut.greySamples()).map(Int.init)
        let (width, height) = (cut.width, cut.height)
        let sharpened = try #require(cut.unsharpMasked(halfWidth: halfWidth, fraction: Double(fraction), across: across))
        let result = try #require(sharpened.greySamples())
        var expected = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let along = across ? x : y, length = across ? width : height
                let from = max(0, along - halfWidth), to = min(length, along + halfWidth + 1)
                let sum = (from..<to).reduce(0) { $0 + (across ? samples[y * width + $1] : samples[$1 * width + x]) }
                let level = Float(samples[y * width + x])
                let mean = Float(sum) / Float(to - from)
                let value = Int(level + fraction * (level - mean) + 0.5)
                expected[y * width + x] = UInt8(min(255, max(0, value)))
            }
        }
        #expect(result == expected)
        #expect(result != cut.greySamples(), "the cut-out has print to sharpen")
    }

    /// A blank page has no contrast to measure; a bilevel one is not measured.
    @Test func aBlankOrBilevelPageIsNotMeasured() throws {
        let blank = try #require(PixImage(taking: pixCreate(200, 100, 8)))
        #expect(blank.edgeSteepness() == nil)
        let bilevel = try #require(PixImage(taking: pixCreate(200, 100, 1)))
        #expect(bilevel.edgeSteepness() == nil)
    }
}
