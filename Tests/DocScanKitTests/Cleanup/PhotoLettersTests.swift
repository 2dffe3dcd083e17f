import DocScanCore
@testable import DocScanKit
import DocScanNative
import Testing

/// A photo's print is found on the copy the orient stage reduced it to, when the page was left as it is
/// and the copy has the size the clean-up stage works at, instead of reducing the photo once more.
struct PhotoLettersTests {
    /// The English letter on planks (2,100 × 2,800 px) is left as it is by the orient stage, which hands
    /// on its copy at 1,600 px, a Latin page's working size; the letters found on that copy are the very
    /// letters found on the photo reduced afresh.
    @Test func theOrientStagesCopyGivesTheSameLetters() throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        let recognizer = try configuration.recognizers.make(configuration.models, nil)
        let orienter = try PageOrienter(options: configuration.orientation, osdModel: configuration.osdModel, checker: recognizer)
        let page = try #require(try PageSource(root: TestSupport.special("photos/planks_letter_en.jpg")).list().pages.first)
        var context = PageContext(page: page, mode: configuration.mode, languages: configuration.languages)
        let oriented = try orienter.run(try PageLoader().run(page, context: &context), context: &context)
        #expect(!oriented.orientation.applied)

        let reduced = try #require(oriented.reduced)
        let longSide = max(oriented.image.width, oriented.image.height)
        #expect(longSide == 2800)
        #expect(reduced.factor == TextBeyondSheet.workingSize / Double(longSide))
        #expect(max(reduced.image.width, reduced.image.height) == 1600)

        let shared = try #require(PhotoLetters(of: oriented.image, reduced: reduced))
        let fresh = try #require(PhotoLetters(of: oriented.image))
        let same = Self.described(shared) == Self.described(fresh)
        #expect(same, "\(shared.letters.count) letters from the orient stage's copy, \(fresh.letters.count) from the photo")
        // A page of print: at least half as many pieces as the letter has characters (1,017 besides spaces).
        #expect(fresh.letters.count >= 500, "\(fresh.letters.count)")
        // And the copy handed on is the one searched: the same copy inverted, light print on dark paper,
        // holds other pieces.
        let inverted = try #require(reduced.image.inverted())
        let fromInverted = PhotoLetters(of: oriented.image, reduced: (inverted, reduced.factor))
        let searched = fromInverted.map(Self.described) != Self.described(fresh)
        #expect(searched, "the letters found are not those of the copy handed on")
    }

    /// A copy at another scale (a Chinese page's orient stage works at 2,400 px) is not taken: the photo
    /// is reduced to the clean-up stage's own size.
    @Test func aCopyAtAnotherScaleIsNotTaken() throws {
        let page = try #require(try PageSource(root: TestSupport.special("photos/planks_letter_en.jpg")).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        let photo = try PageLoader().run(page, context: &context).image
        let factor = 2400 / Double(max(photo.width, photo.height))
        let larger = try #require(photo.scaled(by: factor))
        let letters = try #require(PhotoLetters(of: photo, reduced: (larger, factor)))
        #expect(max(letters.reducedWidth, letters.reducedHeight) == 1600)
        let fresh = try #require(PhotoLetters(of: photo))
        let same = Self.described(letters) == Self.described(fresh)
        #expect(same, "\(letters.letters.count) letters beside the copy at 2,400 px, \(fresh.letters.count) without it")
    }

    /// A close-up framed on a few lines of print is wider than tall, and its letters are over a
    /// twentieth of its height: they are letters all the same. Capped at a twentieth of the reduced
    /// copy's height, a close-up of nine lines of large print (2,559 × 1,268 px) kept none of its last
    /// line's letters, and the sheet's foot, found along the top of that line, cut it off (CER 0.13).
    /// A band of four lines of the English letter on planks has the letters the whole photo has there.
    @Test func aWideCloseUpKeepsItsLetters() throws {
        let page = try #require(try PageSource(root: TestSupport.special("photos/planks_letter_en.jpg")).list().pages.first)
        var context = PageContext(page: page, mode: .accurate, languages: try LanguageList(parsing: "eng"))
        let photo = try PageLoader().run(page, context: &context).image
        let top = 1100, height = 300
        let band = try #require(photo.cropped(to: PageBox(x: 0, y: top, width: photo.width, height: height)))
        let fromBand = try #require(PhotoLetters(of: band))
        let fromPhoto = try #require(PhotoLetters(of: photo))
        // Letters whose centres lie in the band's middle, away from the letters its top and foot cut.
        func middle(_ letters: PhotoLetters, top: Double) -> Int {
            letters.letters.filter {
                let y = $0.centre.y / letters.factor - top
                return y >= 40 && y <= Double(height) - 40
            }.count
        }
        let inPhoto = middle(fromPhoto, top: Double(top)), inBand = middle(fromBand, top: 0)
        #expect(inPhoto >= 60, "\(inPhoto) letters in the photo's band")
        #expect(Double(inBand) >= 0.8 * Double(inPhoto), "\(inBand) letters in the band, \(inPhoto) in the photo there")
    }

    /// The reduced copy's size and each letter's place and size, to compare two findings.
    private static func described(_ letters: PhotoLetters) -> [[Double]] {
        [[letters.factor, Double(letters.reducedWidth), Double(letters.reducedHeight)]]
            + letters.letters.map { [$0.centre.x, $0.centre.y, Double($0.height), $0.halfExtent] }
    }
}
