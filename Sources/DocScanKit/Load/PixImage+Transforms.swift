import DocScanCore
import CLeptonica

/// New images derived from this one; each returns a fresh owner and leaves `self` untouched.
extension PixImage {
    /// Turned clockwise by `quarterTurns` × 90°.
    func rotated(quarterTurns: Int) -> PixImage? {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        return PixImage(taking: withUnsafePix { pixRotateOrth($0, Int32(turns)) })
    }

    /// The part inside `box`, clipped to the image.
    func cropped(to box: PageBox) -> PixImage? {
        guard let region = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height)) else { return nil }
        defer { var owned: UnsafeMutablePointer<BOX>? = region; boxDestroy(&owned) }
        return PixImage(taking: withUnsafePix { pixClipRectangle($0, region, nil) })
    }

    /// Mirrored left to right.
    func mirrored() -> PixImage? {
        PixImage(taking: withUnsafePix { pixFlipLR(nil, $0) })
    }

    /// Scaled by `factor`: area averaging for strong reductions (under 0.7) so text stays legible,
    /// Leptonica's interpolating scale with sharpening otherwise.
    func scaled(by factor: Double) -> PixImage? {
        PixImage(taking: withUnsafePix { pix in
            factor < 0.7 && pixGetDepth(pix) > 1
                ? pixScaleAreaMap(pix, Float(factor), Float(factor))
                : pixScale(pix, Float(factor), Float(factor))
        })
    }

    /// What Tesseract reads well: alpha flattened onto white (a transparent background is often stored as
    /// black), colormaps expanded, colour reduced to 8-bit luminance, 16-bit samples reduced to 8. Returns
    /// `self` when nothing is needed.
    ///
    /// Luminance: on the eval set fast mode's mean CER went from 0.2157 to 0.2112 and accurate's stayed
    /// at 0.1436, with a quarter of the memory per page.
    func normalizedForRecognition() -> PixImage? {
        var image: PixImage? = self
        if let current = image, current.withUnsafePix({ pixGetSpp($0) }) == 4 {
            image = PixImage(taking: current.withUnsafePix { pixAlphaBlendUniform($0, 0xFFFF_FF00) })
        }
        if let current = image, current.withUnsafePix({ pixGetColormap($0) }) != nil {
            image = PixImage(taking: current.withUnsafePix { pixRemoveColormap($0, Int32(REMOVE_CMAP_BASED_ON_SRC)) })
        }
        if let current = image, current.depth == 32 {
            image = PixImage(taking: current.withUnsafePix { pixConvertRGBToLuminance($0) })
        }
        if let current = image, current.depth == 16 {
            image = PixImage(taking: current.withUnsafePix { pixConvert16To8($0, Int32(L_MS_BYTE)) })
        }
        return image
    }
}
