import GRDB
import GRDBSQLite
import TransDBCore

/// UIKit's lookup reading a catalog on disk: each question is one or a few probes of a unique
/// index, stepped through SQLite's C API (decoding rows through GRDB would cost more than the
/// probes themselves). Valid for the read that gave it `db`; what it learns of the catalog goes
/// to ``SourceMemo``, which a batch carries from one read to the next.
struct CatalogLookupSource: LookupSource {
    private let db: Database
    /// The statements prepared by earlier reads of the same connection.
    private let memo: SourceMemo
    /// In a batch, the presets the other lanes have read, and how a preset read here is kept.
    var batch: BatchPresets?

    /// A source over `db`, adding to what `memo` knows of the same catalog state.
    init(_ db: Database, memo: SourceMemo = SourceMemo()) {
        self.db = db
        self.memo = memo
    }

    // MARK: Screens and containers

    mutating func screen(_ name: QualifiedName) throws -> LookupScreen? {
        try entry(.screen, name, \.name) { statement, id, name in
            LookupScreen(
                id: id, name: name,
                modalStyle: ModalTransitionStyle(rawValue: Self.text(statement, 2)) ?? .coverVertical,
                presentationStyle: ModalPresentationStyle(rawValue: Self.text(statement, 3)) ?? .automatic,
                delegateID: Self.integer(statement, 4))
        }
    }

    mutating func container(_ name: QualifiedName) throws -> LookupContainer? {
        try entry(.container, name, \.name) { statement, id, name in
            LookupContainer(
                id: id, name: name, kind: ContainerKind(rawValue: Self.text(statement, 2)) ?? .navigation,
                delegateID: Self.integer(statement, 3))
        }
    }

    mutating func containers(kind: ContainerKind, limit: Int) throws -> [LookupContainer] {
        let statement = try prepared(.containersOfKind)
        return try rows(statement, bind: { sqlite3_bind_int64($0, 2, Int64(limit)) }, text: kind.rawValue) { statement in
            LookupContainer(
                id: sqlite3_column_int64(statement, 0),
                name: QualifiedName(library: Self.text(statement, 1), name: Self.text(statement, 5)),
                kind: ContainerKind(rawValue: Self.text(statement, 2)) ?? kind, delegateID: Self.integer(statement, 3))
        }
    }

