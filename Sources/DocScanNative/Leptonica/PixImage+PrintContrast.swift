internal import CImageKernels
internal import CLeptonica

extension PixImage {
    /// The black top-hat of an 8-bit image over a `size` × `size` square: how much darker each pixel is
    /// than the image closed over that square, which is the print's own contrast for strokes narrower
    /// than the square and 0 over flat areas wider than it (paper, a shaded cell). What Leptonica's
    /// `pixTophat` gives but at the image's edges (the square cut there), in a fifth of its time
    /// (`docscan_black_tophat`). Nil for another depth.
    package func blackTophat(size: Int) -> PixImage? {
        guard depth == 8, size >= 3 else { return nil }
        var scratch = [UInt8](repeating: 0, count: docscan_black_tophat_scratch(Int32(width), Int32(height)))
        return kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            docscan_black_tophat(source, sourceWidth, sourceHeight, sourceWords, Int32(size | 1), target, targetWords, &scratch)
        }
    }

    /// The print's contrast in each `tile` × `tile` square of this top-hat image (`blackTophat`), tile
    /// rows top to bottom: the level a quarter of the square's strokes reach, strokes being the pixels
    /// over `least` and over `overMedian` times the square's median (the paper's grain); nil for a
    /// square where under `share` of the pixels are strokes. `docscan_tile_print_contrast`.
    package func tilePrintContrast(tile: Int, least: Int, overMedian: Double, share: Double) -> (columns: Int, rows: Int, contrast: [Float?])? {
        guard depth == 8, tile >= 4 else { return nil }
        let columns = (width + tile - 1) / tile, rows = (height + tile - 1) / tile
        var contrast = [Float](repeating: -1, count: columns * rows)
        let measured = withUnsafePix { pix -> Bool in
            guard pixGetColormap(pix) == nil, let data = pixGetData(pix) else { return false }
            docscan_tile_print_contrast(
                data, Int32(width), Int32(height), pixGetWpl(pix), Int32(tile), Int32(least), Float(overMedian), Float(share),
                &contrast)
            return true
        }
        return measured ? (columns, rows, contrast.map { $0 < 0 ? nil : $0 }) : nil
    }

    /// This 8-bit image with its print darkened by `tophat` (its black top-hat) times the gain less 1, the
    /// gain interpolated between the centres of the `columns` × `rows` tiles of side `tile` of `gains`
    /// (row by row): where the gain is 1 the image is left as it is. `docscan_deepen_print`. Nil when the
    /// sizes do not match.
    package func deepened(by tophat: PixImage, gains: [Float], columns: Int, rows: Int, tile: Int) -> PixImage? {
        guard depth == 8, tophat.depth == 8, tophat.width == width, tophat.height == height,
              gains.count == columns * rows, columns >= 1, rows >= 1, tile >= 1
        else { return nil }
        var line = [UInt8](repeating: 0, count: (width + 3) / 4 * 4)
        return kernelImage(width: width, height: height, depth: 8) { source, sourceWidth, sourceHeight, sourceWords, target, targetWords in
            tophat.withUnsafePix { hat in
                guard let hatData = pixGetData(hat) else { return }
                docscan_deepen_print(
                    source, hatData, sourceWidth, sourceHeight, sourceWords, pixGetWpl(hat), gains, Int32(columns), Int32(rows),
                    Int32(tile), target, targetWords, &line)
            }
        }
    }
}

extension PixImage {
    /// The level under which `share` of the pixels of each `tile` × `tile` square of this 8-bit image
    /// lie, tile rows top to bottom (`docscan_tile_levels`); nil for another depth.
    package func tileLevels(tile: Int, share: Double) -> [Float]? {
        guard depth == 8, tile >= 1 else { return nil }
        let columns = (width + tile - 1) / tile, rows = (height + tile - 1) / tile
        var levels = [Float](repeating: 0, count: columns * rows)
        let measured = withUnsafePix { pix -> Bool in
            guard pixGetColormap(pix) == nil, let data = pixGetData(pix) else { return false }
            docscan_tile_levels(data, Int32(width), Int32(height), pixGetWpl(pix), Int32(tile), Float(share), &levels)
            return true
        }
        return measured ? levels : nil
    }
}
