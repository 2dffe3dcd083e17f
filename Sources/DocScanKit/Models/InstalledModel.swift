import Foundation

/// One `.traineddata` file docscan found.
public struct InstalledModel: Equatable, Sendable {
    /// Tesseract language code, the file's base name.
    public let language: String
    public let variant: ModelVariant
    /// Absolute path to the `.traineddata` file.
    public let path: String
    /// Size in bytes.
    public let size: Int64

    /// The folder Tesseract is pointed at to load this model.
    public var directory: String { (path as NSString).deletingLastPathComponent }
}
