import DocScanNative
import Foundation
import Synchronization

/// A PostgreSQL server of the tests' own: Debian's `postgresql` package (which `make setup` installs),
/// `initdb` into a temporary folder, started with `pg_ctl` on a free loopback port, stopped and removed
/// when the test process ends. Each test gets a fresh database of it.
///
/// PostgreSQL refuses to run as root, so as root the server runs as `nobody` (util-linux's setpriv),
/// in a folder of its own under the system's temporary folder, which `nobody` can enter however the
/// checkout's folders are protected.
public enum TemporaryPostgres {
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The running server's port, started on first use.
    private static let server = Mutex<Result<Int, StartError>?>(nil)
    /// What atexit stops: the data folder and pg_ctl.
    nonisolated(unsafe) private static var started: (pgCtl: String, folder: String, asNobody: Bool)?
    private static let databaseCount = Atomic<Int>(0)

    /// A connection string for a new, empty database.
    /// - Throws: `StartError` when the server cannot start (PostgreSQL not installed: run make setup).
    public static func database() throws -> String {
        let port = try server.withLock { state -> Result<Int, StartError> in
            if let state { return state }
            let result = Result { () throws(StartError) -> Int in try start() }
            state = result
            return result
        }.get()
        let name = "docscan_test_\(getpid())_\(databaseCount.add(1, ordering: .relaxed).newValue)"
        do {
            let admin = try PostgresConnection("postgresql://docscan@127.0.0.1:\(port)/postgres")
            try admin.execute("CREATE DATABASE \(name)")
        } catch {
            throw StartError(description: "cannot create a test database: \(error)")
        }
        return "postgresql://docscan@127.0.0.1:\(port)/\(name)"
    }

    private static func start() throws(StartError) -> Int {
        let binaries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = binaries.compactMap({ Int($0) }).max() else {
            throw StartError(description: "PostgreSQL's server is not installed (/usr/lib/postgresql/*/bin/initdb): run make setup")
        }
        let bin = "/usr/lib/postgresql/\(version)/bin"
        let asNobody = getuid() == 0
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docscan-pg-\(getpid())-\(UUID().uuidString.prefix(8))").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if asNobody { try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: folder) }
        } catch {
            throw StartError(description: "cannot make \(folder): \(error)")
        }
        try run(bin + "/initdb", ["-D", folder + "/data", "-U", "docscan", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], asNobody: asNobody)
        started = (bin + "/pg_ctl", folder, asNobody)
        atexit {
            guard let (pgCtl, folder, asNobody) = TemporaryPostgres.started else { return }
            try? TemporaryPostgres.run(pgCtl, ["-D", folder + "/data", "-m", "immediate", "-w", "stop"], asNobody: asNobody)
            try? FileManager.default.removeItem(atPath: folder)
        }
        // A port that was free a moment ago; another process may take it first, so try a few.
        var lastError = StartError(description: "no free port")
        for _ in 0..<5 {
            let port = Int.random(in: 20_000..<60_000)
            do {
                try run(bin + "/pg_ctl", [
                    "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60", "start", "-o",
                    "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
                ], asNobody: asNobody)
                return port
            } catch {
                lastError = StartError(description: error.description + ": " + ((try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""))
            }
        }
        throw lastError
    }

    /// Runs a PostgreSQL program, as `nobody` when the tests run as root; fails unless it exits 0.
    ///
    /// posix_spawn and waitpid rather than Foundation's Process, which on Linux learns that a child
    /// ended when a socket the child inherits closes: the server pg_ctl leaves running holds it forever.
    private static func run(_ program: String, _ arguments: [String], asNobody: Bool) throws(StartError) {
        // From `/`: the programs look for files relative to the working folder, and root's may be closed to nobody.
        let command = ["/bin/sh", "-c", #"cd / && exec "$@""#, "sh"]
            + (asNobody ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []) + [program] + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("docscan-pg-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw StartError(description: "\(command[0]) did not start: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // Exited normally (no signal in the low 7 bits) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw StartError(description: "\(program) \(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)")
        }
    }
}
