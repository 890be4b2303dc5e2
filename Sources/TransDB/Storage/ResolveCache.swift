import GRDB

/// What the batch resolver has read of a catalog, by name or id: screens, containers, delegates
/// and presets are few beside route mappings, so each is read once and only the route index is
/// probed per request. Valid for one state of the catalog: the owner empties it when
/// `PRAGMA data_version` says another connection committed.
///
/// An entry is `refused` where the resolver's lookup would throw (an ambiguous or invalid name,
/// a name `--strict` refuses, a missing row): the batch resolver then lets the lookup itself
/// answer that request, so errors are worded in one place.
struct ResolveCache {
    /// A screen as a request names it.
    enum ScreenEntry {
        case found(id: Int64, modalStyle: ModalTransitionStyle, delegateID: Int64?)
        case unknown
        case refused
    }

    /// A container as a request names it (or does not: the only one of its kind).
    enum ContainerEntry {
        /// `name` is the JSON string of its `library/name`.
        case found(name: [UInt8], delegateID: Int64?)
        case unknown
        case refused
    }

    struct ContainerKey: Hashable {
        var kind: ContainerKind
        var name: String?
    }

    struct DelegateEntry {
        /// The JSON string of its `library/name`.
        var name: [UInt8]
        var released: Bool
    }

    struct MethodKey: Hashable {
        var delegateID: Int64
        var operation: TransitionOperation
    }

    /// A delegate's animator method for one operation.
    struct MethodEntry {
        /// It has a mapping for the operation or the one sharing the method.
        var implemented: Bool
        /// Which wildcard keys its mappings for the operation have.
        var shape: RouteProbe.Shape
    }

    struct PresetEntry {
        /// The JSON string of its `library/name`.
        var name: [UInt8]
        /// The JSON object a resolution shows for it.
        var record: [UInt8]
    }

    /// Requests may name any number of screens that do not exist; past this many entries a
    /// table is emptied rather than grown, so memory stays bounded.
    static let limit = 100_000

    let strict: Bool
    private var screens: [String: ScreenEntry] = [:]
    private var screenNames: [Int64: [UInt8]?] = [:]
    private var screenIndex: [String: [ScreenRow]]??
    private var containers: [ContainerKey: ContainerEntry] = [:]
    private var delegates: [Int64: DelegateEntry?] = [:]
    private var methods: [MethodKey: MethodEntry] = [:]
    private var zeroScreenIDs: Bool?
    private var presets: [Int64: PresetEntry?] = [:]
    private var curveExpressions: [CurveReference: String] = [:]

    init(strict: Bool) {
        self.strict = strict
    }

    /// Forgets everything, for a catalog that has changed.
    mutating func removeAll() {
        screens = [:]
        screenNames = [:]
        screenIndex = nil
        containers = [:]
        delegates = [:]
        methods = [:]
        zeroScreenIDs = nil
        presets = [:]
        curveExpressions = [:]
    }

    private static func bounded<Key, Value>(_ table: inout [Key: Value]) {
        if table.count >= limit { table = [:] }
    }

    // MARK: Screens

    /// The screen `name` (as the request gives it), as `Lookup.screen` finds it.
    mutating func screen(_ name: String, _ db: Database) -> ScreenEntry {
        if let entry = screens[name] { return entry }
        let entry = (try? findScreen(name, db)) ?? .refused
        Self.bounded(&screens)
        screens[name] = entry
        return entry
    }

    private mutating func findScreen(_ name: String, _ db: Database) throws -> ScreenEntry {
        if name == "*" { return .refused }
        let reference = try QualifiedName(parsing: name, field: "screen")
        if let index = try screenIndex(db) {
            // `CatalogLookup.find` over the index: a bare name must be unique across libraries.
            let rows = index[reference.name, default: []].filter { reference.library == nil || $0.library == reference.library }
            if rows.count > 1 { return .refused }
            guard let row = rows.first else { return strict ? .refused : .unknown }
            return .found(id: row.id, modalStyle: row.modalStyle, delegateID: row.delegateID)
        }
        guard let id = try CatalogLookup.find(.screen, reference, db) else { return strict ? .refused : .unknown }
        guard
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT modal_style, delegate_id FROM screen WHERE id = ?"), arguments: [id])
        else {
            return .refused
        }
        return .found(id: id, modalStyle: ModalTransitionStyle(rawValue: row[0]) ?? .coverVertical, delegateID: row[1])
    }

