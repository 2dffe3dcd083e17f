import DocScanCore
import DocScanNative
import Foundation

/// The load stage: decodes one page into an image, refusing oversized ones before decoding.
///
/// Leptonica reads the header first (`pixReadHeader`), so a decompression bomb costs a few bytes of
/// reading, not gigabytes of memory.
public struct PageLoader: PageStage, Sendable {
    /// Pages with more pixels than this are refused before decoding.
    public var maxPixels: Int
    /// Pages whose longer side exceeds this many pixels are scaled down to it for recognition.
    public var workingSize: Int
    /// Take what the decoders print to standard error (libjpeg's "Premature end of JPEG file") into the
    /// page's warnings, or its error when it cannot be decoded, instead of letting it reach the terminal
    /// without the file's name (`StandardErrorCapture`, process-wide: worker processes only).
    public var capturesDecoderMessages = false

    public init(maxPixels: Int = ScanDefaults.maxPixels, workingSize: Int = PageLoader.workingSize(for: .accurate)) {
        self.maxPixels = maxPixels
        self.workingSize = workingSize
        Self.silenceLeptonica
    }

    /// The longer side, in pixels, that large photos are scaled to.
    ///
    /// Measured on pages rendered at 3× (600–900 dpi) and scaled: English kept its CER (0.0008) from 7,017
    /// down to 2,000 px while CPU fell from 1.61 s to 0.63 s; Chinese read worse when huge (CER 0.14 at
    /// 7,437 px, 0.046 at 5,000) and best at 2,500–3,500 px (0.023–0.031). So accurate mode works at
    /// 3,500 px (an A4 page at 300 dpi) and fast mode at 2,500. Pages up to 10% over are not scaled: an A4
    /// scan of 3,508 px scaled by 0.998 went from CER 0.032 to 0.067.
    public static func workingSize(for mode: ScanMode) -> Int {
        switch mode {
        case .fast: 2500
        case .accurate: 3500
        }
    }

    /// The least factor by which a page scaled to the working size keeps its loaded image until its
    /// orientation is settled (`LoadedPage.unscaled`): a page reduced further (a 100-megapixel scan,
    /// 100 MB grey against 12 MB at the working size) is let go at once, and turned after scaling.
    static let smallestFactorKeptForTurning = 0.5

    /// Leptonica prints its errors to stderr; docscan reports them itself, once, with the file name.
    private static let silenceLeptonica: Void = LeptonicaMessages.silence()

    /// For a TIFF, the header of this very page: pixReadHeader reads a TIFF's first, and a later page can
    /// claim any size (the fuzzer found a 3-page TIFF of 2.8 KB whose third page is 336 megapixels).
    /// A HEIF file's is libheif's, read from its boxes without decoding, from `heif`: the file opened once
    /// for its size and its decoding.
    private static func header(
        of page: PageReference, format: ImageFormat, heif: HeifFile?
    ) -> (width: Int, height: Int, samplesPerPixel: Int)? {
        switch format {
        case .tiff: ImageFileHeader(tiffPath: page.url.path, pageIndex: page.page - 1).map { ($0.width, $0.height, $0.samplesPerPixel) }
        case .heif: heif.map { ($0.width, $0.height, 3) }
        default: ImageFileHeader(path: page.url.path).map { ($0.width, $0.height, $0.samplesPerPixel) }
        }
    }

