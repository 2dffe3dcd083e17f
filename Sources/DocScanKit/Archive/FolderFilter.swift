/// Which archived pages are at or under a folder: the file itself, or paths below it, as SQL's
/// `path = ? OR path LIKE ? ESCAPE '\'`.
struct FolderFilter {
    /// The folder without a trailing slash (except `/` itself).
    let exact: String
    /// A LIKE pattern for the paths below it, with LIKE's wildcards in the name escaped.
    let likePattern: String

    init(_ folder: String) {
        exact = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let prefix = exact == "/" ? "/" : exact + "/"
        likePattern = prefix.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }
}
