import GRDB
import GRDBSQLite

/// The batch resolver's one query per request: the most specific mapping of a delegate's
/// method for a route, found as the resolver's lookup finds it (the same `route_key` probes and
/// order), but prepared once per read and stepped through SQLite's C API, because decoding
/// rows through GRDB would cost more than the probe itself.
struct RouteProbe {
    /// The columns of the matched mapping that the answer needs.
    struct Match {
        var id: Int64
        var fromScreenID: Int64?
        var toScreenID: Int64?
        var presetID: Int64?
        var interactionID: Int64?
    }

    /// The operation is in the SQL, so that only integers are bound per request.
    static func sql(_ operation: TransitionOperation) -> String {
        """
        SELECT id, from_screen_id, to_screen_id, preset_id, interaction_id FROM route
        WHERE delegate_id = ?1 AND operation = '\(operation.rawValue)'
          AND ifnull(from_screen_id, 0) IN (?2, 0) AND ifnull(to_screen_id, 0) IN (?3, 0)
        ORDER BY (from_screen_id IS NOT NULL) + (to_screen_id IS NOT NULL) DESC, id
        LIMIT 1
        """
    }

    private let db: Database
    private var statements: [TransitionOperation: Statement] = [:]

    /// Probes over `db`, valid while the read that gave `db` lasts.
    init(_ db: Database) {
        self.db = db
    }

    /// The mapping `Lookup.ask` would match: `from` and `to` are screen ids, -1 for a screen not
    /// in the catalog (it matches only wildcards) and 0 for "any" (a dismiss's destination).
    mutating func first(delegateID: Int64, operation: TransitionOperation, from: Int64, to: Int64) throws -> Match? {
        let statement: Statement
        if let prepared = statements[operation] {
            statement = prepared
        } else {
            statement = try db.makeStatement(sql: Self.sql(operation))
            statements[operation] = statement
        }
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        sqlite3_bind_int64(handle, 1, delegateID)
        sqlite3_bind_int64(handle, 2, from)
        sqlite3_bind_int64(handle, 3, to)
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            func integer(_ column: Int32) -> Int64? {
                sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
            }
            return Match(id: sqlite3_column_int64(handle, 0), fromScreenID: integer(1), toScreenID: integer(2), presetID: integer(3), interactionID: integer(4))
        case SQLITE_DONE:
            return nil
        case let code:
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
