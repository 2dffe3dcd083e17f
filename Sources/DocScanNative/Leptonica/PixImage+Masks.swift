internal import CImageKernels
internal import CLeptonica
import DocScanCore
import Foundation

/// 1-bit masks: making them, combining them and reading their set pixels.
extension PixImage {
    /// A 1-bit mask opened by a `width` × `height` brick: only the set pixels the whole brick fits in,
    /// in some place, stay. Leptonica's composite bricks: a long brick costs about as much as a short
    /// one (a 60-px run on an A4 page at 200 dpi: 9 ms as one brick, under 2 as a composite).
    package func opened(width: Int, height: Int) -> PixImage? {
        PixImage(taking: withUnsafePix { pixOpenCompBrick(nil, $0, Int32(width), Int32(height)) })
    }

    /// A 1-bit mask closed by a `width` × `height` brick (composite, as `opened`): gaps narrower than
    /// the brick are filled.
    package func closed(width: Int, height: Int) -> PixImage? {
        PixImage(taking: withUnsafePix { pixCloseSafeCompBrick(nil, $0, Int32(width), Int32(height)) })
    }

    /// An 8-bit image giving each set pixel of a 1-bit mask the length of the run of set pixels it lies
    /// in, down its column (`down`) or along its row, at most 255; clear pixels 0.
    package func runLengths(down: Bool) -> PixImage? {
        PixImage(taking: withUnsafePix { pixRunlengthTransform($0, 1, down ? Int32(L_VERTICAL_RUNS) : Int32(L_HORIZONTAL_RUNS), 8) })
    }

    /// A 1-bit mask grown by a `width` × `height` brick.
    package func dilated(width: Int, height: Int) -> PixImage? {
        PixImage(taking: withUnsafePix { pixDilateBrick(nil, $0, Int32(width), Int32(height)) })
    }

    /// A copy of a 1-bit mask with each row set from its first set pixel to its last; nil when
    /// Leptonica cannot copy it.
    package func rowSpansFilled() -> PixImage? {
        guard let runs = setPixelRuns(), let copy = copied() else { return nil }
        for (y, row) in runs.enumerated() {
            guard let first = row.first?.lowerBound, let last = row.last?.upperBound,
                  let span = ClipRectangle(PageBox(x: first, y: y, width: last - first, height: 1))
            else { continue }
            _ = span.withUnsafeBox { box in copy.withUnsafePix { pixSetInRect($0, box) } }
        }
        return copy
    }

    /// A 1-bit mask shrunk by a `width` × `height` brick.
    package func eroded(width: Int, height: Int) -> PixImage? {
        PixImage(taking: withUnsafePix { pixErodeBrick(nil, $0, Int32(width), Int32(height)) })
    }

    /// A 1-bit mask reduced to half its size, a pixel set where any of its four was (Leptonica's rank
    /// reduction at rank 1): thin lines stay whole.
    package func halvedKeepingEveryMark() -> PixImage? {
        halved(rank: 1)
    }

    /// A 1-bit mask reduced to half its size, a pixel set where at least `rank` (1–4) of its four were.
    package func halved(rank: Int) -> PixImage? {
        PixImage(taking: withUnsafePix { pixReduceRankBinary2($0, Int32(rank), nil) })
    }

    /// A 1-bit mask enlarged `factor` times, each pixel repeated.
    package func enlarged(by factor: Int) -> PixImage? {
        PixImage(taking: withUnsafePix { pixExpandBinaryReplicate($0, Int32(factor), Int32(factor)) })
    }

    /// A copy of an 8-bit image with the pixels under `mask` (1-bit, of the same size) set to `value`;
    /// nil when Leptonica cannot copy or paint it.
    package func painting(_ mask: PixImage, with value: UInt8) -> PixImage? {
        guard depth == 8, mask.depth == 1,
              let copy = copied()
        else { return nil }
        let status = copy.withUnsafePix { target in mask.withUnsafePix { pixSetMasked(target, $0, UInt32(value)) } }
        return status == 0 ? copy : nil
    }

