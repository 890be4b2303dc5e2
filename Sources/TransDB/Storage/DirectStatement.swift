import GRDB
import GRDBSQLite

/// A prepared statement bound and stepped through SQLite's C API, for the statements a bulk
/// write runs once or several times per entry (a preset's row and each of its tracks, the lookups
/// of the names it refers to). GRDB's `StatementArguments` converts every value to a
/// `DatabaseValue` and binds them through nested closures: writing 4,000 presets with their
/// tracks and lookups took 1,394 million instructions through it and 697 million bound here, the
/// library's lookup no longer prepared anew each time included (callgrind). Bindings are cleared
/// after each run, so a value left from one row is never read by the next.
struct DirectStatement {
    /// A value bound to a parameter; `nil` binds NULL.
    enum Value {
        case integer(Int64?)
        case real(Double?)
        case text(String?)

        static func boolean(_ value: Bool) -> Value { .integer(value ? 1 : 0) }
    }

    private let handle: OpaquePointer
    private let db: Database

    /// `sql`, prepared once per connection (GRDB's statement cache).
    init(_ sql: String, _ db: Database) throws {
        handle = try db.cachedStatement(sql: sql).sqliteStatement
        self.db = db
    }

    /// Runs the statement to its end (a write) with `values` bound from the first parameter on.
    func execute(_ values: [Value]) throws {
        defer { reset() }
        bind(values)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure() }
    }

    /// The first column of the first row with `values` bound, `nil` without a row or for NULL.
    func firstInt64(_ values: [Value]) throws -> Int64? {
        defer { reset() }
        bind(values)
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return sqlite3_column_type(handle, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, 0)
        case SQLITE_DONE: return nil
        default: throw failure()
        }
    }

    private func bind(_ values: [Value]) {
        // SQLITE_TRANSIENT: SQLite copies the text, so the Swift string need not outlive the call.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let position = Int32(offset + 1)
            switch value {
            case let .integer(value?): sqlite3_bind_int64(handle, position, value)
            case let .real(value?): sqlite3_bind_double(handle, position, value)
            case let .text(value?): sqlite3_bind_text(handle, position, value, -1, transient)
            case .integer(nil), .real(nil), .text(nil): sqlite3_bind_null(handle, position)
            }
        }
    }

    private func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// SQLite's error, as GRDB would have thrown it (``Catalog`` maps it for the user).
    private func failure() -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
            message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: String(cString: sqlite3_sql(handle)))
    }
}
