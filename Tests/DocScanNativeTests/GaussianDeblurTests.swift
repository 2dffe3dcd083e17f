import CLeptonica
import DocScanCore
@testable import DocScanNative
import Testing

/// Print out of focus deblurred (`PixImage.deconvolved(blur:iterations:)`, `PixImage.gaussianBoxes`), on a
/// piece of a rendered letter blurred here by Leptonica's box filter.
struct GaussianDeblurTests {
    /// A 600 × 400 piece of Fixtures' letter (its body text at about 300 dpi), in focus.
    private func letter() throws -> PixImage {
        try #require(try greyFixture("pages/en_letter.png").cropped(to: PageBox(x: 300, y: 900, width: 600, height: 400)))
    }

    /// `image` blurred by square boxes `lengths` long (odd), one after another, by Leptonica
    /// (`pixBlockconv`): a Gaussian out of focus when they are `gaussianBoxes`.
    private func blurred(_ image: PixImage, by lengths: [Int]) throws -> PixImage {
        var result = image
        for length in lengths {
            result = try #require(PixImage(taking: result.withUnsafePix { pixBlockconv($0, Int32(length / 2), Int32(length / 2)) }))
        }
        return result
    }

    /// How far `image` is from `reference`, level for level: the mean absolute difference.
    private func distance(_ image: PixImage, _ reference: PixImage) throws -> Double {
        let one = try #require(image.greySamples()), other = try #require(reference.greySamples())
        return Double(zip(one, other).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(one.count)
    }

    /// Three odd boxes whose variances, (n² − 1) / 12 each, add up to the Gaussian's σ² within a sixth
    /// from σ 2 on, where print is deblurred (odd lengths step the sum by 1.3 at σ 2, 2 by σ 2.5).
    @Test(arguments: [2.0, 2.19, 2.5, 3.18, 4.94, 7.5])
    func threeBoxesBlurAsAGaussianDoes(sigma: Double) {
        let lengths = PixImage.gaussianBoxes(sigma: sigma)
        #expect(lengths.count == 3 && lengths.allSatisfy { $0 % 2 == 1 }, "\(lengths)")
        let variance = lengths.reduce(0.0) { $0 + Double($1 * $1 - 1) / 12 }
        #expect(abs(variance - sigma * sigma) <= sigma * sigma / 6 + 1e-9, "σ \(sigma): \(lengths), variance \(variance)")
    }

    /// Deblurred against the Gaussian it was blurred by (σ 2.5; three 5-px boxes), in the clean-up's 20
    /// rounds, the letter's steps come back steeper both ways (0.20 → 0.38 across, 0.18 → 0.28 down; 0.90
    /// and 1.0 in focus) and it comes closer to the letter in focus, level for level (mean difference
    /// 28.2 → 22.5); deblurred against half that blur it stays further off (26.7).
    @Test func printOutOfFocusIsDeblurredBothWays() throws {
        let sharp = try letter()
        let sigma = 2.5
        let soft = try blurred(sharp, by: PixImage.gaussianBoxes(sigma: sigma))
        let restored = try #require(soft.deconvolved(blur: sigma, iterations: 20))
        let halfway = try #require(soft.deconvolved(blur: sigma / 2, iterations: 20))
        let before = try #require(soft.directionalSteepness()), after = try #require(restored.directionalSteepness())
        #expect(after.across > 1.5 * before.across && after.down > 1.4 * before.down, "steps \(before) → \(after)")
        let off = try distance(soft, sharp), back = try distance(restored, sharp), short = try distance(halfway, sharp)
        #expect(back < 0.85 * off, "from the letter in focus: blurred \(off), deblurred \(back)")
        #expect(short > 1.1 * back, "deblurred against σ \(sigma / 2): \(short), against σ \(sigma): \(back)")
        #expect(soft.deconvolved(blur: 0.4, iterations: 20) == nil)
    }

    /// The kernel deconvolves 32 lines at a time against several boxes one after another; a piece whose
    /// lines do not fill the last 32 (45 rows, 70 columns) comes out as Richardson–Lucy one line at a
    /// time gives it, here in Swift: along the rows, each level one up, the lines' ends repeated, then
    /// rounded to bytes and along the columns.
    @Test func eachLineIsDeconvolvedAgainstTheBoxesAsOnItsOwn() throws {
        let piece = try #require(try letter().cropped(to: PageBox(x: 100, y: 120, width: 70, height: 45)))
        let sigma = 1.6, rounds = 8
        let lengths = PixImage.gaussianBoxes(sigma: sigma)
        let soft = try blurred(piece, by: lengths)
        let restored = try #require(soft.deconvolved(blur: sigma, iterations: rounds))
        let width = soft.width, height = soft.height
        func box(_ values: [Double], _ length: Int) -> [Double] {
            values.indices.map { x in
                (-length / 2...length / 2).reduce(0.0) { $0 + values[min(values.count - 1, max(0, x + $1))] } / Double(length)
            }
        }
        func blur(_ values: [Double]) -> [Double] { lengths.reduce(values, box) }
        func deconvolved(_ line: [Int]) -> [Int] {
            let observed = line.map { Double($0) + 1 }
            var estimate = observed
            for _ in 0..<rounds {
                let ratio = zip(observed, blur(estimate)).map { $0 / max($1, 0.5) }
                estimate = zip(estimate, blur(ratio)).map { $0 * $1 }
            }
            return estimate.map { Int(min(255, max(0, $0 - 1 + 0.5))) }
        }
        let input = try #require(soft.greySamples()).map(Int.init)
        let across = (0..<height).flatMap { y in deconvolved(Array(input[(y * width)..<((y + 1) * width)])) }
        var expected = across
        for x in 0..<width {
            let column = deconvolved((0..<height).map { across[$0 * width + x] })
            for y in 0..<height { expected[y * width + x] = column[y] }
        }
        let output = try #require(restored.greySamples()).map(Int.init)
        let worst = zip(expected, output).map { abs($0 - $1) }.max() ?? 255
        #expect(worst <= 2, "the furthest level from Richardson–Lucy line by line: \(worst)")
    }
}