    /// A copy of this 8-bit image with every pixel under the set pixels of `mask` (of the same size)
    /// replaced by `levels[pixel]`; nil unless `levels` holds 256 levels.
    package func mapping(_ levels: [UInt8], under mask: PixImage) -> PixImage? {
        guard depth == 8, mask.depth == 1, levels.count == 256,
              let table = Histogram(counts: levels.map(Int.init)),
              let copy = copied()
        else { return nil }
        let status = copy.withUnsafePix { target in mask.withUnsafePix { m in table.withUnsafeNuma { pixTRCMap(target, m, $0) } } }
        return status == 0 ? copy : nil
    }

    /// A new image of `width`×`height` and this one's depth, blank but for this image with its
    /// top-left corner at `x`, `y`; nil when Leptonica cannot make it.
    package func placed(width: Int, height: Int, x: Int, y: Int) -> PixImage? {
        guard let canvas = PixImage(taking: pixCreate(Int32(width), Int32(height), Int32(depth))) else { return nil }
        let status = canvas.withUnsafePix { target in
            withUnsafePix { pixRasterop(target, Int32(x), Int32(y), pixGetWidth($0), pixGetHeight($0), PIX_SRC, $0, 0, 0) }
        }
        return status == 0 ? canvas : nil
    }

    /// A 1-bit mask of the pixels darker than `threshold` in an 8-bit image: Leptonica's
    /// `pixThresholdToBinary`, bit for bit, by `docscan_threshold_to_binary` for a grey image without a
    /// colour map. Every page is thresholded several times (print, the background map's foreground, the
    /// rule eraser's and the page finder's ladders), and Leptonica's loop was a tenth of a flat page's
    /// clean-up.
    package func thresholdedToBinary(_ threshold: Int) -> PixImage? {
        if depth == 8, (0...256).contains(threshold),
           let mask = kernelImage(width: width, height: height, depth: 1, from: 8, filledBy: { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
               docscan_threshold_to_binary(source, sourceWidth, sourceHeight, sourceWords, Int32(threshold), target, targetWords)
           }) {
            _ = withUnsafePix { pix in mask.withUnsafePix { pixCopyInputFormat($0, pix) } }
            return mask
        }
        return PixImage(taking: withUnsafePix { pixThresholdToBinary($0, Int32(threshold)) })
    }

    /// The mask with set and unset pixels swapped.
    package func inverted() -> PixImage? {
        PixImage(taking: withUnsafePix { pixInvert(nil, $0) })
    }

    /// The holes of a 1-bit region: unset pixels that `connectivity` (4 or 8) does not join to the
    /// border. Leptonica returns the holes alone, not the region with them filled.
    package func holesByFilling(connectivity: Int) -> PixImage? {
        PixImage(taking: withUnsafePix { pixHolesByFilling($0, Int32(connectivity)) })
    }

    /// The pixels set in either mask.
    package func union(with other: PixImage) -> PixImage? {
        PixImage(taking: withUnsafePix { pix in other.withUnsafePix { pixOr(nil, pix, $0) } })
    }

    /// The pixels set in both masks (of the same size).
    package func intersection(with other: PixImage) -> PixImage? {
        PixImage(taking: withUnsafePix { pix in other.withUnsafePix { pixAnd(nil, pix, $0) } })
    }

