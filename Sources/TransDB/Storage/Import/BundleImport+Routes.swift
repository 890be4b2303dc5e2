import GRDB
import GRDBSQLite
import TransDBCore

/// The route phase of an import, built for a million mappings: each distinct reference is
/// resolved once, the routes already in the catalog on the delegates concerned are read once
/// into memory, and new routes are inserted through one prepared statement. A route that would
/// be refused (a tie) is handed to ``CatalogWriter/insertRoute(_:)``, which words the error.
extension BundleImport {
    /// At least this many routes, and no fewer than the catalog has, are loaded with the route
    /// table's indexes dropped and built again afterwards (in the same transaction): sorting once
    /// is much cheaper than a million insertions at random places.
    static let bulkLoadThreshold = 10_000

    mutating func routes() throws {
        let total = inputs.reduce(0) { $0 + $1.routeCount }
        guard total > 0 else { return }
        var resolved = tables.map { ResolvedReferences(count: $0.referenceCount) }
        // Resolve the names that make up route keys first. When distinct names are distinct rows
        // and no two files share a delegate, no two routes of the import can have the same key
        // (the reader refused repeated keys), so the new ones need no place in the lookup.
        var delegates = Set<Int64>()
        var distinct = true
        progress.begin("resolving route names", total: Int64(total))
        for (number, input) in inputs.enumerated() {
            for row in input.tables.routes.rows {
                progress.advance()
                _ = try id(.delegate, row.delegate, input: number, &resolved)
                if row.from >= 0 { _ = try id(.screen, row.from, input: number, &resolved) }
                if row.to >= 0 { _ = try id(.screen, row.to, input: number, &resolved) }
            }
            for kind in [EntityKind.delegate, .screen] {
                // Sorted in place, not a set: two million ids sort in half the memory a set of them takes.
                var used = resolved[number].ids(kind)
                used.sort()
                if zip(used, used.dropFirst()).contains(where: ==) { distinct = false }
            }
            let own = Set(resolved[number].ids(.delegate))
            if !delegates.isDisjoint(with: own) { distinct = false }
            delegates.formUnion(own)
        }
        progress.begin("reading the catalog's routes")
        var known = try KnownRoutes(delegates: delegates, db)
        let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM route") ?? 0
        let bulk = total >= Self.bulkLoadThreshold && total >= existing
        let indexes = bulk ? try RouteIndexes.drop(db) : RouteIndexes()
        let inserter = try RouteInserter(db)
        // Routes above this id are this import's own: a tie with one is a tie inside the input.
        let lastExistingID = try Int64.fetchOne(db, sql: "SELECT ifnull(max(id), 0) FROM route") ?? 0
        progress.begin("writing routes", total: Int64(total))
        for (number, input) in inputs.enumerated() {
            for (index, row) in input.tables.routes.rows.enumerated() {
                do {
                    try route(row, input: number, &resolved, &known, inserter, keepKeys: !distinct)
                } catch let CatalogError.routeTie(new, existing, existingID, example) {
                    let reason =
                        existingID > lastExistingID
                        ? "the route \(new) ties with the route \(existing) of this import: both would match \(example) equally; make one of them more specific"
                        : CatalogError.routeTie(new: new, existing: existing, existingID: existingID, example: example).description
                    throw CatalogError.invalidBundle(file: self.inputs[number].file, path: "$.routes[\(index)]", reason: reason)
                }
                progress.advance()
            }
        }
        try inserter.flush(db)
        guard bulk else { return }
        progress.begin("indexing routes")
        try Self.withCache(kibibytes: Self.indexingCacheKiB, db) { try indexes.create(db) }
    }

