import Foundation

/// Temporary folders named after the process that made them (`PREFIX` + process id, then `-…` or
/// nothing), removed once that process has ended: a process killed with SIGKILL, such as a worker
/// stopped for a page that crashed or hung, cannot clean up after itself.
public enum AbandonedFolders {
    /// Removes the folders in `parent` whose names start with `prefix` and a process id that no
    /// process has any more.
    public static func remove(prefix: String, in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ Int32($0) }),
                  kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// This process's own folder in `parent` (`prefix` + process id), made if missing, after the
    /// folders of ended processes are removed: scratch space that a killed process leaves behind only
    /// until the next one starts.
    /// - Throws: the error creating the folder.
    public static func folderOfThisProcess(prefix: String, in parent: URL) throws -> URL {
        remove(prefix: prefix, in: parent)
        let folder = parent.appendingPathComponent("\(prefix)\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