    /// How far a 1-bit mask's set pixels would reach past its sides turned by `degrees` (clockwise)
    /// about its centre on a canvas of its size: past its left or right side (the farther), and past
    /// its top or foot, in pixels, 0 where they stay inside; and the share of its set pixels that would
    /// fall outside. Nil for an empty mask or another depth.
    package func turnedOverflow(degrees: Double) -> (x: Double, y: Double, lost: Double)? {
        guard depth == 1 else { return nil }
        let radians = degrees * .pi / 180
        var extent = [Double](repeating: 0, count: 4), counts = [Int](repeating: 0, count: 2)
        let found = withUnsafePix { pix -> Bool in
            guard let data = pixGetData(pix) else { return false }
            return extent.withUnsafeMutableBufferPointer { extent in
                counts.withUnsafeMutableBufferPointer { counts in
                    docscan_turned_extent(
                        data, Int32(width), Int32(height), pixGetWpl(pix), cos(radians), sin(radians), extent.baseAddress,
                        counts.baseAddress) == 1
                }
            }
        }
        guard found, counts[0] > 0 else { return nil }
        return (max(0, -extent[0], extent[1] - Double(width)), max(0, -extent[2], extent[3] - Double(height)),
                Double(counts[1]) / Double(counts[0]))
    }

    /// A copy of a 1-bit mask without the marks that touch its edge (8-connected): what lies beyond a
    /// sheet, a book's dark edges, a scanner's border. Nil when Leptonica cannot fill them.
    package func withoutEdgeMarks() -> PixImage? {
        PixImage(taking: withUnsafePix { pixRemoveBorderConnComps($0, 8) })
    }

    /// The 8-connected marks of a 1-bit mask at least `width` wide or at least `height` tall, the others
    /// cleared (Leptonica's `pixSelectBySize`); a bound of 0 selects by the other alone.
    package func keepingMarks(width: Int, height: Int) -> PixImage? {
        let relation = Int32(L_SELECT_IF_GTE)
        let type = Int32(width > 0 && height > 0 ? L_SELECT_IF_EITHER : width > 0 ? L_SELECT_WIDTH : L_SELECT_HEIGHT)
        return PixImage(taking: withUnsafePix { pixSelectBySize($0, Int32(width), Int32(height), 8, type, relation, nil) })
    }

    /// The pixels set in this mask and not in `other` (of the same size).
    package func subtracting(_ other: PixImage) -> PixImage? {
        PixImage(taking: withUnsafePix { pix in other.withUnsafePix { pixSubtract(nil, pix, $0) } })
    }

    /// A 1-bit copy of an 8-bit page with the pixels darker than its Otsu split set (print, against
    /// paper); nil when Leptonica finds no split. Measured once per image and shared: callers must not
    /// change the mask (every use reads it or makes a new image from it).
    package func darkPixels() -> PixImage? {
        if let known = darkPixelsMemo { return known }
        let mask = printSplit().flatMap { convertedTo1(threshold: $0) }
        darkPixelsMemo = .some(mask)
        return mask
    }

    /// A copy of a 1-bit mask with every pixel inside `boxes` unset (boxes are clipped to the image);
    /// nil when Leptonica cannot copy it.
    package func clearing(_ boxes: [PageBox]) -> PixImage? {
        guard let copy = copied() else { return nil }
        for box in boxes {
            guard let region = ClipRectangle(box) else { continue }
            _ = region.withUnsafeBox { region in copy.withUnsafePix { pixClearInRect($0, region) } }
        }
        return copy
    }

    /// A copy of an 8-bit grey or 32-bit colour page with every pixel inside `boxes` white (boxes are
    /// clipped to the image); nil for another depth, a colour map, or when Leptonica cannot copy it.
    package func whitening(_ boxes: [PageBox]) -> PixImage? {
        guard depth == 8 || depth == 32 else { return nil }
        return settingEach(of: boxes) { pixSetInRect($0, $1) }
    }

    /// A copy of an 8-bit grey page with every pixel inside `boxes` at `level` (boxes are clipped to the
    /// image); nil for another depth, a colour map, or when Leptonica cannot copy it.
    package func filling(_ boxes: [PageBox], level: UInt8) -> PixImage? {
        guard depth == 8 else { return nil }
        return settingEach(of: boxes) { pixSetInRectArbitrary($0, $1, UInt32(level)) }
    }