    /// A screen as the index holds it.
    struct ScreenRow {
        var library: String
        var id: Int64
        var modalStyle: ModalTransitionStyle
        var delegateID: Int64?
    }

    /// Catalogs with at most this many screens have them all read at once: then a name not in
    /// the catalog, which requests may give any number of, costs no query.
    static let screenIndexLimit = 100_000

    /// Every screen by name, or `nil` when there are too many, or when a stored name is not in
    /// NFC (transdb writes only NFC): Swift compares strings by canonical equivalence, SQLite
    /// byte by byte, and the two agree only on NFC.
    private mutating func screenIndex(_ db: Database) throws -> [String: [ScreenRow]]? {
        if let screenIndex { return screenIndex }
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM screen") ?? .max <= Self.screenIndexLimit else {
            screenIndex = .some(nil)
            return nil
        }
        var index: [String: [ScreenRow]] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql:
                "SELECT s.id, s.name, l.name, s.modal_style, s.delegate_id FROM screen s JOIN library l ON l.id = s.library_id ORDER BY l.name"
        )
        while let row = try rows.next() {
            let name: String = row[1]
            let library: String = row[2]
            guard Name.nfc(name).utf8.elementsEqual(name.utf8), Name.nfc(library).utf8.elementsEqual(library.utf8) else {
                screenIndex = .some(nil)
                return nil
            }
            index[name, default: []].append(
                ScreenRow(
                    library: library, id: row[0], modalStyle: ModalTransitionStyle(rawValue: row[3]) ?? .coverVertical, delegateID: row[4]))
        }
        screenIndex = index
        return index
    }

    /// The JSON string of screen `id`'s `library/name`, for a mapping's side; `nil` when it
    /// cannot be read.
    mutating func screenName(id: Int64, _ db: Database) -> [UInt8]? {
        if let entry = screenNames[id] { return entry }
        let entry = (try? CatalogLookup.name(.screen, id: id, db)).map(Self.quoted)
        Self.bounded(&screenNames)
        screenNames[id] = entry
        return entry
    }

    // MARK: Containers and delegates

    /// The container a push, pop or tab asks, as `Lookup.container` finds it.
    mutating func container(_ key: ContainerKey, _ db: Database) -> ContainerEntry {
        if let entry = containers[key] { return entry }
        let entry = (try? findContainer(key, db)) ?? .refused
        Self.bounded(&containers)
        containers[key] = entry
        return entry
    }

    private func findContainer(_ key: ContainerKey, _ db: Database) throws -> ContainerEntry {
        let id: Int64
        if let given = key.name {
            let reference = try QualifiedName(parsing: given, field: "container")
            guard let found = try CatalogLookup.find(.container, reference, db) else { return strict ? .refused : .unknown }
            id = found
        } else {
            let candidates = try Int64.fetchAll(db, sql: "SELECT id FROM container WHERE kind = ? LIMIT 2", arguments: [key.kind.rawValue])
            guard candidates.count == 1 else { return .refused }
            id = candidates[0]
        }
        guard
            let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT c.name, l.name AS library, c.kind, c.delegate_id FROM container c JOIN library l ON l.id = c.library_id WHERE c.id = ?",
                arguments: [id])
        else { return .refused }
        guard (row["kind"] as String) == key.kind.rawValue else { return .refused }
        return .found(name: Self.quoted(QualifiedName(library: row["library"], name: row["name"])), delegateID: row["delegate_id"])
    }

    /// Delegate `id`, or `nil` when it cannot be read.
    mutating func delegate(id: Int64, _ db: Database) -> DelegateEntry? {
        if let entry = delegates[id] { return entry }
        let entry = (try? CatalogReader(db: db).delegate(id: id)).map {
            DelegateEntry(name: Self.quoted($0.qualifiedName), released: $0.released)
        }
        Self.bounded(&delegates)
        delegates[id] = entry
        return entry
    }

    /// Whether delegate `id` implements the animator method of `operation` (has a mapping for
    /// it, or for the operation sharing the method), and which wildcard keys its mappings for
    /// `operation` have; `nil` when that cannot be read.
    mutating func method(delegateID: Int64, _ operation: TransitionOperation, _ db: Database) -> MethodEntry? {
        let key = MethodKey(delegateID: delegateID, operation: operation)
        if let known = methods[key] { return known }
        let operations = operation.sameMethod.map(\.rawValue)
        let entry: MethodEntry
        do {
            let implemented =
                try Bool.fetchOne(
                    db.cachedStatement(
                        sql:
                            "SELECT EXISTS (SELECT 1 FROM route WHERE delegate_id = ? AND operation IN (\(operations.map { _ in "?" }.joined(separator: ", "))))"
                    ),
                    arguments: StatementArguments([delegateID] + operations.map { $0 as (any DatabaseValueConvertible) })) ?? false
            // Each is a prefix of one of the two route key indexes.
            let exists = "SELECT EXISTS (SELECT 1 FROM route WHERE delegate_id = ? AND operation = ? AND "
            entry = MethodEntry(
                implemented: implemented,
                shape: RouteProbe.Shape(
                    fromWildcard: try Bool.fetchOne(
                        db.cachedStatement(sql: exists + "ifnull(from_screen_id, 0) = 0)"), arguments: [delegateID, operation.rawValue])
                        ?? true,
                    toWildcard: try Bool.fetchOne(
                        db.cachedStatement(sql: exists + "ifnull(to_screen_id, 0) = 0)"), arguments: [delegateID, operation.rawValue])
                        ?? true))
        } catch {
            return nil
        }
        Self.bounded(&methods)
        methods[key] = entry
        return entry
    }

    /// Whether some mapping names a screen with id 0 (only a hand-made catalog can), which the
    /// route key cannot tell from a wildcard; `nil` when that cannot be read.
    mutating func hasZeroScreenIDs(_ db: Database) -> Bool? {
        if let known = zeroScreenIDs { return known }
        do {
            let found =
                try Bool.fetchOne(
                    db,
                    sql:
                        "SELECT EXISTS (SELECT 1 FROM route WHERE from_screen_id = 0) OR EXISTS (SELECT 1 FROM route WHERE to_screen_id = 0)"
                ) ?? true
            zeroScreenIDs = found
            return found
        } catch {
            return nil
        }
    }

    // MARK: Presets

    /// Preset `id` as a resolution shows it, or `nil` when it cannot be read.
    mutating func preset(id: Int64, _ db: Database) -> PresetEntry? {
        if let entry = presets[id] { return entry }
        var entry: PresetEntry?
        // The record shows no tracks: reading them would be most of the cost.
        if let preset = try? CatalogReader(db: db).preset(id: id, tracks: false) {
            let record = preset.resolutionRecord { curveExpression($0, db) }
            entry = PresetEntry(name: Self.quoted(preset.qualifiedName), record: Array(record.compact.utf8))
        }
        Self.bounded(&presets)
        presets[id] = entry
        return entry
    }

    /// A curve's expression, or the reference as written when it cannot be read: what
    /// `transdb resolve` prints (see `Resolve.run`).
    mutating func curveExpression(_ reference: CurveReference, _ db: Database) -> String {
        if let known = curveExpressions[reference] { return known }
        let expression: String
        switch reference {
        case let .inline(curve):
            expression = curve.expression
        case let .named(name):
            expression =
                (try? CatalogReader(db: db).curve(id: CatalogLookup.id(.curve, name, db)).curve.expression) ?? reference.description
        }
        Self.bounded(&curveExpressions)
        curveExpressions[reference] = expression
        return expression
    }

    private static func quoted(_ name: QualifiedName) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONBytes.appendQuoted(name.description, to: &bytes)
        return bytes
    }
}
