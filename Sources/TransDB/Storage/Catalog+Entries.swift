import GRDB
import TransDBCore

/// Adding, listing, showing and removing entries. Each method is one transaction.
extension Catalog {
    // MARK: Add

    /// Adds a library. A dry run checks everything the addition would and keeps nothing (as do
    /// the other `add` methods').
    public func addLibrary(_ library: Library, dryRun: Bool = false) throws {
        try transaction(commit: !dryRun) { db in _ = try CatalogWriter(db: db).insertLibrary(library) }
    }

    /// Adds a named curve (its library is created if needed); an alias takes the expression of
    /// the curve it stands for.
    ///
    /// - Returns: The curve as stored.
    @discardableResult
    public func addCurve(_ curve: NamedCurve, dryRun: Bool = false) throws -> NamedCurve {
        try transaction(commit: !dryRun) { db in try CatalogReader(db: db).curve(id: try CatalogWriter(db: db).insertCurve(curve)) }
    }

    /// Adds a named duration (its library is created if needed).
    public func addDuration(_ duration: NamedDuration, dryRun: Bool = false) throws {
        try transaction(commit: !dryRun) { db in try CatalogWriter(db: db).insertDuration(duration) }
    }

    /// Named durations, optionally of one library, ordered by library and name.
    public func durations(library: String? = nil) throws -> [NamedDuration] {
        try read { db in try CatalogReader(db: db).durations(library: library) }
    }

    /// The named duration `name`, and the presets that use it.
    public func duration(_ name: QualifiedName) throws -> (duration: NamedDuration, usedBy: [String]) {
        try read { db in
            let id = try CatalogLookup.id(.duration, name, db)
            let reader = CatalogReader(db: db)
            return (try reader.duration(id: id), try reader.users(of: .duration, id: id))
        }
    }