    /// One route of input `number`.
    private mutating func route(
        _ row: RouteTable.Row, input number: Int, _ resolved: inout [ResolvedReferences], _ known: inout KnownRoutes, _ inserter: RouteInserter,
        keepKeys: Bool
    ) throws {
        var ids = CatalogWriter.RouteIDs(
            delegate: try id(.delegate, row.delegate, input: number, &resolved), operation: row.operation, from: nil, to: nil,
            preset: nil, interaction: nil)
        if row.from >= 0 { ids.from = try id(.screen, row.from, input: number, &resolved) }
        if row.to >= 0 { ids.to = try id(.screen, row.to, input: number, &resolved) }
        if row.preset >= 0 { ids.preset = try id(.preset, row.preset, input: number, &resolved) }
        if row.interaction >= 0 { ids.interaction = try id(.preset, row.interaction, input: number, &resolved) }
        if let interaction = ids.interaction, interactive[interaction] == nil {
            try CatalogWriter(db: db).checkInteraction(interaction, name: try name(.preset, id: interaction))
            interactive[interaction] = true
        }
        let entry = RouteEntries.Row(
            delegate: try reportName(.delegate, row.delegate, input: number, &resolved), from: try reportName(.screen, row.from, input: number, &resolved),
            to: try reportName(.screen, row.to, input: number, &resolved), operation: row.operation, action: .added, fields: 0)
        let key = KnownRoutes.Key(delegate: ids.delegate, from: ids.from ?? 0, to: ids.to ?? 0, operation: ids.operation)
        if let old = known.routes[key] {
            try inserter.flush(db)
            try existingRoute(old, ids, key: key, entry: entry, &known)
            return
        }
        if known.ties(key) {
            // Let the writer look the tie up and word it; it refuses what ties, so this throws.
            try inserter.flush(db)
            let id = try CatalogWriter(db: db).insertRoute(ids)
            known.add(key, KnownRoutes.Route(id: id, preset: ids.preset, interaction: ids.interaction), keepKey: keepKeys)
        } else {
            try inserter.insert(ids, db)
            // A kept key needs its route's id now: write at once.
            if keepKeys, let id = try inserter.flush(db) {
                known.add(key, KnownRoutes.Route(id: id, preset: ids.preset, interaction: ids.interaction), keepKey: true)
            } else {
                known.add(key, KnownRoutes.Route(id: 0, preset: ids.preset, interaction: ids.interaction), keepKey: false)
            }
        }
        report.routes.append(entry)
    }

    /// A route whose key the catalog (or this import) has: unchanged, or a conflict for the policy.
    private mutating func existingRoute(
        _ old: KnownRoutes.Route, _ ids: CatalogWriter.RouteIDs, key: KnownRoutes.Key, entry: RouteEntries.Row, _ known: inout KnownRoutes
    ) throws {
        var entry = entry
        let differs = [old.preset != ids.preset, old.interaction != ids.interaction]
        entry.fields = (differs[0] ? 1 : 0) | (differs[1] ? 2 : 0)
        guard entry.fields != 0 else {
            entry.action = .unchanged
            report.routes.append(entry)
            return
        }
        switch policy {
        case .fail:
            func shown(_ id: Int64?) throws -> JSONValue { .string(try id.map { try name(.preset, id: $0).description }) }
            let olds = [("preset", try shown(old.preset)), ("interaction", try shown(old.interaction))]
            let news = [try shown(ids.preset), try shown(ids.interaction)]
            for ((field, was), wanted) in zip(olds, news) where was != wanted {
                conflicts.add("\(EntityKind.route.rawValue) \(report.routeName(entry))", field: field, old: was, new: wanted)
            }
        case .skip:
            entry.action = .skipped
            report.routes.append(entry)
        case .replace:
            entry.action = .changed
            report.routes.append(entry)
            try db.cachedStatement(sql: "UPDATE route SET preset_id = ?, interaction_id = ? WHERE id = ?").execute(arguments: [ids.preset, ids.interaction, old.id])
            known.routes[key] = KnownRoutes.Route(id: old.id, preset: ids.preset, interaction: ids.interaction)
        }
    }

    /// The row id of reference `index` of input `number`'s route table, resolved once.
    private mutating func id(_ kind: EntityKind, _ index: Int32, input number: Int, _ resolved: inout [ResolvedReferences]) throws -> Int64 {
        if let id = resolved[number][id: kind, Int(index)] { return id }
        let reference = tables[number].reference(index)
        let id = try importedScreen(kind, reference, input: number)?.id ?? resolvedID(kind, reference, library: inputs[number].bundle.library.name)
        resolved[number][id: kind, Int(index)] = id
        return id
    }

    /// The row id and report entry of a screen this import wrote or found in its input's
    /// library, when `reference` names one there (which a reference's lookup tries first).
    private func importedScreen(_ kind: EntityKind, _ reference: QualifiedName, input number: Int) -> (id: Int64, entry: Int?)? {
        let library = inputs[number].bundle.library.name
        guard kind == .screen, reference.library == nil || reference.library == library else { return nil }
        guard let imported = importedScreens[number], let position = tables[number].screenPosition(of: reference.name), position < imported.count
        else { return nil }
        return (imported.id(at: position), imported.entry(at: position))
    }

