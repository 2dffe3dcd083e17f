import DocScanNative

/// Measures a grey page's ink and paper levels, so that background normalization can tell faded print
/// from paper.
enum ToneCorrection {
    /// The ink and paper levels of a grey page: the darkest and the lightest percentile that matter.
    struct Levels: Equatable {
        /// The level 1% of the pixels are darker than: the page's darkest print.
        var ink: Int
        /// The level 10% of the pixels are lighter than: the paper.
        var paper: Int

        var contrast: Int { paper - ink }
    }

    /// Pages whose print and paper are closer than this are faded. Faded print sits 80–100 levels
    /// below its paper; ordinary scans and photos span 150 or more.
    static let lowContrast = 140
    /// A page this flat has no print (a blank page).
    static let blank = 24
    /// The most the background map's tiles may differ for the page to count as evenly lit: faded scans
    /// spread 27–35 levels, photos and shadowed pages 70–150.
    static let evenLighting = 50

    static func levels(of image: PixImage) -> Levels? {
        guard image.depth == 8 else { return nil }
        guard let levels = image.greyHistogram(sampling: 2)?.levels(reaching: [0.01, 0.90]) else { return nil }
        return Levels(ink: levels[0], paper: levels[1])
    }

    /// Leptonica's own foreground threshold: pixels darker than this are print and left out of the
    /// background estimate.
    static let defaultBackgroundThreshold = 60

    /// The foreground threshold for background normalization: Leptonica's 60 for ordinary pages,
    /// halfway between ink and paper for faded ones, whose print is all lighter than 60 and would be
    /// taken for background and flattened away. On the eval set's faded pages this halved the CER of a
    /// Chinese page (0.085 → 0.038) and cost an English one 0.004.
    ///
    /// Only an evenly lit page can be judged faded from its global levels: in a photo or under a shadow
    /// the dark paper pulls the levels together too (a photo: ink 89, paper 184), and a midpoint
    /// threshold would count that paper as print (photo CER 0.063 → 0.115). Evenness is measured with
    /// the print, the pixels darker than the midpoint, left out (`evenFadedPaper`).
    static func backgroundThreshold(for levels: Levels, of image: PixImage) -> Int {
        let midpoint = levels.ink + levels.contrast / 2
        guard levels.contrast < lowContrast, levels.contrast > blank,
              let spread = backgroundSpread(image, printBelow: midpoint), spread.range <= evenFadedPaper
        else { return defaultBackgroundThreshold }
        return midpoint
    }

    /// The most a faded page's paper may spread, its print (darker than the midpoint) left out, for the
    /// page to count as evenly lit. Faded pages spread 0–12 levels so (eval/public's, and the Fixtures
    /// and eval scans made faint four ways), faded pages under a shadow 44–49 (their shaded paper falls
    /// under the midpoint and is left out too, which hides part of the shadow), shadowed pages 77 and
    /// more. Measured with the print darker than 100 left out instead, faded print darkened the tiles
    /// it filled: a faded 1-bit scan (ink 150, paper 210) spread 60 levels, was taken for unevenly lit
    /// and lost its print to the fixed level (CER 0.45; the tesseract CLI 0.07).
    static let evenFadedPaper = 25

    /// The page divided by a smooth map of its paper, which is brought to 200 (Leptonica's
    /// `pixBackgroundNormSimple` settings, with the foreground threshold given), printed bands kept.
    ///
    /// Leptonica's map counts a shaded band's pixels as paper when they are lighter than its threshold
    /// (a photographed table's header, grey 70–120) and brightens the band to the paper's level, in
    /// blotches, tile by tile: the white print in it is lost (eval/real's table photo saved again at JPEG
    /// quality 40: its header read `Eereaaoa tan`, CER 0.080 in fast mode). Areas of the map darker than
    /// `bandDepth` of the paper around them, at least `bandAspect` times as wide as tall, at most
    /// `bandShare` of the page's shorter side tall and clear of its edges are printed bands, and are
    /// filled from that paper. Taking every narrow dark area of the map for print instead made a book
    /// photo's gutter and a curled sheet's shaded end stay dark (CER 0.04 → 0.18, 0.17 → 0.23), and with
    /// no depth condition the text of an old print, denser than its paper, read worse (0.054 → 0.112).
    static func normalizedBackground(_ image: PixImage, threshold: Int) -> PixImage? {
        image.backgroundNormalized(
            foregroundThreshold: threshold, bandHeight: Int(bandShare * Double(min(image.width, image.height))),
            bandAspect: bandAspect, bandDepth: bandDepth)
    }

    /// The tallest printed band, as a share of the page's shorter side: a header of two or three lines.
    static let bandShare = 0.10
    /// A printed band is at least this many times as wide as tall.
    static let bandAspect = 4
    /// A printed band's map is darker than this share of the paper around it (the text of a dense page
    /// lowers its tiles by 10–25%).
    static let bandDepth: Float = 0.7

    /// The darkest background tile and the spread between darkest and lightest, from Leptonica's
    /// background map (tiles of 60 px; print, the pixels darker than `printBelow`, left out).
    static func backgroundSpread(_ image: PixImage, printBelow: Int = 100) -> (darkest: Int, range: Int)? {
        guard let map = image.backgroundGreyMap(tileWidth: 60, tileHeight: 60, foregroundThreshold: printBelow, minimumCount: 60),
              let range = map.valueRange(sampling: 1)
        else { return nil }
        return (range.min, range.max - range.min)
    }
}
