import Foundation

/// Where compiled word lists (`TableFile`) are kept between runs, and how a compiled list is found
/// again: by a key made of its sources' paths, sizes and modification times and the compiler's
/// format, so a changed list or a changed compiler is compiled anew.
///
/// The folder is `$DOCSCAN_CACHE`, else `$XDG_CACHE_HOME/docscan`, else `~/.cache/docscan`
/// (`DOCSCAN_CACHE=off`: none). Without a folder that can be written, lists are built in memory by
/// every process, as before. Deleting the folder is always safe.
public enum TableCache {
    /// The cache folder for `environment`, or nil when caching is off.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let explicit = environment["DOCSCAN_CACHE"], !explicit.isEmpty {
            return explicit == "off" ? nil : URL(fileURLWithPath: explicit)
        }
        if let cacheHome = environment["XDG_CACHE_HOME"], !cacheHome.isEmpty {
            return URL(fileURLWithPath: cacheHome).appendingPathComponent("docscan")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        guard !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/docscan")
    }

    /// The key of a table compiled from `sources` by compiler `format`; nil when a source cannot be
    /// looked at.
    static func key(sources: [URL], format: String) -> UInt64? {
        var description = format
        for source in sources {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: source.path),
                  let size = attributes[.size] as? NSNumber,
                  let modified = attributes[.modificationDate] as? Date
            else { return nil }
            description += "\n\(source.path)\t\(size)\t\(modified.timeIntervalSince1970)"
        }
        // FNV-1a over the description's bytes.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in description.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The table `name` compiled under `key`, if `directory` holds it.
    static func load(_ name: String, key: UInt64, arrays: Int, in directory: URL) -> TableFile? {
        TableFile(path: path(name, key: key, in: directory).path, key: key, arrays: arrays)
    }

    /// Writes `arrays` as table `name` under `key`, removes the tables of the same name compiled
    /// under other keys (from lists since changed), and maps the new file; nil when it cannot be
    /// written, and the caller keeps what it built.
    static func store(_ arrays: [any TableArray], as name: String, key: UInt64, in directory: URL) -> TableFile? {
        let file = path(name, key: key, in: directory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try TableFile.write(arrays, key: key, to: file.path)
        } catch {
            return nil
        }
        let stale = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for other in stale where other.hasPrefix(name + "-") && other.hasSuffix(".tables") && other != file.lastPathComponent {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(other))
        }
        return TableFile(path: file.path, key: key, arrays: arrays.count)
    }

    private static func path(_ name: String, key: UInt64, in directory: URL) -> URL {
        directory.appendingPathComponent("\(name)-\(String(key, radix: 16)).tables")
    }
}
