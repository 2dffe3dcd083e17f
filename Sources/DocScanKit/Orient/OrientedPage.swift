import DocScanNative

/// An upright page and how it got that way.
public struct OrientedPage {
    public let image: PixImage
    public let orientation: OrientationReport
    /// `image` reduced by `factor` for the orient stage's look at it, when the page was left as it is
    /// and the stage reduced it: the clean-up stage finds a photo's print on this copy instead of
    /// reducing the photo again when it works at the same size (`PhotoLetters`).
    var reduced: (image: PixImage, factor: Double)?
    /// The page as the orient stage judged it, when its ascenders and punctuation did not decide and the
    /// stage left it to be judged again once cleaned up (`PageOrienter.settle`).
    var pending: PageOrienter.Look?
    /// The factor the loader scaled the page by to the mode's working size (`LoadedPage.scale`), handed
    /// on by the orient stage: blur is judged against the print's size, not the pixels'
    /// (`BlurredPrint.blurScale`).
    var loadScale = 1.0
}
