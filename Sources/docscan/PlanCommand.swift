import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan plan DIR --shards N --output LISTS`: one walk, one file list per shard.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Walk a folder once and write one file list per shard, for array jobs.",
        discussion: """
            Writes LISTS/shard-KKKK-of-NNNN.txt for K from 0 to N-1, each the page images of one shard (the same files 'docscan scan DIR --shard K/N' would pick, by a hash of the path relative to DIR), and LISTS/plan.json, which 'docscan archive status --manifest LISTS' checks the archive against. Task K then runs 'docscan scan DIR --files-from LISTS/shard-K-of-N.txt' and reads its list instead of walking the whole folder again: on a network share with millions of files, one walk instead of thousands.

            Example (Slurm, 64 tasks):
              docscan plan /mnt/scans --shards 64 --output /mnt/plans/scans
              sbatch --array=0-63 deploy/slurm/docscan-array.sbatch
              docscan archive status --manifest /mnt/plans/scans
            """
    )

    @Argument(help: ArgumentHelp("Folder of page images, walked recursively.", valueName: "dir"))
    var input: String

    @Option(help: ArgumentHelp("Number of shards (tasks of the array job).", valueName: "n"))
    var shards: Int

    @Option(help: ArgumentHelp("Folder for the lists and plan.json (made when missing).", valueName: "lists"))
    var output: String

    @Flag(name: [.customShort("0"), .customLong("null")], help: "Separate the lists' entries by NUL bytes (read them with --files-from LIST -0); for names holding a newline.")
    var nulSeparated = false

    @Option(help: ArgumentHelp(
        "The name the tasks keep the pages under in the archive instead of the folder's path ('scan --plan' takes it from the plan), for nodes that mount the share at different paths.",
        valueName: "name"))
    var collection: String?

    @Flag(help: "Follow symbolic links that point out of the folder.")
    var followSymlinks = false

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        guard shards >= 1 else { throw ValidationError("--shards must be at least 1") }
    }

    func run() throws {
        var plan = try ShardPlan(input: URL(fileURLWithPath: input), shards: shards, output: URL(fileURLWithPath: output))
        plan.nulSeparated = nulSeparated
        plan.followSymlinks = followSymlinks
        plan.collection = collection
        let manifest = try plan.run { StandardError.print("warning: \($0)") }
        guard !quietOption.quiet else { return }
        let files = manifest.shards.reduce(0) { $0 + $1.files }, pages = manifest.shards.reduce(0) { $0 + $1.pages }
        let sizes = manifest.shards.map(\.pages)
        StandardError.print(
            "Planned \(files) files (\(pages) pages) of \(manifest.root) in \(shards) shards of \(sizes.min() ?? 0) to \(sizes.max() ?? 0) pages: "
                + "\(output)/\(PlanManifest.fileName) and \(output)/\(PlanManifest.listName(shard: 0, of: shards)) …")
    }
}
