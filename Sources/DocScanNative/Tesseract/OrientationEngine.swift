internal import CTesseract
import DocScanCore
import Foundation

/// A `TessBaseAPI` initialised with the `osd` model only, for orientation and script detection.
///
/// A dedicated engine: calling `DetectOrientationScript` on an engine initialised for recognition
/// (`eng`, page segmentation 3) corrupted the heap here (DESIGN.md).
public final class OrientationEngine {
    private let api: TesseractAPI

    /// - Parameter model: the path of the `osd.traineddata` file.
    /// - Throws: `DocScanError.engineInitFailed` with Tesseract's reason when the model cannot be loaded.
    public init(model: String) throws {
        api = try TesseractAPI(languages: "osd", models: [model])
        let folder = (model as NSString).deletingLastPathComponent
        let (started, messages) = TesseractLog.capturing(on: api) {
            api.withHandle { TessBaseAPIInit3($0, folder, "osd") } == 0
        }
        guard started else {
            throw DocScanError.engineInitFailed(languages: "osd", models: [model], reason: messages)
        }
        api.withHandle { TessBaseAPISetPageSegMode($0, PSM_OSD_ONLY) }
    }

    /// What OSD found on a page.
    public struct Detection: Equatable, Sendable {
        /// How far the page is turned clockwise (0, 90, 180, 270), as Tesseract's "Orientation in degrees".
        public var pageAngle: Int
        /// Tesseract's orientation confidence: how far the best orientation leads the next one.
        public var confidence: Double
        /// The script found, `Latin`, `Han`, …
        public var script: String
        public var scriptConfidence: Double
        /// How many characters OSD classified at most: five times `min_characters_to_try`.
        public var characters: Int

        /// Clockwise degrees to turn the image so its text is upright.
        public var correction: Int { (360 - pageAngle) % 360 }
    }

    /// Tesseract's `min_characters_to_try`: OSD classifies five times as many characters (250), sampled
    /// across the page, and does not stop early (`osdetect.cpp`, 5.3.0), so its cost follows this number.
    public static let defaultCharacters = 50

    /// Detects orientation and script; nil when the page has too little text for OSD to judge.
    /// - Parameter characters: `min_characters_to_try`; OSD classifies up to five times as many.
    public func detect(_ image: PixImage, resolution: Int, characters: Int = defaultCharacters) -> Detection? {
        defer { TesseractLog.discard() }
        _ = api.setVariable("min_characters_to_try", String(characters))
        return api.withHandle { api in
            defer { TessBaseAPIClear(api) }
            // OSD looks at Tesseract's 1-bit image of the page only; handed that image, Tesseract keeps no
            // grey copies of the page beside it (`binarizedAsTesseractWould`).
            let binary = image.binarizedAsTesseractWould() ?? image
            binary.withUnsafePix { TessBaseAPISetImage2(api, $0) }
            TessBaseAPISetSourceResolution(api, Int32(resolution))
            var degrees: Int32 = 0
            var confidence: Float = 0
            var scriptName: UnsafePointer<CChar>?
            var scriptConfidence: Float = 0
            guard TessBaseAPIDetectOrientationScript(api, &degrees, &confidence, &scriptName, &scriptConfidence) != 0 else {
                return nil
            }
            // The script name points into the model; it is copied, never freed (DESIGN.md).
            let script = scriptName.map { String(cString: $0) } ?? ""
            return Detection(
                pageAngle: Int(degrees), confidence: Double(confidence), script: script, scriptConfidence: Double(scriptConfidence),
                characters: 5 * characters)
        }
    }
}

@available(*, unavailable)
extension OrientationEngine: Sendable {}
