import CLeptonica
import DocScanCore
@testable import DocScanNative
import Testing

/// Camera shake's smear measured and taken out (`PixImage.smearLength`, `PixImage.deconvolved`), on a
/// piece of a rendered letter smeared here by a box of known length.
struct SmearTests {
    /// A 600 × 400 piece of Fixtures' letter (its body text at about 300 dpi), in focus.
    private func letter() throws -> PixImage {
        try #require(try greyFixture("pages/en_letter.png").cropped(to: PageBox(x: 300, y: 900, width: 600, height: 400)))
    }

    /// `image` averaged over a box `length` pixels long along its rows (`across`) or columns, centred
    /// (an even length one pixel further back), the image's edges repeated: a camera shaken that far.
    private func smeared(_ image: PixImage, length: Int, across: Bool) throws -> PixImage {
        let samples = try #require(image.greySamples())
        let width = image.width, height = image.height
        func level(_ x: Int, _ y: Int) -> Int { Int(samples[min(height - 1, max(0, y)) * width + min(width - 1, max(0, x))]) }
        let out = try #require(PixImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        out.withUnsafePix { pix in
            for y in 0..<height {
                for x in 0..<width {
                    let sum = (0..<length).reduce(0) { total, tap in
                        let offset = tap - length / 2
                        return total + (across ? level(x + offset, y) : level(x, y + offset))
                    }
                    _ = pixSetPixel(pix, Int32(x), Int32(y), UInt32((Double(sum) / Double(length)).rounded()))
                }
            }
        }
        return out
    }

    /// How far `image` is from `reference`, level for level: the mean absolute difference.
    private func distance(_ image: PixImage, _ reference: PixImage) throws -> Double {
        let one = try #require(image.greySamples()), other = try #require(reference.greySamples())
        return Double(zip(one, other).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(one.count)
    }

    /// The smear's length is found within a pixel, along rows and along columns, looked for from 3 to 30
    /// px; the letter in focus dips at no such length.
    @Test(arguments: [(5, true), (9, true), (7, false), (12, false)])
    func aSmearsLengthIsMeasured(length: Int, across: Bool) throws {
        let shaken = try smeared(try letter(), length: length, across: across)
        let smear = try #require(shaken.smearLength(across: across, within: 3...30))
        #expect(abs(smear.length - length) <= 1, "smeared \(length): measured \(smear.length)")
        #expect(smear.dip < -0.1, "dip \(smear.dip)")
        // The letter in focus has no such dip the way it was smeared.
        let sharp = try letter().smearLength(across: across, within: 3...30)
        #expect(sharp == nil || abs((sharp?.length ?? 0) - length) > 1, "in focus: \(String(describing: sharp))")
    }

    /// Deconvolved by its length, a smeared letter's steps the smeared way come back steep (0.15 → 0.64
    /// across, 0.15 → 0.70 down; 0.90 and 1.0 in focus), the other way's stay, and it comes closer to the
    /// letter in focus, level for level; deconvolved by less than half the length, it stays further off.
    @Test(arguments: [true, false])
    func deconvolutionTakesTheSmearOut(across: Bool) throws {
        let sharp = try letter()
        let shaken = try smeared(sharp, length: 7, across: across)
        let restored = try #require(shaken.deconvolved(smear: 7, across: across, iterations: 30))
        let halfway = try #require(shaken.deconvolved(smear: 3, across: across, iterations: 30))
        func steps(_ image: PixImage) throws -> (smeared: Double, other: Double) {
            let steps = try #require(image.directionalSteepness())
            return across ? (steps.across, steps.down) : (steps.down, steps.across)
        }
        let before = try steps(shaken), after = try steps(restored)
        #expect(after.smeared > 3.5 * before.smeared, "the smeared way's steps \(before.smeared) → \(after.smeared)")
        #expect(after.other >= 0.95 * before.other, "the other way's \(before.other) → \(after.other)")
        let off = try distance(shaken, sharp), back = try distance(restored, sharp), short = try distance(halfway, sharp)
        #expect(back < 0.75 * off, "from the letter in focus: smeared \(off), deconvolved \(back)")
        #expect(short > 1.2 * back, "deconvolved by 3 px \(short), by 7 px \(back)")
    }

    /// The kernel deconvolves 32 lines at a time; every line of a piece whose lines do not fill the last
    /// 32 (45 rows, 70 columns) comes out as Richardson–Lucy one line at a time gives it, here in Swift:
    /// a box 6 px long (its two end taps at half weight), the line's ends repeated, each level one up.
    @Test(arguments: [true, false])
    func eachLineIsDeconvolvedAsOnItsOwn(across: Bool) throws {
        let piece = try #require(try letter().cropped(to: PageBox(x: 100, y: 120, width: 70, height: 45)))
        let shaken = try smeared(piece, length: 6, across: across)
        let rounds = 12, length = 6
        let restored = try #require(shaken.deconvolved(smear: length, across: across, iterations: rounds))
        let input = try #require(shaken.greySamples()), output = try #require(restored.greySamples())
        let width = shaken.width, height = shaken.height
        func box(_ values: [Double]) -> [Double] {
            values.indices.map { x in
                (-length / 2...length / 2).reduce(0.0) { sum, offset in
                    let weight = abs(offset) == length / 2 && length % 2 == 0 ? 0.5 : 1
                    return sum + weight * values[min(values.count - 1, max(0, x + offset))]
                } / Double(length)
            }
        }
        var worst = 0
        for line in 0..<(across ? height : width) {
            let positions = 0..<(across ? width : height)
            let index = { (i: Int) in across ? line * width + i : i * width + line }
            let observed = positions.map { Double(input[index($0)]) + 1 }
            var estimate = observed
            for _ in 0..<rounds {
                let blurred = box(estimate)
                let ratio = zip(observed, blurred).map { $0 / max($1, 0.5) }
                estimate = zip(estimate, box(ratio)).map { min(512, $0 * $1) }
            }
            for i in positions {
                let expected = Int(min(255, max(0, estimate[i] - 1 + 0.5)))
                worst = max(worst, abs(expected - Int(output[index(i)])))
            }
        }
        #expect(worst <= 1, "the furthest level from Richardson–Lucy line by line: \(worst)")
    }

    /// Both autocorrelations the smear is measured by come from one read of each line: they are those of
    /// every fourth line's steps, and of the changes between its steps, each line's mean taken out, summed
    /// over the lines and over their value at 0, computed here in Swift on a smeared piece both ways.
    @Test(arguments: [true, false])
    func theStepsAndTheirChangesAreAutocorrelatedLineByLine(across: Bool) throws {
        let piece = try smeared(try #require(try letter().cropped(to: PageBox(x: 60, y: 100, width: 90, height: 70))), length: 5, across: across)
        let samples = try #require(piece.greySamples())
        let longest = 12
        let measured = try #require(piece.stepAutocorrelations(across: across, longest: longest))
        let length = across ? piece.width : piece.height, lines = across ? piece.height : piece.width
        func autocorrelation(of values: [Double]) -> [Double] {
            let mean = values.reduce(0, +) / Double(values.count)
            let centred = values.map { $0 - mean }
            return (0...longest).map { lag in (0..<(centred.count - lag)).reduce(0) { $0 + centred[$1] * centred[$1 + lag] } }
        }
        var steps = [Double](repeating: 0, count: longest + 1), changes = steps
        for line in stride(from: 0, to: lines, by: 4) {
            let levels = (0..<length).map { Double(samples[across ? line * piece.width + $0 : $0 * piece.width + line]) }
            let lineSteps = (1..<length).map { levels[$0] - levels[$0 - 1] }
            let lineChanges = (1..<lineSteps.count).map { lineSteps[$0] - lineSteps[$0 - 1] }
            steps = zip(steps, autocorrelation(of: lineSteps)).map(+)
            changes = zip(changes, autocorrelation(of: lineChanges)).map(+)
        }
        for (name, expected, got) in [("steps", steps, measured.steps), ("changes", changes, measured.changes)] {
            let worst = zip(expected.map { $0 / expected[0] }, got).map { abs($0 - $1) }.max() ?? 1
            #expect(worst < 1e-9, "\(name): furthest from Swift's \(worst)")
        }
        // The smear shows in both: their lowest lag within 3...12 is its length.
        #expect((3...longest).min(by: { measured.steps[$0] < measured.steps[$1] }) == 5)
        #expect((3...longest).min(by: { measured.changes[$0] < measured.changes[$1] }) == 5)
    }
}