    /// The report's index of the `library/name` of reference `index` (-1 for `*`).
    private mutating func reportName(_ kind: EntityKind, _ index: Int32, input number: Int, _ resolved: inout [ResolvedReferences]) throws -> Int32 {
        guard index >= 0 else { return -1 }
        if let name = resolved[number][name: kind, Int(index)] { return name }
        let reference = tables[number].reference(index)
        let name =
            if let entry = importedScreen(kind, reference, input: number)?.entry {
                RouteEntries.listed(entry)
            } else {
                report.routes.name(try name(kind, id: try id(kind, index, input: number, &resolved)).description)
            }
        resolved[number][name: kind, Int(index)] = name
        return name
    }
}

/// The row ids and report names of one route table's references, per kind, filled as needed.
/// Screens are most of a large table's references (two million in a catalog of a million
/// mappings between screens of their own), so theirs are arrays by reference index, 12 bytes
/// each; delegates and presets are few, so theirs are dictionaries.
struct ResolvedReferences {
    private var screenIDs: [Int64]
    private var screenNames: [Int32]
    private var otherIDs: [Int: Int64] = [:]
    private var otherNames: [Int: Int32] = [:]
    /// Not resolved yet: no row id and no report index is this small (-1 is `*` in the report).
    private static let unresolvedID = Int64.min
    private static let unresolvedName = Int32.min

    init(count: Int) {
        screenIDs = Array(repeating: Self.unresolvedID, count: count)
        screenNames = Array(repeating: Self.unresolvedName, count: count)
    }

    /// The key of a delegate's or preset's reference in the dictionaries.
    private static func key(_ kind: EntityKind, _ index: Int) -> Int { index &* 2 &+ (kind == .delegate ? 0 : 1) }

    /// The row id reference `index` resolved to as `kind`, once resolved.
    subscript(id kind: EntityKind, index: Int) -> Int64? {
        get {
            guard kind == .screen else { return otherIDs[Self.key(kind, index)] }
            let id = screenIDs[index]
            return id == Self.unresolvedID ? nil : id
        }
        set {
            if kind == .screen { screenIDs[index] = newValue ?? Self.unresolvedID } else { otherIDs[Self.key(kind, index)] = newValue }
        }
    }

    /// The report's index of the name reference `index` has as `kind`, once known.
    subscript(name kind: EntityKind, index: Int) -> Int32? {
        get {
            guard kind == .screen else { return otherNames[Self.key(kind, index)] }
            let name = screenNames[index]
            return name == Self.unresolvedName ? nil : name
        }
        set {
            if kind == .screen { screenNames[index] = newValue ?? Self.unresolvedName } else { otherNames[Self.key(kind, index)] = newValue }
        }
    }

    /// The row ids resolved as `kind` (delegates or screens), one per reference resolved.
    func ids(_ kind: EntityKind) -> [Int64] {
        if kind == .screen { return screenIDs.filter { $0 != Self.unresolvedID } }
        return otherIDs.filter { $0.key & 1 == (kind == .delegate ? 0 : 1) }.map(\.value)
    }
}

/// The routes on some delegates, by key, and which one-sided wildcards each delegate and
/// operation has: what ``CatalogWriter/insertRoute(_:)`` would look up, in memory.
struct KnownRoutes {
    struct Key: Hashable {
        var delegate: Int64
        /// 0 for `*`, as in the `route_key` index.
        var from: Int64
        var to: Int64
        var operation: TransitionOperation
    }

    struct Route {
        var id: Int64
        var preset: Int64?
        var interaction: Int64?
    }

    private struct Pair: Hashable {
        var delegate: Int64
        var operation: TransitionOperation
    }

    /// By key. (A million of them: shape b imported again.)
    var routes = RouteKeyTable()
    /// Bit 0: a `* → B` route exists; bit 1: an `A → *` route exists.
    private var wildcards: [Pair: UInt8] = [:]

