internal import CLibPQ

/// Owns one `PGresult` and clears it exactly once, in deinit; values are copied out as Swift strings,
/// so nothing of it outlives this object.
package final class PostgresResult {
    private let handle: OpaquePointer

    /// Takes ownership of a result libpq returned; `PostgresConnection` checks its status first.
    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    package var rowCount: Int { Int(PQntuples(handle)) }
    package var columnCount: Int { Int(PQnfields(handle)) }

    /// The value at `row`, `column` in PostgreSQL's text form, nil for NULL.
    package func value(_ row: Int, _ column: Int) -> String? {
        guard row < rowCount, column < columnCount, PQgetisnull(handle, Int32(row), Int32(column)) == 0,
              let text = PQgetvalue(handle, Int32(row), Int32(column))
        else { return nil }
        return String(cString: text)
    }

    /// The value at `row`, `column` as an integer, nil for NULL or a value that is not one.
    package func int(_ row: Int, _ column: Int) -> Int? {
        value(row, column).flatMap { Int($0) }
    }

    /// The value at `row`, `column` as a double, nil for NULL or a value that is not one.
    package func double(_ row: Int, _ column: Int) -> Double? {
        value(row, column).flatMap { Double($0) }
    }

    /// The value at `row`, `column` as a boolean (`t` or `f`), nil for NULL.
    package func bool(_ row: Int, _ column: Int) -> Bool? {
        value(row, column).map { $0 == "t" }
    }
}

@available(*, unavailable)
extension PostgresResult: Sendable {}
