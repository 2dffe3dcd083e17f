import ArgumentParser
import DocScanKit
import Foundation

/// `--archive`, shared by the commands that read or write the archive.
struct ArchiveOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The archive (default: $DOCSCAN_ARCHIVE or ~/.local/share/docscan/archive.sqlite).", valueName: "path"))
    var archive: String?

    var path: String { archive ?? Archive.defaultPath() }

    /// The archive, which must exist; a missing one ends the command with status 2 and a hint.
    func openExisting() throws -> Archive {
        do {
            return try Archive(path: path, create: false)
        } catch DocScanError.inputNotFound {
            printError("error: \(path): no archive there; 'docscan scan DIR' makes it")
            throw ExitStatus.inputError.exitCode
        }
    }
}
