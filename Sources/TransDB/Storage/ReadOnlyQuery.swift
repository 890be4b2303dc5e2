import Foundation
import GRDBSQLite
import TransDBCore

/// SQL from a script, run against a catalog that it cannot change, whatever it tries.
///
/// The query gets its own connection, opened `SQLITE_OPEN_READONLY` (immutably when the catalog
/// is a WAL file in a read-only directory), with no attached databases allowed
/// (`SQLITE_LIMIT_ATTACHED` 0), extension loading off, defensive mode on, and an authorizer that
/// refuses every action but reading: ATTACH, PRAGMA (other than a few that only read), functions
/// such as `load_extension`, and any statement SQLite does not report read-only (`VACUUM INTO`,
/// writes inside CTEs, …).
public enum ReadOnlyQuery {
    /// A query's result: the column names and the rows.
    public struct Result: Sendable {
        public var columns: [String]
        public var rows: [[JSONValue]]

        /// A record per row, keyed by the columns, every column in a table.
        public var listing: Listing {
            Listing(records: rows.map { Array(zip(columns, $0)) }, columns: columns, tableColumns: columns)
        }
    }

    /// Pragmas that only read.
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
        "user_version", "application_id", "schema_version", "page_count", "page_size", "freelist_count",
        "integrity_check", "quick_check", "foreign_key_check", "collation_list", "function_list", "pragma_list",
        "compile_options", "database_list", "encoding",
    ]

    /// Runs every statement of `sql` and returns the rows of the last one that returns rows.
    ///
    /// - Parameter timeLimit: Seconds the statements may run in all; `nil` for no limit.
    /// - Throws: ``QueryError`` for SQL that is not valid, would write, makes a value longer than
    ///   16 MiB, returns more than `maximumRows` rows or `maximumBytes` of values, or runs past
    ///   `timeLimit`; ``CatalogError`` for a catalog that cannot be opened.
    public static func run(
        _ sql: String, catalog path: String, maximumRows: Int = 1_000_000, maximumBytes: Int = maximumResultBytes,
        timeLimit: Double? = defaultTimeLimit
    ) throws -> Result {
        let limits = Limits(rows: maximumRows, bytes: maximumBytes, seconds: timeLimit)
        do {
            return try run(sql, file: path, catalog: path, limits: limits)
        } catch let failure as Unreadable {
            // A WAL catalog in a directory this process cannot write to (see Catalog.openForReading).
            guard Catalog.hasNoPendingWAL(path) else { throw failure.error }
            return try run(sql, file: Catalog.immutableURI(path), catalog: path, limits: limits)
        }
    }

    /// How long a query may run by default: a recursive `WITH` that never ends (a CTE missing
    /// its `LIMIT`) stops with an error instead of holding a script until its job times out.
    public static let defaultTimeLimit: Double = 60

    /// What a query may take: rows, bytes of values, seconds.
    private struct Limits {
        var rows: Int
        var bytes: Int
        var seconds: Double?
    }

    /// The longest text or blob a query may make (SQLite's `SQLITE_LIMIT_LENGTH`): 16 MiB.
    static let maximumValueBytes = 1 << 24
    /// How much a query may return by default, its values' bytes and 16 per value: 256 MiB.
    public static let maximumResultBytes = 1 << 28

    /// The catalog could not be read through a normal read-only connection.
    private struct Unreadable: Error {
        var error: CatalogError
    }

    private static func run(_ sql: String, file: String, catalog path: String, limits: Limits) throws -> Result {
        var connection: OpaquePointer?
        var code = sqlite3_open_v2(file, &connection, SQLITE_OPEN_READONLY, nil)
        defer { sqlite3_close_v2(connection) }
        guard code == SQLITE_OK, let db = connection else {
            throw CatalogError.io(path: path, reason: "cannot open the catalog for reading")
        }
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0)
        // Every value is held until the rows are printed: a bound on one value, and below on
        // all of them, so that `zeroblob(900000000)` is an error rather than gigabytes.
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, Int32(maximumValueBytes))
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 5000)
        sqlite3_set_authorizer(db, authorize, nil)
        // SQLite calls the handler every few thousand virtual-machine steps; a non-zero answer
        // interrupts the statement, which then fails with SQLITE_INTERRUPT.
        let deadline = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        defer { deadline.deallocate() }
        if let seconds = limits.seconds {
            // Beyond a billion seconds (or infinite) is no limit: the nanoseconds would not fit.
            let nanoseconds = seconds < 1e9 ? UInt64((seconds * 1e9).rounded()) : UInt64.max / 2
            deadline.initialize(to: DispatchTime.now().uptimeNanoseconds &+ nanoseconds)
            sqlite3_progress_handler(db, 10_000, pastDeadline, deadline)
        }
        defer { sqlite3_progress_handler(db, 0, nil, nil) }

        var result = Result(columns: [], rows: [])
        var statements = 0
        let remaining = Array(sql.utf8CString)
        var offset = 0
        while true {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            code = remaining.withUnsafeBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return SQLITE_MISUSE }
                let start = base + offset
                let status = sqlite3_prepare_v2(db, start, -1, &statement, &tail)
                offset = tail.map { $0 - base } ?? buffer.count - 1
                return status
            }
            guard code == SQLITE_OK else {
                sqlite3_finalize(statement)
                if code == SQLITE_INTERRUPT, let seconds = limits.seconds { throw QueryError.timedOut(sql: shortened(sql), seconds: seconds) }
                let primary = sqlite3_errcode(db) & 0xFF
                if primary == SQLITE_READONLY || primary == SQLITE_CANTOPEN {
                    throw Unreadable(error: .notWritable(path: path, reason: "the catalog cannot be read here"))
                }
                throw refusal(db, sql)
            }
            guard let statement else { break }  // only white space or comments were left
            defer { sqlite3_finalize(statement) }
            statements += 1
            guard sqlite3_stmt_readonly(statement) != 0 else {
                throw QueryError.notReadOnly(statement: statementText(statement), reason: "this statement would write")
            }
            let columnCount = sqlite3_column_count(statement)
            var columns: [String] = []
            for i in 0..<columnCount { columns.append(sqlite3_column_name(statement, i).map { String(cString: $0) } ?? "") }
            columns = uniqueColumnNames(columns)
            var rows: [[JSONValue]] = []
            var bytes = 0
            while true {
                code = sqlite3_step(statement)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else {
                    if code & 0xFF == SQLITE_INTERRUPT, let seconds = limits.seconds {
                        throw QueryError.timedOut(sql: statementText(statement), seconds: seconds)
                    }
                    throw refusal(db, sql)
                }
                guard rows.count < limits.rows else {
                    throw QueryError.tooManyRows(statement: statementText(statement), limit: limits.rows)
                }
                for i in 0..<columnCount { bytes += 16 + Int(sqlite3_column_bytes(statement, i)) }
                guard bytes <= limits.bytes else {
                    throw QueryError.tooLarge(statement: statementText(statement), limit: limits.bytes)
                }
                rows.append((0..<columnCount).map { value(statement, $0) })
            }
            if columnCount > 0 { result = Result(columns: columns, rows: rows) }
        }
        if statements == 0 { throw QueryError.empty }
        return result
    }

    /// Column names made unique, so that a JSON object never has the same key twice: a repeated
    /// name gets `_2`, `_3`… (`select 1 as a, 2 as a` gives `a` and `a_2`).
    static func uniqueColumnNames(_ names: [String]) -> [String] {
        var taken = Set<String>()
        return names.map { name in
            var unique = name
            var suffix = 2
            while !taken.insert(unique).inserted {
                unique = "\(name)_\(suffix)"
                suffix += 1
            }
            return unique
        }
    }

    private static func value(_ statement: OpaquePointer, _ i: Int32) -> JSONValue {
        switch sqlite3_column_type(statement, i) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, i))
        case SQLITE_FLOAT:
            // JSON has no infinity: written as text, the same in every format, rather than null.
            let number = sqlite3_column_double(statement, i)
            return number.isFinite ? .number(number) : .string(number > 0 ? "Infinity" : "-Infinity")
        case SQLITE_NULL: return .null
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, i))
            guard let bytes = sqlite3_column_blob(statement, i) else { return .string("") }
            let data = Data(bytes: bytes, count: count)
            return .string(data.base64EncodedString())
        default:
            // By its length, not up to a NUL: text may hold U+0000 (`char(0) || 'a'`).
            guard let text = sqlite3_column_text(statement, i) else { return .string("") }
            let count = Int(sqlite3_column_bytes(statement, i))
            return .string(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        }
    }

    private static func statementText(_ statement: OpaquePointer) -> String {
        let text = sqlite3_sql(statement).map { String(cString: $0) } ?? ""
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    private static func shortened(_ sql: String) -> String { sql.count > 80 ? String(sql.prefix(80)) + "…" : sql }

    private static func refusal(_ db: OpaquePointer, _ sql: String) -> QueryError {
        let message = sqlite3_errmsg(db).map { String(cString: $0) } ?? "invalid SQL"
        let shown = shortened(sql)
        // The authorizer's refusal: SQLITE_AUTH, or for a TEMP object or a function SQLite's own
        // "not authorized…".
        if sqlite3_errcode(db) & 0xFF == SQLITE_AUTH || message.hasPrefix("not authorized") {
            return .notReadOnly(statement: shown, reason: message)
        }
        if sqlite3_errcode(db) & 0xFF == SQLITE_TOOBIG {
            return .invalidSQL(sql: shown, reason: "\(message): transdb query makes no value longer than 16 MiB")
        }
        return .invalidSQL(sql: shown, reason: message)
    }
}

