import DocScanCore
import Foundation

/// What an archive holds, and, against a plan, whether every listed page is in it: the "every page
/// exactly once" check an operator runs after an array job; the use case behind `docscan archive status`.
public struct ArchiveStatus: Sendable {
    /// Pages of one root, or of one shard of a plan.
    public struct Count: Equatable, Sendable {
        /// The root, or `shard K` with a plan.
        public var name: String
        public var ok = 0
        public var failed = 0
        /// Pages listed by the plan and not in the archive (nil without a plan).
        public var missingPages: Int?
        /// Files listed by the plan with no page in the archive, in list order.
        public var missingFiles: [String] = []

        public init(name: String) {
            self.name = name
        }
    }

    public struct Report: Equatable, Sendable {
        public var counts: [Count]
        public var ok: Int { counts.reduce(0) { $0 + $1.ok } }
        public var failed: Int { counts.reduce(0) { $0 + $1.failed } }
        public var missingPages: Int { counts.reduce(0) { $0 + ($1.missingPages ?? 0) } }
        /// `.pagesMissing` when a listed page is not archived, else `.ok`: failed pages were read once and
        /// their records say why; reading them again is a decision, not a gap.
        public var exitStatus: ExitStatus { missingPages > 0 ? .pagesMissing : .ok }
    }

    public let archive: any PageArchive

    public init(archive: any PageArchive) {
        self.archive = archive
    }

    /// Pages ok and failed per root.
    /// - Throws: `DocScanError.archiveUnusable`.
    public func report() throws -> Report {
        Report(counts: try archive.pageCounts().map { root in
            var count = Count(name: root.root)
            count.ok = root.ok
            count.failed = root.failed
            return count
        })
    }

    /// Pages ok, failed and missing per shard of the plan in `folder` (its `plan.json` and lists).
    /// - Throws: `DocScanError.badFileList` (no plan, a list missing), `.archiveUnusable`.
    public func report(plan folder: URL) throws -> Report {
        let manifest = try PlanManifest(reading: folder)
        return Report(counts: try manifest.shards.map { shard in
            let list = try manifest.list(for: Shard(index: shard.index, count: manifest.shardCount), in: folder)
            var count = Count(name: "shard \(shard.index)")
            let archived = try archive.archivedPages(root: manifest.archiveRoot, sources: Set(list.paths))
            var found = Set<String>()
            for page in archived {
                found.insert(page.source)
                if page.failed { count.failed += 1 } else { count.ok += 1 }
            }
            count.missingFiles = list.paths.filter { !found.contains($0) }
            count.missingPages = max(shard.pages - archived.count, count.missingFiles.count)
            return count
        })
    }
}
