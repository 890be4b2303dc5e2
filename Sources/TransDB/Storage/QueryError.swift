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

    public var description: String {
        switch self {
        case let .invalidSQL(sql, reason): "invalid query '\(sql)': \(reason)"
        case let .notReadOnly(statement, reason): "invalid query '\(statement)': transdb query only reads; \(reason)"
        case .empty: "the query is empty; give an SQL statement, e.g. transdb query 'select name from library'"
        case let .tooManyRows(statement, limit): "invalid query '\(statement)': more than \(limit) rows; add a LIMIT"
        }
    }
}