/// The progress handler: interrupts the statement once the deadline `context` points to has passed.
private func pastDeadline(_ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let deadline = context?.load(as: UInt64.self) else { return 0 }
    return DispatchTime.now().uptimeNanoseconds >= deadline ? 1 : 0
}

/// The authorizer: reads are allowed, everything else is denied.
private func authorize(
    _: UnsafeMutableRawPointer?, _ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?,
    _: UnsafePointer<CChar>?, _: UnsafePointer<CChar>?
) -> Int32 {
    switch action {
    case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
        return SQLITE_OK
    case SQLITE_FUNCTION:
        let name = second.map { String(cString: $0).lowercased() } ?? ""
        return ["load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"].contains(name) ? SQLITE_DENY : SQLITE_OK
    case SQLITE_PRAGMA:
        // A pragma with an argument may set something; without one it reads, for the listed ones.
        let name = first.map { String(cString: $0).lowercased() } ?? ""
        let argument = second.map { String(cString: $0) }
        let readsWithArgument: Set<String> = [
            "table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list", "integrity_check", "quick_check",
            "foreign_key_check",
        ]
        if ReadOnlyQuery.readingPragmas.contains(name) && (argument == nil || readsWithArgument.contains(name)) { return SQLITE_OK }
        return SQLITE_DENY
    default:
        return SQLITE_DENY
    }
}
