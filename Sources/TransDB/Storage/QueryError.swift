import TransDBCore

/// SQL that `transdb query` refuses: it is not valid, it would write, or it returns too many rows.
/// A catalog that cannot be opened is a ``CatalogError``.
public enum QueryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite cannot prepare or run the SQL; `sql` is the text given, shortened.
    case invalidSQL(sql: String, reason: String)
    /// The statement would write, or do something else besides reading (ATTACH, a PRAGMA that
    /// sets, `load_extension`); `reason` says what.
    case notReadOnly(statement: String, reason: String)
    /// The query holds no statement (only white space or comments).
    case empty
    /// The statement returns more rows than the limit.
    case tooManyRows(statement: String, limit: Int)
    /// The statement returns more than `limit` bytes of values.
    case tooLarge(statement: String, limit: Int)
    /// The statements ran longer than `seconds` (`--timeout`).
    case timedOut(sql: String, seconds: Double)

    public var description: String {
        switch self {
        case let .invalidSQL(sql, reason): "invalid query '\(sql)': \(reason)"
        case let .notReadOnly(statement, reason): "invalid query '\(statement)': transdb query only reads; \(reason)"
        case .empty: "the query is empty; give an SQL statement, e.g. transdb query 'select name from library'"
        case let .tooManyRows(statement, limit):
            "invalid query '\(statement)': more than \(limit) rows, the most transdb query returns; narrow it with a WHERE or a smaller LIMIT"
        case let .tooLarge(statement, limit):
            "invalid query '\(statement)': more than \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes") of values, the most transdb query returns; narrow it with a WHERE or a smaller LIMIT"
        case let .timedOut(sql, seconds):
            "the query '\(sql)' ran longer than \(seconds.shortestDescription) s and was stopped; a recursive WITH needs a LIMIT or a condition that ends it, or give --timeout more seconds (0: no limit)"
        }
    }
}
