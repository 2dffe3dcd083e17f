/// What PostgreSQL or libpq said went wrong.
package struct PostgresError: Error, CustomStringConvertible, Sendable {
    /// The SQLSTATE code (`40P01` a deadlock, `57P01` the server shutting down), nil when there was no
    /// answer from the server: the connection failed or was lost.
    package var sqlState: String?
    package var message: String

    package init(sqlState: String?, message: String) {
        self.sqlState = sqlState
        self.message = message
    }

    package var description: String { message }

    /// Whether running the same transaction again may succeed: a deadlock or serialization failure,
    /// whose loser PostgreSQL rolls back.
    package var isTransient: Bool {
        sqlState == "40P01" || sqlState == "40001"
    }
}
