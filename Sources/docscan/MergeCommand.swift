import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan merge A.sqlite B.sqlite … --archive DEST`.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Copy the pages of other archives (one per array task, say) into the archive.",
        discussion: """
            Each page replaces what the archive held for the same page of the same file, so merging again, or merging overlapping archives, leaves one copy of each page. The sources are only read.

            Example (each task of an array job scans into its own archive):
              docscan scan /mnt/scans --shard $K/16 --archive out/shard-$K.sqlite
              docscan merge out/shard-*.sqlite --archive scans.sqlite
            """
    )

    @Argument(help: ArgumentHelp("Archives to copy from.", valueName: "archive"))
    var sources: [String]

    @OptionGroup var archiveOptions: ArchiveOptions

    @Flag(help: "Fail at once (status 6) when a scan is writing to the archive, instead of waiting for it.")
    var noWait = false

    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("name at least one archive to merge") }
    }

    func run() throws {
        var merge = ArchiveMerge(sources: sources, destination: archiveOptions.location)
        merge.waitForArchive = !noWait
        let report = try merge.run {
            StandardError.print("another docscan scan is writing to \(ArchiveLocation.displayName(archiveOptions.location)); waiting for it to finish")
        }
        guard !quietOption.quiet else { return }
        for (source, pages) in zip(sources, report.pages) { StandardError.print("\(ArchiveLocation.displayName(source)): \(pages) pages") }
        StandardError.print(String(
            format: "Merged %d pages into %@ in %.2f s.", report.pages.reduce(0, +), ArchiveLocation.displayName(archiveOptions.location), report.seconds))
    }
}
