import DocScanCore
import Foundation

extension DebugImages {
    /// Debug images into `folder`, made now (with its parents) so that a folder that cannot be made
    /// stops the run before any page.
    /// - Throws: `DocScanError.outputNotWritable`.
    public init(creating folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DocScanError.outputNotWritable(path: folder.path, reason: error.localizedDescription)
        }
        self.init(folder: folder)
    }
}
