import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// `docscan archive …`: looking after the archive itself.
struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Look after the archive: pages ok, failed and missing; set up and finalize a shared one.",
        subcommands: [ArchiveStatusCommand.self, ArchiveInitCommand.self, ArchiveFinalizeCommand.self]
    )
}

/// `docscan archive init`: the tables, once, before an array job's tasks start.
struct ArchiveInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make the archive, or bring an existing one up to date.",
        discussion: """
            For a PostgreSQL archive, run it once before an array job: it creates docscan's tables, the 'docscan' text-search configuration and the unaccent extension (the database user needs CREATE on the database). The first writer would do it too, under a lock; doing it first makes a permission problem show before a thousand tasks start.
            """
    )

    @OptionGroup var archiveOptions: ArchiveOptions

    func run() throws {
        let archive = try ArchiveLocation.open(archiveOptions.location, create: true)
        print("\(archive.location): ready, \(try archive.pageCount()) pages.")
    }
}

/// `docscan archive finalize`: what writers leave out, after a job.
struct ArchiveFinalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finalize",
        abstract: "Bring keyword ranking up to date after an array job (PostgreSQL); merge SQLite's index.",
        discussion: """
            A PostgreSQL archive's writers do not count on how many pages each keyword is (those counts made writers wait on each other): search and export rank keywords by the counts of the last finalize. Run it after a job, or now and then during a long one; searches go on meanwhile. For an SQLite archive, whose writers count as they go, it merges the full-text index's segments.
            """
    )

    @OptionGroup var archiveOptions: ArchiveOptions

    func run() throws {
        let archive = try archiveOptions.openExisting()
        let watch = Stopwatch()
        try archive.finalize()
        print("\(archive.location): finalized, \(try archive.pageCount()) pages, in \(String(format: "%.1f", watch.seconds)) s.")
    }
}

/// `docscan archive status [--manifest LISTS]`.
struct ArchiveStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Pages ok and failed per folder; with --manifest, per shard, and the listed pages missing.",
        discussion: """
            After an array job, --manifest LISTS (the folder 'docscan plan' wrote) checks that every page of every list is in the archive exactly once: it prints each shard's pages ok, failed and missing, names missing files, and exits 7 when any page is missing, 0 otherwise. A failed page is there, with its error in its record; a missing one means its task did not finish: run that task again.
            """
    )

    @OptionGroup var archiveOptions: ArchiveOptions

    @Option(help: ArgumentHelp("The folder (or plan.json) that 'docscan plan' wrote.", valueName: "lists"))
    var manifest: String?

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    func run() throws {
        let status = ArchiveStatus(archive: try archiveOptions.openExisting())
        let report = try manifest.map { try status.report(plan: URL(fileURLWithPath: $0)) } ?? status.report()
        if json {
            let object: [String: Any] = [
                "ok": report.ok, "failed": report.failed, "missing": report.missingPages,
                "counts": report.counts.map { count -> [String: Any] in
                    var row: [String: Any] = ["name": count.name, "ok": count.ok, "failed": count.failed]
                    if let missing = count.missingPages {
                        row["missing"] = missing
                        row["missing_files"] = count.missingFiles
                    }
                    return row
                },
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        } else {
            for count in report.counts {
                var line = "\(count.name): \(count.ok) ok, \(count.failed) failed"
                if let missing = count.missingPages {
                    line += ", \(missing) missing"
                    if !count.missingFiles.isEmpty {
                        line += " (" + count.missingFiles.prefix(3).joined(separator: ", ") + (count.missingFiles.count > 3 ? ", …" : "") + ")"
                    }
                }
                print(line)
            }
            print("Total: \(report.ok) ok, \(report.failed) failed" + (manifest == nil ? "" : ", \(report.missingPages) missing") + ".")
        }
        if report.exitStatus != .ok { throw report.exitStatus }
    }
}
