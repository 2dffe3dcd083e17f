import DocScanCore
import Foundation

/// Walks a folder once and writes one file list per shard, for `docscan scan DIR --files-from LIST`:
/// the use case behind `docscan plan`. Ten thousand array tasks then read a list each instead of each
/// walking millions of files on a network share, and `docscan archive status --manifest` later checks
/// every listed page against the archive.
public struct ShardPlan: Sendable {
    public var input: URL
    public var shards: Int
    /// The folder the lists and `plan.json` go to; made when missing.
    public var output: URL
    /// Separate the lists' entries by NUL bytes (for `-0`) rather than newlines.
    public var nulSeparated = false
    /// The name the tasks keep the pages under in the archive, instead of the folder's path.
    public var collection: String?
    public var followSymlinks = false

    /// - Throws: `DocScanError.badShard` when `shards` is less than 1.
    public init(input: URL, shards: Int, output: URL) throws {
        _ = try Shard(index: 0, count: shards)
        self.input = input
        self.shards = shards
        self.output = output
    }

    /// Lists the folder and writes the lists and the manifest, each file whole or not at all.
    /// - Parameter warning: told about each entry that is not listed, and why.
    /// - Throws: `DocScanError.inputNotFound`, `.noPages`, `.outputNotWritable`.
    public func run(warning: (String) -> Void = { _ in }) throws -> PlanManifest {
        let source = PageSource(root: input, followsLinksOutside: followSymlinks)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: source.root.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw DocScanError.badFileList(path: input.path, reason: "docscan plan lists a folder; this is a file")
        }
        let listing = try source.list()
        for message in listing.warnings { warning(message.description) }
        guard !listing.pages.isEmpty else { throw DocScanError.noPages(path: input.path) }
        var files = Array(repeating: [String](), count: shards), pages = Array(repeating: 0, count: shards)
        for page in listing.pages {
            // A name that is not UTF-8 is shown with \xNN and cannot be listed: only a walk reads it.
            guard page.url.path == source.root.appendingPathComponent(page.relativePath).path else {
                if page.page == 1 { warning("\(page.relativePath): its name is not UTF-8, so no list can name it; scan the folder without --files-from to read it") }
                continue
            }
            let shard = Shard.index(of: page.relativePath, count: shards)
            if page.page == 1 { files[shard].append(page.relativePath) }
            pages[shard] += 1
        }
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw DocScanError.outputNotWritable(path: output.path, reason: "cannot make the folder: \(error.localizedDescription)")
        }
        var manifest = PlanManifest(
            root: ArchiveLocation.root(of: input), collection: collection, shardCount: shards, nulSeparated: nulSeparated, shards: [])
        for shard in 0..<shards {
            let name = PlanManifest.listName(shard: shard, of: shards)
            let data = FileList(paths: files[shard]).data(nulSeparated: nulSeparated)
            try OutputFile.write(to: output.appendingPathComponent(name).path) { sink in try sink(data) }
            manifest.shards.append(.init(index: shard, list: name, files: files[shard].count, pages: pages[shard]))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = try encoder.encode(manifest) + Data("\n".utf8)
        try OutputFile.write(to: output.appendingPathComponent(PlanManifest.fileName).path) { sink in try sink(json) }
        return manifest
    }
}