    /// The screen or container `name` refers to: a qualified name in its library, a bare name
    /// only when one library has it (``LookupError/ambiguous(kind:name:candidates:)`` otherwise).
    private mutating func entry<Entry>(
        _ kind: EntityKind, _ name: QualifiedName, _ qualifiedName: KeyPath<Entry, QualifiedName>,
        _ make: (OpaquePointer, Int64, QualifiedName) -> Entry
    ) throws -> Entry? {
        if let library = name.library {
            let statement = try prepared(.qualified(kind))
            return try rows(statement, bind: { _ in }, text: library, name.name) { statement in
                make(statement, sqlite3_column_int64(statement, 0), name)
            }.first
        }
        // By the name's index; several libraries are ordered here, not by SQLite's sorter.
        let statement = try prepared(.bare(kind))
        let found = try rows(statement, bind: { _ in }, text: name.name) { statement in
            make(statement, sqlite3_column_int64(statement, 0), QualifiedName(library: Self.text(statement, 1), name: name.name))
        }
        if found.count > 1 {
            let candidates = found.map { "\($0[keyPath: qualifiedName].library ?? "")/\(name.name)" }
            throw LookupError.ambiguous(kind: kind, name: name.name, candidates: candidates.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
        return found.first
    }

    // MARK: Delegates and mappings

    mutating func delegate(id: Int64) throws -> LookupDelegate {
        let statement = try prepared(.delegate)
        let found = try rows(statement, bind: { sqlite3_bind_int64($0, 1, id) }) { statement in
            LookupDelegate(
                name: QualifiedName(library: Self.text(statement, 1), name: Self.text(statement, 0)), released: sqlite3_column_int64(statement, 2) != 0)
        }
        guard let delegate = found.first else { throw LookupError.notFound(kind: .delegate, name: "#\(id)", suggestion: nil) }
        return delegate
    }

    mutating func hasMappings(delegateID: Int64, for operations: [TransitionOperation]) throws -> Bool {
        for operation in operations where try shape(delegateID: delegateID, operation).contains(.any) {
            return true
        }
        return false
    }

    /// Which route keys the delegate's mappings for `operation` have: any, some with a wildcard
    /// `from`, some with a wildcard `to`. Read once per delegate and operation, so that a probe
    /// that no mapping can answer is not made.
    private mutating func shape(delegateID: Int64, _ operation: TransitionOperation) throws -> RouteKeyProbes.Shape {
        let key = delegateID &* 8 &+ Int64(operation.ordinal)
        if let known = memo.shapes[key] { return known }
        let statement = try prepared(.shape)
        let flags = try rows(statement, bind: { sqlite3_bind_int64($0, 1, delegateID) }, text: nil, operation.rawValue) { statement in
            var shape: RouteKeyProbes.Shape = []
            if sqlite3_column_int64(statement, 0) != 0 { shape.insert(.any) }
            if sqlite3_column_int64(statement, 1) != 0 { shape.insert(.fromWildcard) }
            if sqlite3_column_int64(statement, 2) != 0 { shape.insert(.toWildcard) }
            return shape
        }
        let shape = flags.first ?? [.any, .fromWildcard, .toWildcard]
        memo.remember(shape, for: key)
        return shape
    }

    mutating func mappings(delegateID: Int64, operation: TransitionOperation, from: Int64?, to: Int64?, all: Bool) throws
        -> [LookupMapping]
    {
        // A side that is not a screen of the catalog (`nil`) can match only wildcards, so it is
        // probed as the wildcard, 0.
        let shape = try shape(delegateID: delegateID, operation)
        return try RouteKeyProbes.mappings(from: from ?? 0, to: to ?? 0, shape: shape, all: all) { keyFrom, keyTo in
            try probe(delegateID: delegateID, operation: operation, from: keyFrom, to: keyTo)
        }
    }

    private mutating func probe(delegateID: Int64, operation: TransitionOperation, from: Int64, to: Int64) throws -> LookupMapping? {
        try rows(
            try prepared(.route(operation)),
            bind: {
                sqlite3_bind_int64($0, 1, delegateID)
                sqlite3_bind_int64($0, 2, from)
                sqlite3_bind_int64($0, 3, to)
            }
        ) { statement in
            LookupMapping(
                id: sqlite3_column_int64(statement, 0), fromScreenID: Self.integer(statement, 1), toScreenID: Self.integer(statement, 2),
                presetID: Self.integer(statement, 3), interactionID: Self.integer(statement, 4))
        }.first
    }

    // MARK: Names and presets

    mutating func screenName(id: Int64) throws -> QualifiedName {
        try CatalogLookup.name(.screen, id: id, db)
    }

    mutating func preset(id: Int64) throws -> Preset {
        try CatalogReader(db: db).preset(id: id)
    }

    mutating func presetBox(id: Int64) throws -> Boxed<Preset> {
        let db = db
        let read = { try CatalogReader(db: db).preset(id: id) }
        return try batch.map { try $0.box(id: id, orRead: read) } ?? Boxed(wrappedValue: read())
    }

    mutating func suggestion(_ kind: EntityKind, _ name: QualifiedName) throws -> String? {
        try CatalogLookup.suggestion(kind, name, db)
    }

    // MARK: Statements

    fileprivate enum Query: Hashable {
        case qualified(EntityKind), bare(EntityKind), containersOfKind, delegate, route(TransitionOperation), shape

        var sql: String {
            switch self {
            case let .qualified(kind):
                "SELECT e.id, l.name, \(Self.columns(kind)) FROM \(kind.table) e JOIN library l ON l.id = e.library_id WHERE l.name = ?1 AND e.name = ?2"
            case let .bare(kind):
                "SELECT e.id, l.name, \(Self.columns(kind)) FROM \(kind.table) e JOIN library l ON l.id = e.library_id WHERE e.name = ?1 LIMIT 50"
            case .delegate:
                "SELECT d.name, l.name, d.released FROM delegate d JOIN library l ON l.id = d.library_id WHERE d.id = ?1"
            case .containersOfKind:
                "SELECT e.id, l.name, e.kind, e.delegate_id, NULL, e.name FROM container e JOIN library l ON l.id = e.library_id WHERE e.kind = ?1 ORDER BY l.name || '/' || e.name LIMIT ?2"
            // A point probe of the unique route key (an `IN (?, 0)` list would make SQLite build
            // temporary b-trees); the operation is in the SQL so that only integers are bound.
            case let .route(operation):
                """
                SELECT id, from_screen_id, to_screen_id, preset_id, interaction_id FROM route
                WHERE delegate_id = ?1 AND operation = '\(operation.rawValue)' AND ifnull(from_screen_id, 0) = ?2 AND ifnull(to_screen_id, 0) = ?3
                """
            // Prefixes of the two route key indexes.
            case .shape:
                """
                SELECT EXISTS (SELECT 1 FROM route WHERE delegate_id = ?1 AND operation = ?2),
                    EXISTS (SELECT 1 FROM route WHERE delegate_id = ?1 AND operation = ?2 AND ifnull(from_screen_id, 0) = 0),
                    EXISTS (SELECT 1 FROM route WHERE delegate_id = ?1 AND operation = ?2 AND ifnull(to_screen_id, 0) = 0)
                """
            }
        }

        /// A small number per query, for ``SourceMemo``.
        var slot: Int {
            switch self {
            case let .qualified(kind): kind == .screen ? 0 : 1
            case let .bare(kind): kind == .screen ? 2 : 3
            case .containersOfKind: 4
            case .delegate: 5
            case .shape: 6
            case let .route(operation): 7 + operation.ordinal
            }
        }

        private static func columns(_ kind: EntityKind) -> String {
            kind == .screen ? "e.modal_style, e.presentation_style, e.delegate_id" : "e.kind, e.delegate_id"
        }
    }

    private mutating func prepared(_ query: Query) throws -> OpaquePointer {
        try memo.statement(query, db).sqliteStatement
    }

    /// Steps `statement` with `texts` bound from parameter 1 on (`nil` leaves one unbound for
    /// `bind`), making a value of each row.
    private func rows<Value>(
        _ statement: OpaquePointer, bind: (OpaquePointer) -> Void, text texts: String?..., make: (OpaquePointer) throws -> Value
    ) throws -> [Value] {
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        bind(statement)
        // SQLITE_TRANSIENT: SQLite copies the text, so the Swift strings need not outlive the call.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (index, text) in texts.enumerated() {
            guard let text else { continue }
            sqlite3_bind_text(statement, Int32(index + 1), text, -1, transient)
        }
        var values: [Value] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: values.append(try make(statement))
            case SQLITE_DONE: return values
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    private static func integer(_ statement: OpaquePointer, _ column: Int32) -> Int64? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, column)
    }
}

