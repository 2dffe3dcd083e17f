/// What the load stage hands on: the decoded image and what was learned reading it.
public struct LoadedPage {
    public let image: PixImage
    /// The decoder used, judged from the content.
    public let format: ImageFormat
    public let originalWidth: Int
    public let originalHeight: Int
}
