import DocScanCore
@testable import DocScanKit
import Foundation
import Testing

/// A worker reading Latin pages loads OSD's engine only when a page needs it.
struct PageOrienterOSDTests {
    @Test func osdIsLoadedAtTheFirstPageTheAscendersCannotSettle() throws {
        let configuration = try ScanConfiguration(mode: .accurate, languages: LanguageList(parsing: "eng"), jobs: 1)
        #expect(configuration.orientation.ascenderCheck)
        let orienter = try PageOrienter(
            options: configuration.orientation, osdModel: configuration.osdModel,
            checker: ScriptedRecognizer(script: []))
        #expect(!orienter.holdsOSD)

        func orient(_ url: URL) throws -> OrientationReport {
            let page = try #require(try PageSource(root: url).list().pages.first)
            var context = PageContext(page: page, mode: .accurate, languages: configuration.languages)
            let loaded = try PageLoader().run(page, context: &context)
            return try orienter.run(loaded, context: &context).orientation
        }
        let upright = try orient(TestSupport.fixture("en_letter.png"))
        #expect(upright.osdAngle == nil)
        #expect(!orienter.holdsOSD)

        let turned = try orient(TestSupport.special("orientation/en_letter_rot90.png"))
        #expect(turned.osdAngle == 90)
        #expect(turned.rotation == 270)
        #expect(orienter.holdsOSD)
    }

    /// Chinese has no ascender check: OSD is loaded with the worker and asked on every page.
    @Test func aChineseRunHoldsOSDFromTheStart() throws {
        let configuration = try ScanConfiguration(mode: .fast, languages: LanguageList(parsing: "chi_sim,eng"), jobs: 1)
        let orienter = try PageOrienter(
            options: configuration.orientation, osdModel: configuration.osdModel,
            checker: ScriptedRecognizer(script: []))
        #expect(orienter.holdsOSD)
    }
}
