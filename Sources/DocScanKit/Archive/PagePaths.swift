import Foundation

/// The absolute path an archive keeps for each page's file: the folder scanned plus the file's path
/// relative to it, or the folder itself when a single image was scanned.
struct PagePaths {
    let folder: String
    /// Whether `folder` is a folder. One that is not on this machine (a merge of another machine's
    /// archive) is taken for one.
    let isFolder: Bool

    init(folder: String) {
        self.folder = folder
        var directory: ObjCBool = false
        isFolder = !FileManager.default.fileExists(atPath: folder, isDirectory: &directory) || directory.boolValue
    }

    func path(of source: String) -> String {
        isFolder ? URL(fileURLWithPath: folder).appendingPathComponent(source).path : folder
    }
}