    /// A copy of this page (without a colour map) with `set` done to each of `boxes`, clipped to the
    /// image; nil for a colour-mapped page, or when Leptonica cannot copy it.
    private func settingEach(
        of boxes: [PageBox], _ set: (UnsafeMutablePointer<PIX>, UnsafeMutablePointer<BOX>) -> Int32
    ) -> PixImage? {
        guard withUnsafePix({ pixGetColormap($0) }) == nil, let copy = copied() else { return nil }
        for box in boxes {
            guard let region = ClipRectangle(box) else { continue }
            _ = region.withUnsafeBox { region in copy.withUnsafePix { set($0, region) } }
        }
        return copy
    }

    /// How many pixels of a 1-bit mask stand alone far from print: set, none of their 8 neighbours set
    /// (outside the mask counting as clear), and no pixel of a larger mark within `reach` pixels either
    /// way; nil for another depth.
    ///
    /// What Leptonica counts by matching the isolated pixels (`pixHMT`), dilating the rest by a
    /// (2·`reach` + 1)-pixel brick and subtracting, found here by looking around each isolated pixel
    /// (`docscan_stray_pixels`): the whole-page operations were a twelfth of a flat page's clean-up.
    package func strayPixelCount(reach: Int) -> Int? {
        guard depth == 1, reach >= 0 else { return nil }
        return withUnsafePix { pix -> Int? in
            guard let data = pixGetData(pix) else { return nil }
            let wordsPerLine = Int(pixGetWpl(pix))
            var isolated = [UInt32](repeating: 0, count: wordsPerLine * height)
            return Int(docscan_stray_pixels(data, Int32(width), Int32(height), Int32(wordsPerLine), Int32(reach), &isolated))
        }
    }

    /// How many pixels of a 1-bit image are set; nil when Leptonica cannot count them.
    package var setPixelCount: Int? {
        var count: Int32 = 0
        guard withUnsafePix({ pixCountPixels($0, &count, nil) }) == 0 else { return nil }
        return Int(count)
    }

    /// The runs of set pixels in each row of a 1-bit image, top to bottom, each row's left to right;
    /// nil when the image has no pixel data.
    ///
    /// Read a word at a time, from one change between set and clear to the next: the page finders
    /// trace a sheet's region (mostly long runs) at each threshold they try, and pixel by pixel this
    /// was a tenth of their time.
    package func setPixelRuns() -> [[Range<Int>]]? {
        precondition(depth == 1, "setPixelRuns reads 1-bit images only, not \(depth)-bit")
        return withUnsafePix { pix -> [[Range<Int>]]? in
            guard let data = pixGetData(pix) else { return nil }
            let wordsPerLine = Int(pixGetWpl(pix))
            let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
            let words = (width + 31) / 32
            let lastMask = Self.lastWordMask(width: width)
            return (0..<height).map { y in
                let line = data + y * wordsPerLine
                var runs: [Range<Int>] = []
                var start: Int?
                for index in 0..<words {
                    let word = index == words - 1 ? line[index] & lastMask : line[index]
                    // A word that neither starts nor ends a run.
                    if start == nil ? word == 0 : word == ~0 { continue }
                    var bit = 0
                    while bit < 32 {
                        // The next set bit when outside a run, the next clear one inside.
                        let rest = (start == nil ? word : ~word) << UInt32(bit)
                        if rest == 0 { break }
                        bit += rest.leadingZeroBitCount
                        if let first = start {
                            runs.append(first..<(32 * index + bit))
                            start = nil
                        } else {
                            start = 32 * index + bit
                        }
                    }
                }
                if let first = start { runs.append(first..<width) }
                return runs
            }
        }
    }

    /// How many pixels of a 1-bit image are set in each column, left to right, counting every `rowStep`th
    /// row of `rows` (all rows when nil, clipped to the image); nil when the image has no pixel data.
    ///
    /// Counted word by word in Swift, skipping empty words: a text page is mostly paper, and Leptonica's
    /// `pixCountPixelsByColumn` reads every pixel one at a time.
    package func setPixelsPerColumn(rows: Range<Int>? = nil, rowStep: Int = 1) -> [Int]? {
        precondition(depth == 1, "setPixelsPerColumn reads 1-bit images only, not \(depth)-bit")
        var counts = [Int](repeating: 0, count: width)
        guard forEachSetPixel(rows: rows, rowStep: rowStep, { x, _ in counts[x] += 1 }) else { return nil }
        return counts
    }

