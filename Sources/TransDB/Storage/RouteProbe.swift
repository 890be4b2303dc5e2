import GRDB
import GRDBSQLite

/// The batch resolver's per-request query: the most specific mapping of a delegate's method
/// for a route, the one `Lookup.ask` finds (most non-wildcard sides first, then the lowest id),
/// found by point probes of the unique `route_key` index — one per (from, to) key that can
/// match, most specific first — stepped through SQLite's C API, because decoding rows through
/// GRDB would cost more than the probe itself. (`Lookup.ask`'s `IN (?, 0)` lists make SQLite
/// build two temporary b-trees per execution, which is most of its cost.)
struct RouteProbe {
    /// The columns of the matched mapping that the answer needs.
    struct Match {
        var id: Int64
        var fromScreenID: Int64?
        var toScreenID: Int64?
        var presetID: Int64?
        var interactionID: Int64?

        /// How many sides name a screen, the order of `Lookup.ask`.
        var specificity: Int { (fromScreenID == nil ? 0 : 1) + (toScreenID == nil ? 0 : 1) }
    }

    /// What a delegate's mappings for one operation look like, so that keys no mapping can
    /// have are not probed.
    struct Shape {
        /// Some mapping has the route key's `from` 0 (a wildcard, or a screen with id 0).
        var fromWildcard: Bool
        /// Some mapping has the route key's `to` 0.
        var toWildcard: Bool
    }

    /// The operation is in the SQL, so that only integers are bound per request.
    static func sql(_ operation: TransitionOperation) -> String {
        """
        SELECT id, from_screen_id, to_screen_id, preset_id, interaction_id FROM route
        WHERE delegate_id = ?1 AND operation = '\(operation.rawValue)'
          AND ifnull(from_screen_id, 0) = ?2 AND ifnull(to_screen_id, 0) = ?3
        """
    }

    private let db: Database
    private var statements: [TransitionOperation: Statement] = [:]

    /// Probes over `db`, valid while the read that gave `db` lasts.
    init(_ db: Database) {
        self.db = db
    }

    /// The mapping `Lookup.ask` would match: `from` and `to` are the route key's screen ids
    /// (-1 for a screen not in the catalog, 0 for a dismiss's destination).
    ///
    /// - Parameters:
    ///   - shape: The delegate's mappings for `operation`.
    ///   - zeroScreenIDs: Some mapping names a screen whose id is 0, which the route key cannot
    ///     tell from a wildcard: then every key is probed and the rows compared.
    mutating func first(
        delegateID: Int64, operation: TransitionOperation, from: Int64, to: Int64, shape: Shape, zeroScreenIDs: Bool
    ) throws -> Match? {
        var best: Match?
        // The keys (from, to), (from, 0), (0, to), (0, 0): most specific first, each once
        // (a dismiss's `to` is already 0), skipping those no mapping of the delegate has.
        for key in 0..<4 {
            let keyFrom = key < 2 ? from : 0
            let keyTo = key % 2 == 0 ? to : 0
            if (key == 1 && to == 0) || (key == 2 && from == 0) || (key == 3 && (from == 0 || to == 0)) { continue }
            if (keyFrom == 0 && !shape.fromWildcard) || (keyTo == 0 && !shape.toWildcard) { continue }
            // A row found can only lose to one at least as specific.
            let possible = zeroScreenIDs ? 2 : (keyFrom == 0 ? 0 : 1) + (keyTo == 0 ? 0 : 1)
            if let best, best.specificity > possible { break }
            guard let match = try probe(delegateID: delegateID, operation: operation, from: keyFrom, to: keyTo) else { continue }
            if let current = best,
                current.specificity > match.specificity || (current.specificity == match.specificity && current.id <= match.id)
            {
                continue
            }
            best = match
        }
        return best
    }

    private mutating func probe(delegateID: Int64, operation: TransitionOperation, from: Int64, to: Int64) throws -> Match? {
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
            return Match(
                id: sqlite3_column_int64(handle, 0), fromScreenID: integer(1), toScreenID: integer(2), presetID: integer(3),
                interactionID: integer(4))
        case SQLITE_DONE:
            return nil
        case let code:
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }
}
