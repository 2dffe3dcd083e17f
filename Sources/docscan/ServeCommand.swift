import ArgumentParser
import DocScanCore
import DocScanKit
import DocScanServer
import Dispatch
import Foundation

/// `docscan serve`: a local web page to search the archive and see each page with its words.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Search the archive in a web browser and see each page with its recognized words.",
        discussion: """
            Opens the archive read-only and serves, until Ctrl-C:
              /                 search (the same query language as 'docscan search': words, word*, Chinese cut into words), with filters and paging
              /pages/ID         the page image as docscan read it, each recognized word boxed and the query's words highlighted, its text, keywords and what the scan decided
              /browse           the most telling keywords of each folder or collection, and the failed pages with their errors
              /api/             JSON: /api/search?q=…, /api/pages/ID, /api/keywords, /api/failures

            Page images are made again from the original files, which must still be where they were scanned and unchanged; a page whose file moved or changed says so.

            Binds to 127.0.0.1 (this machine only) unless --host is given; anyone who can reach another address can read the archive, so docscan warns then.

            Exit status: 0 after Ctrl-C; 5 when the address cannot be listened on (port in use); 6 when the archive cannot be opened.

            Examples:
              docscan serve
              docscan serve --archive scans.sqlite --port 9000
              docscan serve --archive postgresql://scan@db/archive --host 0.0.0.0
            """
    )

    @OptionGroup var archiveOptions: ArchiveOptions

    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("The address to listen on; other than 127.0.0.1 or ::1 only when you mean to share the archive.", valueName: "address"))
    var host = "127.0.0.1"

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port)") }
    }

    func run() throws {
        let archive = try archiveOptions.openToRead()
        let server = ArchiveServer(archive: archive, renderer: PageImageRenderer(models: modelOptions.store), host: host, port: port)
        if !ArchiveServer.isLoopback(host) {
            StandardError.print("warning: serving on \(host): anyone who can reach this address can read the archive")
        }
        let name = ArchiveLocation.displayName(archiveOptions.location)
        let outcome = ServeOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { url in
                    FileHandle.standardOutput.write(Data("Serving \(name) on \(url)/ (Ctrl-C stops)\n".utf8))
                }
            } catch {
                outcome.set(error)
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error {
            throw DocScanError.outputNotWritable(path: "\(host):\(port)", reason: "cannot listen: \(error)")
        }
    }
}

/// How the server's task ended, handed back to the blocked command.
private final class ServeOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    var error: (any Error)? { lock.withLock { stored } }

    func set(_ error: any Error) {
        lock.withLock { stored = error }
    }
}