    /// For each column of a 1-bit image, the mean row of its set pixels, rounded down (nil for an empty
    /// column); nil when the image has no pixel data.
    func meanSetRowPerColumn() -> [Int?]? {
        precondition(depth == 1, "meanSetRowPerColumn reads 1-bit images only, not \(depth)-bit")
        var sums = [Int64](repeating: 0, count: width), counts = [Int32](repeating: 0, count: width)
        let summed = withUnsafePix { pix -> Bool in
            guard let data = pixGetData(pix) else { return false }
            sums.withUnsafeMutableBufferPointer { sums in
                counts.withUnsafeMutableBufferPointer { counts in
                    docscan_set_rows_per_column(data, pixGetWidth(pix), pixGetHeight(pix), pixGetWpl(pix), sums.baseAddress,
                                                counts.baseAddress)
                }
            }
            return true
        }
        guard summed else { return nil }
        return (0..<width).map { counts[$0] > 0 ? Int(sums[$0] / Int64(counts[$0])) : nil }
    }

    /// The bits of a 1-bit row's last word that lie within `width`: Leptonica leaves the others
    /// undefined, so they are masked off to read as clear.
    private static func lastWordMask(width: Int) -> UInt32 {
        width % 32 == 0 ? ~0 : ~(~0 >> UInt32(width % 32))
    }

    /// Calls `body` with the column and row of each set pixel of a 1-bit image, row by row, in every
    /// `rowStep`th row of `rows` (all rows when nil, clipped to the image), reading word by word and
    /// skipping empty words; false when the image has no pixel data.
    private func forEachSetPixel(rows: Range<Int>? = nil, rowStep: Int = 1, _ body: (_ x: Int, _ y: Int) -> Void) -> Bool {
        precondition(rowStep >= 1, "rowStep must be at least 1")
        return withUnsafePix { pix -> Bool in
            guard let data = pixGetData(pix) else { return false }
            let wordsPerLine = Int(pixGetWpl(pix))
            let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
            guard width > 0 else { return true }
            let lastWord = (width - 1) >> 5
            let lastMask = Self.lastWordMask(width: width)
            let rows = (rows ?? 0..<height).clamped(to: 0..<height)
            for y in stride(from: rows.lowerBound, to: rows.upperBound, by: rowStep) {
                let line = data + y * wordsPerLine
                for index in 0...lastWord {
                    var word = line[index]
                    if index == lastWord { word &= lastMask }
                    while word != 0 {
                        let bit = word.leadingZeroBitCount
                        body(index << 5 + bit, y)
                        word &= ~(UInt32(0x8000_0000) >> UInt32(bit))
                    }
                }
            }
            return true
        }
    }

    /// How many pixels of a 1-bit image are set in each row, top to bottom; nil when the image has no
    /// pixel data.
    package func setPixelsPerRow() -> [Int]? {
        precondition(depth == 1, "setPixelsPerRow reads 1-bit images only, not \(depth)-bit")
        return withUnsafePix { pix -> [Int]? in
            guard let data = pixGetData(pix) else { return nil }
            let wordsPerLine = Int(pixGetWpl(pix))
            let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
            guard width > 0 else { return [Int](repeating: 0, count: height) }
            let lastWord = (width - 1) >> 5
            let lastMask = Self.lastWordMask(width: width)
            return (0..<height).map { y in
                let line = data + y * wordsPerLine
                var count = 0
                for index in 0..<lastWord { count += line[index].nonzeroBitCount }
                return count + (line[lastWord] & lastMask).nonzeroBitCount
            }
        }
    }
}
