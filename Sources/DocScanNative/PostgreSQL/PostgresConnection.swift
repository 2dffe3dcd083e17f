internal import CLibPQ
import Foundation

/// Owns one libpq connection (`PGconn`) and closes it exactly once, in deinit, also when connecting
/// failed (libpq returns a handle that must be freed even then).
///
/// Statements are sent with `PQexecParams`: parameters travel apart from the SQL, as text, and the
/// statement is unnamed, so it works behind a transaction-pooling pgbouncer.
package final class PostgresConnection {
    private let handle: OpaquePointer

    /// Connects with a libpq connection string: a URI (`postgresql://user@host/db`) or `key=value`
    /// pairs. What it leaves out comes from the `PG*` environment variables, `~/.pgpass` and the
    /// service file, as for `psql`.
    /// - Throws: `PostgresError` with libpq's reason.
    package init(_ conninfo: String) throws(PostgresError) {
        guard let handle = PQconnectdb(conninfo) else {
            throw PostgresError(sqlState: nil, message: "libpq could not allocate a connection")
        }
        // Set before any throw: deinit, which runs once every property is set, frees it.
        self.handle = handle
        guard PQstatus(handle) == CONNECTION_OK else { throw connectionError() }
        // NOTICEs ("relation already exists, skipping") would go to standard error, between docscan's
        // own messages; the statements that cause them are expected to.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit {
        PQfinish(handle)
    }

    /// The server and database, for messages: `user@host:port/database`, without a password.
    package var endpoint: String {
        func field(_ value: UnsafeMutablePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
        let host = field(PQhost(handle)), port = field(PQport(handle))
        return "\(field(PQuser(handle)))@\(host.hasPrefix("/") ? "[\(host)]" : host):\(port)/\(field(PQdb(handle)))"
    }

    /// The server's version as a number: 150018 for 15.18.
    package var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// Runs one statement (or, without parameters, several separated by semicolons) and returns its
    /// rows. Parameters are `$1`, `$2`, ... in `sql`, nil for NULL; PostgreSQL infers their types.
    /// A NUL character ends a parameter: PostgreSQL's text cannot hold one.
    /// - Throws: `PostgresError` with the server's SQLSTATE and message.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
        let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.flatMap { strdup($0) } }
        defer { copies.forEach { free($0) } }
        let values: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        let raw = parameters.isEmpty
            ? PQexec(handle, sql)
            : PQexecParams(handle, sql, Int32(values.count), nil, values, nil, nil, 0)
        guard let raw else { throw connectionError() }
        let result = PostgresResult(taking: raw)
        switch PQresultStatus(raw) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return result
        default:
            func field(_ code: Character) -> String? {
                PQresultErrorField(raw, Int32(code.asciiValue ?? 0)).map { String(cString: $0) }
            }
            let primary = field("M") ?? String(cString: PQresultErrorMessage(raw))
            let detail = field("D").map { " (\($0))" } ?? ""
            throw PostgresError(
                sqlState: field("C"), message: (primary + detail).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Runs `body` between `begin` and COMMIT; on any error, rolls back and rethrows it.
    /// - Parameter begin: the statement that starts it (`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`).
    package func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    private func connectionError() -> PostgresError {
        PostgresError(
            sqlState: nil, message: String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A connection runs one statement at a time and keeps transaction state: it belongs to one owner,
/// which serializes its use.
@available(*, unavailable)
extension PostgresConnection: Sendable {}