    /// Decodes `page`.
    /// - Throws: `PageError` with kind `unreadable`, `notAnImage`, `tooLarge` or `decodeFailed`.
    public func run(_ page: PageReference, context: inout PageContext) throws -> LoadedPage {
        guard FileManager.default.isReadableFile(atPath: page.url.path) else {
            throw PageError(.unreadable, "cannot open the file for reading: \(FileHasher.openFailure(page.url))")
        }
        guard page.fileSize > 0 else {
            throw PageError(.notAnImage, "the file is empty (0 bytes)")
        }
        guard let format = page.format else {
            // Named as an image, but a PDF inside: say so, and what to do.
            if let foreign = ForeignFormat(contentsOf: page.url) {
                throw PageError(.notAnImage, "the content is \(foreign.advice)")
            }
            throw PageError(.notAnImage, "the content is not an image in any supported format")
        }
        if format == .heif, let problem = HeifFile.libraryProblem {
            throw PageError(.decodeFailed, "HEIC and AVIF are read with libheif (Debian package libheif1), which cannot be loaded: \(problem)")
        }
        let heif = format == .heif ? HeifFile(path: page.url.path) : nil
        guard let header = Self.header(of: page, format: format, heif: heif) else {
            throw PageError(.decodeFailed, "the \(format.rawValue.uppercased()) header cannot be read (damaged or truncated file)")
        }
        let width = header.width, height = header.height
        let pixels = width * height
        guard pixels <= maxPixels else {
            throw PageError(.tooLarge, "\(width)×\(height) is \(pixels / 1_000_000) megapixels, over the limit of \(maxPixels / 1_000_000)")
        }
        let capture = capturesDecoderMessages ? try? StandardErrorCapture() : nil
        let decoded: PixImage?
        var jpegReduced = 1
        if format == .tiff {
            decoded = PixImage(readingTiff: page.url.path, pageIndex: page.page - 1)
        } else if format == .heif {
            // Turned as the file says by libheif, which applies the HEIF rotation; its EXIF is not read.
            decoded = heif?.decodedGrey()
        } else if format == .jpeg, header.samplesPerPixel != 4,
                  let reduction = Self.jpegReduction(longSide: max(width, height), workingSize: workingSize) {
            // A big photo is decoded at 1/2, 1/4 or 1/8 size in the DCT and as luminance only: a
            // 100-megapixel JPEG then takes 25 MB instead of 400 MB as RGB. (CMYK JPEGs have no
            // luminance channel to read, so they take the full path.)
            decoded = PixImage(readingJpegLuminance: page.url.path, reduction: Int(reduction))
            jpegReduced = Int(reduction)
        } else {
            decoded = PixImage(reading: page.url.path)
        }
        let said = capture?.finish() ?? ""
        guard let stored = decoded, stored.width > 0, stored.height > 0,
              let normalized = stored.normalizedForRecognition()
        else {
            let decoder = said.isEmpty ? "" : "; the decoder said: \(said)"
            throw PageError(.decodeFailed, "the \(format.rawValue.uppercased()) data cannot be decoded (damaged or truncated file)\(decoder)")
        }
        if !said.isEmpty { context.warnings.append("the \(format.rawValue.uppercased()) decoder reported: \(said)") }
        var image = normalized
        var exifValue: Int?
        var exifTurn: ExifOrientation?
        // TIFF's own orientation tag is applied by Leptonica's reader; only JPEG needs EXIF applied here.
        if format == .jpeg, let reading = ExifOrientation.read(from: page.url) {
            switch reading {
            case .invalid(let value):
                exifValue = value
                context.warnings.append("EXIF orientation \(value) is not a valid value (1–8); ignored")
            case .valid(let orientation):
                exifValue = orientation.rawValue
                if orientation != .up {
                    guard let upright = Self.apply(orientation, to: image) else {
                        throw PageError(.decodeFailed, "the image cannot be turned to its EXIF orientation \(orientation.rawValue)")
                    }
                    image = upright
                    exifTurn = orientation
                }
            }
        }
        // Relative to the stored image, so a JPEG read at reduced size reports its whole reduction.
        var scale = Double(max(image.width, image.height)) / Double(max(width, height))
        var cropped: PageBox?
        var printProbe: (image: PixImage, box: PageBox)?
        // A page stored larger than the working size whose print fills a small part of plain paper.
        if Double(max(width, height)) > Double(workingSize) * 1.1, let found = PrintExtent.found(in: image) {
            let print = found.box
            printProbe = (found.probe, found.probeBox)
            // A JPEG that decoded cleanly is read again less reduced if its print would fall under the
            // working size.
            let again = said.isEmpty ? decodedAgain(page, reduced: jpegReduced, turn: exifTurn, printSide: max(print.width, print.height)) : nil
            let gain = again.map { Double(max($0.width, $0.height)) / Double(max(image.width, image.height)) } ?? 1
            let box = PageBox(
                x: Int(Double(print.x) * gain), y: Int(Double(print.y) * gain),
                width: Int((Double(print.width) * gain).rounded(.up)), height: Int((Double(print.height) * gain).rounded(.up)))
            guard let part = (again ?? image).cropped(to: box) else {
                throw PageError(.decodeFailed, "the page's print could not be cut out")
            }
            image = part
            scale *= gain
            cropped = PageBox(
                x: Int((Double(box.x) / scale).rounded()), y: Int((Double(box.y) / scale).rounded()),
                width: Int((Double(part.width) / scale).rounded()), height: Int((Double(part.height) / scale).rounded()))
        }
        let longSide = max(image.width, image.height)
        // A page only slightly over (an A4 scan at 300 dpi is 3,508 px) is left alone: resampling by a few
        // percent blurs every glyph and gains nothing.
        var unscaled: (image: PixImage, factor: Double)?
        if Double(longSide) > Double(workingSize) * 1.1 {
            let factor = Double(workingSize) / Double(longSide)
            scale *= factor
            guard let smaller = image.scaled(by: factor) else {
                throw PageError(.decodeFailed, "the page could not be scaled to the working size")
            }
            if factor >= Self.smallestFactorKeptForTurning { unscaled = (image, factor) }
            image = smaller
        }
        return LoadedPage(
            image: image, format: format, originalWidth: width, originalHeight: height, scale: scale,
            cropped: cropped, printProbe: printProbe, exifOrientation: exifValue, exifApplied: exifTurn != nil,
            unscaled: unscaled)
    }

    /// The JPEG of `page`, read `reduced` in the DCT, read again at the least reduction that leaves its
    /// print (`printSide` pixels long at `reduced`) at the working size or over, and turned by `turn`;
    /// nil when that is the reduction it was read at, or it cannot be read.
    private func decodedAgain(_ page: PageReference, reduced: Int, turn: ExifOrientation?, printSide: Int) -> PixImage? {
        let less = Self.jpegReduction(longSide: printSide * reduced, workingSize: workingSize).map(Int.init) ?? 1
        guard less < reduced, let again = PixImage(readingJpegLuminance: page.url.path, reduction: less)?.normalizedForRecognition()
        else { return nil }
        return turn.map { Self.apply($0, to: again) } ?? again
    }

    /// The largest JPEG reduction (2, 4 or 8) that still leaves the longer side at or above the working
    /// size, so the last step is the usual area-mapped scaling; nil when no reduction fits.
    public static func jpegReduction(longSide: Int, workingSize: Int) -> Int32? {
        [8, 4, 2].first { longSide / $0 >= workingSize }.map(Int32.init)
    }

    /// Un-mirrors, then turns clockwise: the order the EXIF definitions compose in.
    static func apply(_ orientation: ExifOrientation, to image: PixImage) -> PixImage? {
        let unmirrored = orientation.isMirrored ? image.mirrored() : image
        return unmirrored?.rotated(quarterTurns: orientation.quarterTurns)
    }
}
