import DocScanCore
import Foundation

/// Where archives are: the default one, the form roots are stored in, and opening one by its location.
public enum ArchiveLocation {
    /// `$DOCSCAN_ARCHIVE`, else `$XDG_DATA_HOME/docscan/archive.sqlite`, else
    /// `~/.local/share/docscan/archive.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["DOCSCAN_ARCHIVE"], !explicit.isEmpty { return explicit }
        return DataFolder.path(environment: environment).appendingPathComponent("archive.sqlite").path
    }

    /// The archive at `location`, a file path, brought up to date.
    /// - Parameter create: make it (and its folder) when it does not exist.
    /// - Throws: `DocScanError.archiveNotFound` when it does not exist and `create` is false,
    ///   `DocScanError.outputNotWritable`, `DocScanError.archiveUnusable`.
    public static func open(_ location: String, create: Bool) throws -> any PageArchive {
        try SQLiteArchive(path: location, create: create)
    }

    /// The scan root as archives store it: the absolute, standardized path of what was scanned.
    public static func root(of input: URL) -> String {
        input.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
