internal import CLineImages
internal import CTesseract
import DocScanCore
import Foundation

/// One `TessBaseAPI` initialised once with a set of models, and reused for every page a worker reads
/// (engine start-up costs 0.08–0.15 s and 75–120 MB).
public final class TesseractEngine {
    private let api: TesseractAPI
    /// The languages as Tesseract was initialised with them, `chi_sim+eng`.
    public let languages: String

    /// Starts Tesseract's LSTM engine with the models of `languages`, all in one folder.
    /// - Parameters:
    ///   - dataPath: the folder holding `<language>.traineddata` for every language.
    ///   - languages: Tesseract's form, primary first: `chi_sim+eng`.
    ///   - modelFiles: the model files themselves (the data path may hold links to them), for messages.
    ///   - variables: Tesseract parameters set after initialisation (the inverted pass is set with
    ///     `readsInvertedText`).
    ///   - initVariables: parameters Tesseract reads only while loading models, such as `user_words_file`.
    /// - Throws: `DocScanError.engineInitFailed`, naming the model files and with Tesseract's reason,
    ///   when a model cannot be loaded (a damaged or truncated `.traineddata`).
    public init(
        dataPath: String, languages: String, modelFiles: [String],
        variables: [String: String] = [:], initVariables: [String: String] = [:]
    ) throws {
        self.languages = languages
        api = try TesseractAPI(languages: languages, models: modelFiles)
        let (started, messages) = TesseractLog.capturing(on: api) { [api] in
            Self.initialize(api, dataPath: dataPath, languages: languages, variables: initVariables) == 0
        }
        guard started else {
            throw DocScanError.engineInitFailed(languages: languages, models: modelFiles, reason: messages)
        }
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            api.setVariable(name, value)
        }
        api.setVariable("tessedit_do_invert", "0")
        api.withHandle { TessBaseAPISetPageSegMode($0, PSM_AUTO) }
        var spaced: Int32 = 0
        _ = api.withHandle { TessBaseAPIGetBoolVariable($0, "preserve_interword_spaces", &spaced) }
        keepsLayoutSpaces = spaced != 0
    }

    /// Whether the models keep the spaces the layout found between words (`preserve_interword_spaces`,
    /// set by the Chinese and Japanese models' configs when they load): lines' texts then come from Tesseract.
    private let keepsLayoutSpaces: Bool

    /// Whether lines read with low confidence are read again inverted, for light text on a dark ground
    /// (Tesseract's `tessedit_do_invert`). Off until asked: the second pass costs time on every page
    /// (16% in fast mode, with the same text on ordinary pages). It stays as set for every later page.
    public var readsInvertedText = false {
        didSet {
            guard readsInvertedText != oldValue else { return }
            api.setVariable("tessedit_do_invert", readsInvertedText ? "1" : "0")
        }
    }

    /// How many line images Tesseract has written in this process stored rather than compressed
    /// (`CLineImages.h`); stays 0 where the program's executable does not take Leptonica's PNG writes.
    package static var storedLineImages: Int { docscan_stored_line_images() }

    /// Reads one page.
    /// - Parameters:
    ///   - resolution: dots per inch to assume, or 0 to let Tesseract estimate it from the text size.
    ///   - deadline: when to give up; Tesseract checks it between words.
    /// - Throws: `PageError` with kind `recognitionFailed`, or `timedOut` past the deadline.
    public func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText {
        try recognize(image, resolution: resolution, deadline: deadline, singleBlock: false)
    }

    /// Reads one page, as one uniform block of text when `singleBlock` (Tesseract's page segmentation
    /// mode 6: no column finding, every line across the whole page) instead of with its layout analysis.
    public func recognize(_ image: PixImage, resolution: Int, deadline: PageDeadline, singleBlock: Bool) throws -> RecognizedText {
        try recognize(image, resolution: resolution, deadline: deadline, mode: singleBlock ? PSM_SINGLE_BLOCK : PSM_AUTO)
    }

    /// Reads `image` as one line of text (Tesseract's page segmentation mode 7), such as a line cut out
    /// of a page to read it again in other languages.
    public func recognizeLine(_ image: PixImage, resolution: Int, deadline: PageDeadline) throws -> RecognizedText {
        try recognize(image, resolution: resolution, deadline: deadline, mode: PSM_SINGLE_LINE)
    }

    private func recognize(
        _ image: PixImage, resolution: Int, deadline: PageDeadline, mode: TessPageSegMode
    ) throws -> RecognizedText {
        try api.withHandle { api in
            if mode != PSM_AUTO { TessBaseAPISetPageSegMode(api, mode) }
            defer {
                clear(api)
                if mode != PSM_AUTO { TessBaseAPISetPageSegMode(api, PSM_AUTO) }
            }
            try read(image, resolution: resolution, deadline: deadline, with: api)
            let page = TesseractResultIterator(api: api)?.collectPage(spacedByLayout: keepsLayoutSpaces) ?? TesseractResultIterator.Page()
            var text = RecognizedText(
                text: page.text,
                meanConfidence: Double(max(0, TessBaseAPIMeanTextConf(api))),
                words: page.words,
                lines: page.lines,
                resolution: resolution)
            text.turnedText = page.turnedText
            return text
        }
    }

    /// Tesseract's mean word confidence (0–100) for `image`, without collecting the text; 0 when nothing
    /// was recognized. Used to check a proposed turn of the page.
    ///
    /// The lower of two readings, with and without Tesseract's vertical-text handling. With it, lines
    /// running down the page are taken for vertically written CJK and turned to be read, so Chinese text
    /// turned 90° clockwise read as confidently as upright (the central squares of the eval set's and
    /// Fixtures' Chinese pages: within a point or two, in reversed line order); without it, text turned
    /// 90° anticlockwise did (64–83 against 9–25 with it). Each reading is fooled by one sideways
    /// direction, never the same one, so the lower is low for both and the check can tell the turns apart.
    ///
    /// The reading without it is made only when the one with it turned a block: otherwise the two find
    /// the same layout and read the same. Over the squares of 96 photos turned every way, Fixtures'
    /// photos and eval/public (445 checks, both modes), the 259 readings that turned no block read to
    /// the point what the second reading did (but one that read nothing, 0 against 26: its lower is the
    /// same); upright and upside-down squares seldom turn a block, so most checks of a 180° turn read
    /// each square once.
    /// - Throws: `PageError` with kind `recognitionFailed`.
    public func meanConfidence(_ image: PixImage, resolution: Int) throws -> Double {
        let handled = try meanConfidence(image, resolution: resolution, handlingVerticalText: true)
        guard handled.turnedBlock else { return handled.confidence }
        return min(handled.confidence, try meanConfidence(image, resolution: resolution, handlingVerticalText: false).confidence)
    }

    /// Tesseract's mean word confidence for `image` read with its vertical-text handling on or off, and
    /// whether a reading with it turned a block (`TesseractResultIterator.hasTurnedBlock`; false without
    /// it, unasked). The engine's own setting is put back after.
    func meanConfidence(_ image: PixImage, resolution: Int, handlingVerticalText: Bool) throws -> (confidence: Double, turnedBlock: Bool) {
        var vertical: Int32 = 1
        let known = api.withHandle { TessBaseAPIGetBoolVariable($0, Self.verticalText, &vertical) } != 0
        defer { if known { _ = api.setVariable(Self.verticalText, vertical != 0 ? "1" : "0") } }
        _ = api.setVariable(Self.verticalText, handlingVerticalText ? "1" : "0")
        return try api.withHandle { api in
            defer { clear(api) }
            try read(image, resolution: resolution, deadline: PageDeadline(limit: nil), with: api)
            let turned = handlingVerticalText && (TesseractResultIterator(api: api)?.hasTurnedBlock ?? false)
            return (Double(max(0, TessBaseAPIMeanTextConf(api))), turned)
        }
    }

    /// Tesseract's switch for finding vertically written text.
    private static let verticalText = "textord_tabfind_vertical_text"

    /// Reads one page and adds it to `pdf`: the image, with Tesseract's invisible text laid over it.
    ///
    /// The renderer takes the engine's own copy of `image` (it would reread a file only if an input name
    /// were set, and none is) and sizes the page by the engine's resolution, read after recognition; so
    /// `pageResolution` sets the paper size without changing what is read, and the text layer is scaled
    /// with the image.
    /// - Parameters:
    ///   - resolution: dots per inch to read at, or 0 to let Tesseract estimate it, as in `recognize`.
    ///   - pageResolution: dots per inch that give the PDF page its size; positive.
    /// - Throws: `PageError` with kind `recognitionFailed`; `DocScanError.outputNotWritable` when the page
    ///   cannot be added, after which `pdf` must be dropped.
    package func recognize(_ image: PixImage, resolution: Int, addingPageTo pdf: PDFRenderer, pageResolution: Int) throws {
        precondition(pageResolution > 0, "a PDF page needs a positive resolution")
        try api.withHandle { api in
            defer { clear(api) }
            try read(image, resolution: resolution, deadline: PageDeadline(limit: nil), with: api)
            // With 0, Tesseract has set 70 dpi by now (its floor), which would make a page several times too big.
            TessBaseAPISetSourceResolution(api, Int32(pageResolution))
            // With an input name, Leptonica would embed that file's bytes (the page before turning and
            // cleaning) instead of the image read here.
            TessBaseAPISetInputName(api, nil)
            try pdf.addPage { TessResultRendererAddImage($0, api) != 0 }
        }
    }

    /// Forgets the page, and the messages Tesseract wrote about it.
    private func clear(_ api: OpaquePointer) {
        TessBaseAPIClear(api)
        TesseractLog.discard()
    }

    /// Sets the page and recognizes it; the caller clears the engine.
    /// - Throws: `PageError` with kind `recognitionFailed`, or `timedOut` when the deadline passed
    ///   (Tesseract then stops early and its partial text is not kept).
    private func read(_ image: PixImage, resolution: Int, deadline: PageDeadline, with api: OpaquePointer) throws {
        image.withUnsafePix { TessBaseAPISetImage2(api, $0) }
        // Tesseract read a plain grey image into a copy of its own, which it keeps until it is cleared:
        // the caller's image takes that copy's pixels and lets its own go, so the page is held once
        // through the reading (10.6 MB less for a 300-dpi A4 page in accurate mode).
        if let copy = TessBaseAPIGetInputImage(api) { image.share(copy) }
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        // The PNG each line goes through inside Tesseract is stored, not compressed (`CLineImages.h`).
        docscan_store_line_images(1)
        defer { docscan_store_line_images(0) }
        let status: Int32
        if let remaining = deadline.remainingMilliseconds {
            guard remaining > 0 else { throw deadline.timedOut(during: "reading") }
            guard let monitor = TesseractMonitor(deadlineMilliseconds: remaining) else {
                throw PageError(.recognitionFailed, "Tesseract could not create a progress monitor")
            }
            status = monitor.withUnsafeMonitor { TessBaseAPIRecognize(api, $0) }
        } else {
            status = TessBaseAPIRecognize(api, nil)
        }
        if deadline.isPast { throw deadline.timedOut(during: "recognition") }
        guard status == 0 else {
            throw PageError(.recognitionFailed, "Tesseract could not recognize the page")
        }
    }

    /// `TessBaseAPIInit4` with the variables as C string arrays that live for the call only.
    private static func initialize(_ api: TesseractAPI, dataPath: String, languages: String, variables: [String: String]) -> Int32 {
        let sorted = variables.sorted { $0.key < $1.key }
        var names = sorted.map { strdup($0.key) }
        var values = sorted.map { strdup($0.value) }
        defer {
            names.forEach { free($0) }
            values.forEach { free($0) }
        }
        return names.withUnsafeMutableBufferPointer { names in
            values.withUnsafeMutableBufferPointer { values in
                api.withHandle {
                    TessBaseAPIInit4($0, dataPath, languages, OEM_LSTM_ONLY, nil, 0, names.baseAddress, values.baseAddress, sorted.count, 0)
                }
            }
        }
    }
}

/// Copies and frees a string Tesseract allocated.
func takeText(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    defer { TessDeleteText(pointer) }
    return String(cString: pointer)
}

/// A TessBaseAPI keeps per-page state and is not thread-safe: one engine per worker.
@available(*, unavailable)
extension TesseractEngine: Sendable {}
