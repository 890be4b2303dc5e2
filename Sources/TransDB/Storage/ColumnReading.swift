import GRDB
import GRDBSQLite

/// The columns of a row by position, however the row was fetched: a GRDB ``Row`` (a cursor over
/// many rows) or a statement stepped through SQLite's C API (one row, where GRDB's per-fetch
/// set-up would cost more than the read). Conversions from rows to model values take either.
protocol ColumnReading {
    func int64(_ column: Int) -> Int64?
    func double(_ column: Int) -> Double?
    func text(_ column: Int) -> String?
    /// The case of `type` whose raw value the column's text is; `nil` for NULL or another text.
    func value<T: RawRepresentable & CaseIterable>(_ column: Int, as type: T.Type) -> T? where T.RawValue == String
}

extension ColumnReading {
    func value<T: RawRepresentable & CaseIterable>(_ column: Int, as type: T.Type) -> T? where T.RawValue == String {
        text(column).flatMap(T.init(rawValue:))
    }
}

extension Row: ColumnReading {
    func int64(_ column: Int) -> Int64? { self[column] }
    func double(_ column: Int) -> Double? { self[column] }
    func text(_ column: Int) -> String? { self[column] }
}

/// The current row of a statement being stepped.
struct StatementRow: ColumnReading {
    let handle: OpaquePointer

    func int64(_ column: Int) -> Int64? {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, Int32(column))
    }

    func double(_ column: Int) -> Double? {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL ? nil : sqlite3_column_double(handle, Int32(column))
    }

    func text(_ column: Int) -> String? {
        sqlite3_column_text(handle, Int32(column)).map { String(cString: $0) }
    }

    /// Steps `statement` (bound with `id` as its only parameter) and passes each row to `body`.
    static func forEach(_ statement: Statement, id: Int64, in db: Database, _ body: (StatementRow) throws -> Void) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        sqlite3_bind_int64(handle, 1, id)
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: try body(StatementRow(handle: handle))
            case SQLITE_DONE: return
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }
}
