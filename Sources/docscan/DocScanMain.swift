import ArgumentParser
import DocScanCore
import DocScanKit
import Foundation

/// Entry point: makes sure OpenMP runs one thread per worker, runs the command, and maps what it
/// throws to an exit status, here and nowhere else.
@main
enum DocScanMain {
    static func main() {
        OpenMPThreadLimit.ensure()
        do {
            var command = try DocScanCommand.parseAsRoot()
            try command.run()
        } catch let error as DocScanError {
            StandardError.print("error: \(error.localizedDescription)")
            exit(error.exitStatus.rawValue)
        } catch let status as ExitStatus {
            exit(status.rawValue)
        } catch {
            // ArgumentParser's own: help, version, bad arguments (64).
            DocScanCommand.exit(withError: error)
        }
    }
}