/// What ``CatalogLookupSource`` keeps from one read to the next: its prepared statements (valid
/// for one connection) and the shapes of the delegates' mappings (valid for one state of the
/// catalog). A reference, so that what one read learns serves the next.
final class SourceMemo {
    /// Which route keys a delegate's mappings for an operation have, by delegate id and
    /// operation (an integer key: no conformance to look up on start).
    fileprivate private(set) var shapes: [Int64: RouteKeyProbes.Shape] = [:]

    fileprivate func remember(_ shape: RouteKeyProbes.Shape, for key: Int64) {
        if shapes.count >= 1 << 17 { shapes.removeAll(keepingCapacity: true) }
        shapes[key] = shape
    }

    /// By ``CatalogLookupSource/Query/slot``: an array, where a dictionary keyed by the query
    /// would cost a look-up of its conformances on a single resolve's start.
    private var statements: [Statement?] = []

    fileprivate func statement(_ query: CatalogLookupSource.Query, _ db: Database) throws -> Statement {
        let slot = query.slot
        if slot < statements.count, let statement = statements[slot] { return statement }
        let statement = try db.makeStatement(sql: query.sql)
        if slot >= statements.count { statements += Array(repeating: nil, count: slot + 1 - statements.count) }
        statements[slot] = statement
        return statement
    }
}
