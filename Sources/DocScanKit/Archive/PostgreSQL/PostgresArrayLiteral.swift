/// PostgreSQL's text form of an array (`{"a","b"}`), to pass a list as one parameter (`$1::text[]`)
/// rather than build SQL with one placeholder per element.
enum PostgresArrayLiteral {
    /// Every element quoted, with `"` and `\` escaped, so that commas, braces and spaces are data.
    static func text(_ elements: some Sequence<String>) -> String {
        "{" + elements.map { element in
            "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }

    static func integers(_ elements: some Sequence<Int>) -> String {
        "{" + elements.map(String.init).joined(separator: ",") + "}"
    }
}