    /// The catalog's routes on `delegates`.
    init(delegates: Set<Int64>, _ db: Database) throws {
        let ids = JSONValue.array(delegates.sorted().map { .integer($0) }).compact
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, delegate_id, operation, ifnull(from_screen_id, 0), ifnull(to_screen_id, 0), preset_id, interaction_id
                FROM route WHERE delegate_id IN (SELECT value FROM json_each(?))
                """, arguments: [ids])
        while let row = try rows.next() {
            guard let operation = TransitionOperation(rawValue: row[2]) else { continue }
            add(Key(delegate: row[1], from: row[3], to: row[4], operation: operation), Route(id: row[0], preset: row[5], interaction: row[6]), keepKey: true)
        }
    }

    /// Records a route; its key is kept for exact lookups only when `keepKey` is set.
    mutating func add(_ key: Key, _ route: Route, keepKey: Bool) {
        if keepKey { routes[key] = route }
        if key.from == 0 && key.to != 0 { wildcards[Pair(delegate: key.delegate, operation: key.operation), default: 0] |= 1 }
        if key.from != 0 && key.to == 0 { wildcards[Pair(delegate: key.delegate, operation: key.operation), default: 0] |= 2 }
    }

    /// Whether a new route with `key` would tie with a known one: `A → *` with some `* → B`, or
    /// `* → B` with some `A → *` (both would match `A → B` equally).
    func ties(_ key: Key) -> Bool {
        guard key.from != 0 || key.to != 0, key.from == 0 || key.to == 0 else { return false }
        let bits = wildcards[Pair(delegate: key.delegate, operation: key.operation)] ?? 0
        return key.from == 0 ? bits & 2 != 0 : bits & 1 != 0
    }
}

/// The route table's indexes, dropped for a bulk load and created again from their own SQL.
struct RouteIndexes {
    private var statements: [String] = []

    /// Drops every index of the route table, returning them.
    static func drop(_ db: Database) throws -> RouteIndexes {
        let rows = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'route' AND sql IS NOT NULL ORDER BY rowid")
        var indexes = RouteIndexes()
        for row in rows {
            let name: String = row["name"]
            indexes.statements.append(row["sql"])
            try db.execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
        }
        return indexes
    }

    /// Creates the indexes again; the unique one refuses duplicates as it would have on insert.
    func create(_ db: Database) throws {
        for sql in statements { try db.execute(sql: sql) }
    }
}

/// Inserts routes a batch at a time through one prepared multi-row statement, binding row ids
/// directly: one statement per route costs SQLite a statement transaction each.
final class RouteInserter {
    /// Routes per statement (six parameters each).
    static let batchSize = 64
    private let batch: Statement
    private let single: Statement
    private var pending: [CatalogWriter.RouteIDs] = []

    init(_ db: Database) throws {
        let columns = "INSERT INTO route (delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id) VALUES "
        batch = try db.makeStatement(sql: columns + Array(repeating: "(?, ?, ?, ?, ?, ?)", count: Self.batchSize).joined(separator: ", "))
        single = try db.makeStatement(sql: columns + "(?, ?, ?, ?, ?, ?)")
        pending.reserveCapacity(Self.batchSize)
    }

    /// Queues one route; it is written by the time ``flush(_:)`` returns.
    func insert(_ ids: CatalogWriter.RouteIDs, _ db: Database) throws {
        pending.append(ids)
        if pending.count == Self.batchSize { try flush(db) }
    }

    /// Writes the queued routes, in order; returns the id of the last one (ids are consecutive).
    @discardableResult
    func flush(_ db: Database) throws -> Int64? {
        guard !pending.isEmpty else { return nil }
        if pending.count == Self.batchSize {
            try run(batch, pending, db)
        } else {
            for ids in pending { try run(single, [ids], db) }
        }
        pending.removeAll(keepingCapacity: true)
        return sqlite3_last_insert_rowid(db.sqliteConnection)
    }

    private func run(_ statement: Statement, _ routes: [CatalogWriter.RouteIDs], _ db: Database) throws {
        let handle = statement.sqliteStatement
        func bind(_ position: Int32, _ value: Int64?) {
            if let value { sqlite3_bind_int64(handle, position, value) } else { sqlite3_bind_null(handle, position) }
        }
        for (number, ids) in routes.enumerated() {
            let first = Int32(number * 6)
            bind(first + 1, ids.delegate)
            let operation = ids.operation.rawValueLiteral
            // A static string outlives the statement: SQLite need not copy it (nil destructor).
            sqlite3_bind_text(handle, first + 2, UnsafeRawPointer(operation.utf8Start).assumingMemoryBound(to: CChar.self), Int32(operation.utf8CodeUnitCount), nil)
            bind(first + 3, ids.from)
            bind(first + 4, ids.to)
            bind(first + 5, ids.preset)
            bind(first + 6, ids.interaction)
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        sqlite3_reset(handle)
    }
}