    /// Adds a preset (its library is created if needed). Named curves and the reverse preset
    /// must exist.
    ///
    /// - Returns: The preset as stored, with its name in NFC and its references qualified.
    @discardableResult
    public func addPreset(_ preset: Preset, dryRun: Bool = false) throws -> Preset {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogWriter(db: db).insertPreset(preset)
            return try CatalogReader(db: db).preset(id: id)
        }
    }

    /// Adds a screen.
    public func addScreen(_ screen: Screen, dryRun: Bool = false) throws {
        try transaction(commit: !dryRun) { db in try CatalogWriter(db: db).insertScreen(screen) }
    }

    /// Adds a container.
    public func addContainer(_ container: Container, dryRun: Bool = false) throws {
        try transaction(commit: !dryRun) { db in try CatalogWriter(db: db).insertContainer(container) }
    }

    /// Adds a delegate.
    public func addDelegate(_ delegate: Delegate, dryRun: Bool = false) throws {
        try transaction(commit: !dryRun) { db in try CatalogWriter(db: db).insertDelegate(delegate) }
    }

    /// Marks a delegate released (a weak reference that is gone) or retained again.
    public func setReleased(_ name: QualifiedName, _ released: Bool) throws -> Delegate {
        try write { db in
            let id = try CatalogLookup.id(.delegate, name, db)
            try db.execute(sql: "UPDATE delegate SET released = ? WHERE id = ?", arguments: [released, id])
            return try CatalogReader(db: db).delegate(id: id)
        }
    }

    // MARK: List and show

    /// Libraries with the number of entries of each kind.
    public func libraries() throws -> [(library: Library, counts: [EntityKind: Int])] {
        try read { db in try CatalogReader(db: db).libraries() }
    }

    /// Named curves, optionally of one library or kind, ordered by library and name.
    public func curves(library: String? = nil, kind: TimingCurve.Kind? = nil) throws -> [NamedCurve] {
        try read { db in try CatalogReader(db: db).curves(library: library, kind: kind) }
    }

    /// Presets, optionally of one library or kind, ordered by library and name.
    public func presets(library: String? = nil, kind: PresetKind? = nil) throws -> [Preset] {
        try read { db in try CatalogReader(db: db).presets(library: library, kind: kind) }
    }

    /// Presets' summaries (no tracks), ordered by library and name: what `list presets` shows.
    public func presetSummaries(library: String? = nil, kind: PresetKind? = nil) throws -> [PresetSummary] {
        try read { db in try CatalogReader(db: db).presetSummaries(library: library, kind: kind) }
    }

    /// Whether a library named `name` exists.
    public func hasLibrary(_ name: String) throws -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM library WHERE name = ?)", arguments: [name]) ?? false }
    }

    /// The libraries that have an entry of `kind` named `name`, by name: more than one makes the
    /// bare name ambiguous wherever a library is not implied.
    public func libraries(having kind: EntityKind, named name: String) throws -> [String] {
        try read { db in
            try String.fetchAll(
                db, sql: "SELECT l.name FROM \(kind.table) e JOIN library l ON l.id = e.library_id WHERE e.name = ? ORDER BY l.name",
                arguments: [name])
        }
    }

    /// Screens, ordered by library and name.
    public func screens(library: String? = nil) throws -> [Screen] {
        try read { db in try CatalogReader(db: db).screens(library: library) }
    }

    /// Containers, ordered by library and name.
    public func containers(library: String? = nil, kind: ContainerKind? = nil) throws -> [Container] {
        try read { db in try CatalogReader(db: db).containers(library: library, kind: kind) }
    }

    /// Delegates, ordered by library and name.
    public func delegates(library: String? = nil) throws -> [Delegate] {
        try read { db in try CatalogReader(db: db).delegates(library: library) }
    }

    /// Route mappings, filtered by delegate, operation, the delegate's library, a screen on
    /// either side, or a preset returned as animator or interaction controller.
    public func routes(
        delegate: QualifiedName? = nil, operation: TransitionOperation? = nil, library: String? = nil, screen: QualifiedName? = nil,
        preset: QualifiedName? = nil
    ) throws -> [RouteMapping] {
        try read { db in
            let delegateID = try delegate.map { try CatalogLookup.id(.delegate, $0, db) }
            let screenID = try screen.map { try CatalogLookup.id(.screen, $0, db) }
            let presetID = try preset.map { try CatalogLookup.id(.preset, $0, db) }
            return try CatalogReader(db: db).routes(
                delegate: delegateID, operation: operation, library: library, screen: screenID, preset: presetID)
        }
    }

    /// The `library/name` of the curve `name` refers to.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func qualifiedCurveName(_ name: QualifiedName) throws -> QualifiedName {
        try qualifiedName(.curve, name)
    }

    /// The `library/name` of the entry of `kind` that `name` refers to.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func qualifiedName(_ kind: EntityKind, _ name: QualifiedName) throws -> QualifiedName {
        try read { db in try CatalogLookup.name(kind, id: CatalogLookup.id(kind, name, db), db) }
    }

    /// The curve `name`, and the presets that use it.
    public func curve(_ name: QualifiedName) throws -> (curve: NamedCurve, usedBy: [String]) {
        try read { db in
            let id = try CatalogLookup.id(.curve, name, db)
            let reader = CatalogReader(db: db)
            return (try reader.curve(id: id), try reader.users(of: .curve, id: id))
        }
    }

    /// The preset `name`, and what uses it.
    public func preset(_ name: QualifiedName) throws -> (preset: Preset, usedBy: [String]) {
        try read { db in
            let id = try CatalogLookup.id(.preset, name, db)
            let reader = CatalogReader(db: db)
            return (try reader.preset(id: id), try reader.users(of: .preset, id: id))
        }
    }

    /// The preset named `name`, without the entries that use it.
    public func preset(named name: QualifiedName) throws -> Preset {
        try read { db in try CatalogReader(db: db).preset(id: CatalogLookup.id(.preset, name, db)) }
    }

    /// What preset `name` plays for when no operation is given (`eval PRESET`, `preview PRESET`):
    /// the operation of the routes that play it when they agree, so that a dismiss preset is not
    /// called a present; else present.
    public func operation(playing name: QualifiedName) throws -> TransitionOperation {
        try read { db in
            let id = try CatalogLookup.id(.preset, name, db)
            let found = try String.fetchAll(db, sql: "SELECT DISTINCT operation FROM route WHERE preset_id = ? LIMIT 2", arguments: [id])
            return found.count == 1 ? TransitionOperation(rawValue: found[0]) ?? .present : .present
        }
    }

    /// The route mapping with id `id`.
    public func route(id: Int64) throws -> RouteMapping {
        try read { db in try CatalogReader(db: db).route(id: id) }
    }

    /// The curve a reference stands for: the named curve's, or the inline one.
    /// The expression of the curve `reference` stands for: an inline curve's own, a named
    /// curve's as stored.
    public func curveExpression(_ reference: CurveReference) throws -> String {
        if case let .inline(curve) = reference { return curve.expression }
        return try read { db in try CatalogReader(db: db).expression(of: reference) }
    }

    public func timingCurve(_ reference: CurveReference) throws -> TimingCurve {
        switch reference {
        case let .inline(curve): curve
        // Only the curve: `curve(_:)` also reads every preset that uses it.
        case let .named(name): try read { db in try CatalogReader(db: db).curve(id: CatalogLookup.id(.curve, name, db)).curve }
        }
    }
}
