import DocScanCore
import Foundation

/// What `docscan plan` wrote: `plan.json` beside the shard lists, read back by
/// `docscan archive status --manifest` to check that every listed page is archived.
public struct PlanManifest: Codable, Equatable, Sendable {
    /// The folder planned, as archives store roots.
    public var root: String
    /// The name the tasks keep the pages under instead of `root` (`docscan plan --collection`): what
    /// `scan --plan` writes under and `archive status` looks up.
    public var collection: String?
    /// What the archive keeps this plan's pages under.
    public var archiveRoot: String { collection ?? root }
    public var shardCount: Int
    /// Whether the lists are NUL-separated (read them with `--files-from LIST -0`).
    public var nulSeparated: Bool
    public var shards: [Entry]

    /// One shard's list.
    public struct Entry: Codable, Equatable, Sendable {
        public var index: Int
        /// The list's file name, in the manifest's folder.
        public var list: String
        public var files: Int
        /// Pages in those files (a multi-page TIFF counts each page).
        public var pages: Int
    }

    enum CodingKeys: String, CodingKey {
        case root, collection, shardCount = "shard_count", nulSeparated = "nul_separated", shards
    }

    public static let fileName = "plan.json"

    /// `shard-0003-of-0016.txt`: numbered from 0 like the tasks, padded so the lists sort in order.
    public static func listName(shard: Int, of count: Int) -> String {
        let width = max(String(count - 1).count, 4)
        func padded(_ value: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(width - digits.count, 0)) + digits
        }
        return "shard-\(padded(shard))-of-\(padded(count)).txt"
    }

    /// Reads `plan.json` from `folder` (or the file itself).
    /// - Throws: `DocScanError.badFileList`.
    public init(reading folder: URL) throws {
        let url = Self.folder(of: folder).appendingPathComponent(Self.fileName)
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(contentsOf: url))
        } catch let error as DecodingError {
            throw DocScanError.badFileList(path: url.path, reason: "not a plan docscan wrote: \(error)")
        } catch {
            throw DocScanError.badFileList(path: url.path, reason: "cannot read the plan (docscan plan DIR --shards N --output FOLDER writes it)")
        }
    }

    /// The list of `shard`, from the plan's `folder` (or its `plan.json`). Its paths are relative, so a node that mounts
    /// the planned folder elsewhere reads the same files.
    /// - Throws: `DocScanError.badShard` when the plan has another number of shards (its files would
    ///   be read by no task, or by two); `.badFileList` when the list cannot be read.
    public func list(for shard: Shard, in folder: URL) throws -> FileList {
        guard shard.count == shardCount else {
            throw DocScanError.badShard("the plan in \(folder.path) has \(shardCount) shards, but this task is shard \(shard)")
        }
        return try FileList(reading: Self.folder(of: folder).appendingPathComponent(Self.listName(shard: shard.index, of: shardCount)).path, nulSeparated: nulSeparated)
    }

    /// The plan's folder, named as the folder or as its `plan.json`.
    static func folder(of location: URL) -> URL {
        location.lastPathComponent == fileName ? location.deletingLastPathComponent() : location
    }

    public init(root: String, collection: String? = nil, shardCount: Int, nulSeparated: Bool, shards: [Entry]) {
        self.root = root
        self.collection = collection
        self.shardCount = shardCount
        self.nulSeparated = nulSeparated
        self.shards = shards
    }
}
