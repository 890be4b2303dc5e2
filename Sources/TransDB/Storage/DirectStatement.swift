import GRDB
import GRDBSQLite

/// A prepared statement bound and stepped through SQLite's C API, for the statements a bulk
/// write runs once or several times per entry (a preset's row and each of its tracks, the lookups
/// of the names it refers to). GRDB's `StatementArguments` takes an array of existentials and
/// binds them through nested closures: about 25,000 instructions for a preset's 21 values, where
/// binding them directly takes a few hundred. Bindings are cleared after each step, so that a
/// value left from the last row is never read by the next.
struct DirectStatement {
    private let handle: OpaquePointer
    private let db: Database

    /// `sql`, prepared once per connection (GRDB's statement cache).
    init(_ sql: String, _ db: Database) throws {
        handle = try db.cachedStatement(sql: sql).sqliteStatement
        self.db = db
    }

    func bind(_ position: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, position, value) } else { sqlite3_bind_null(handle, position) }
    }

    func bind(_ position: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(handle, position, value) } else { sqlite3_bind_null(handle, position) }
    }

    func bind(_ position: Int32, _ value: Bool) {
        sqlite3_bind_int64(handle, position, value ? 1 : 0)
    }

    func bind(_ position: Int32, _ value: String?) {
        guard let value else {
            sqlite3_bind_null(handle, position)
            return
        }
        // SQLITE_TRANSIENT: SQLite copies the text, so the Swift string need not outlive the call.
        sqlite3_bind_text(handle, position, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }

    /// Runs the statement to its end (a write).
    func execute() throws {
        defer { reset() }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(code) }
    }

    /// The first column of the first row, `nil` without a row or for NULL.
    func firstInt64() throws -> Int64? {
        defer { reset() }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return sqlite3_column_type(handle, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, 0)
        case SQLITE_DONE: return nil
        case let code: throw failure(code)
        }
    }

    private func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// SQLite's error, as GRDB would have thrown it (``Catalog`` maps it for the user).
    private func failure(_ code: Int32) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
            message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: String(cString: sqlite3_sql(handle)))
    }
}
