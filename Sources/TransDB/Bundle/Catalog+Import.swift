import GRDB

/// What `import` does with an entry that exists in the catalog with other values.
public enum ConflictPolicy: String, CaseIterable, Sendable {
    /// Refuse the whole import, listing every such entry.
    case fail
    /// Keep the catalog's entry.
    case skip
    /// Take the bundle's entry.
    case replace
}

/// What an import did (or, for a dry run, would do), entry by entry.
public struct ImportReport: Hashable, Sendable {
    /// What happened to one entry.
    public enum Action: String, Hashable, Sendable {
        case added, changed, unchanged, skipped, removed
    }

    /// One entry of the report.
    public struct Entry: Hashable, Sendable {
        public var kind: EntityKind
        /// `library/name`, or for a route `delegate: operation from → to`.
        public var name: String
        public var action: Action
        /// The fields that differ from the catalog (changed and skipped entries).
        public var fields: [String]
    }

    public var entries: [Entry] = []

    /// How many entries had `action`.
    public func count(_ action: Action) -> Int { entries.filter { $0.action == action }.count }

    /// `kind, name, action, fields` per entry.
    public var listing: Listing {
        Listing(
            records: entries.map { entry in
                [
                    ("kind", .string(entry.kind.rawValue)), ("name", .string(entry.name)), ("action", .string(entry.action.rawValue)),
                    ("fields", .array(entry.fields.map(JSONValue.string))),
                ]
            }, tableColumns: ["action", "kind", "name", "fields"])
    }

    /// `3 added, 1 changed, 40 unchanged`.
    public var summary: String {
        let parts = [Action.added, .changed, .removed, .skipped, .unchanged].compactMap { action -> String? in
            let n = count(action)
            return n > 0 ? "\(n) \(action.rawValue)" : nil
        }
        return parts.isEmpty ? "nothing to do" : parts.joined(separator: ", ")
    }
}

extension Catalog {
    /// Imports libraries in one transaction: every reference is checked first (the files
    /// imported together may refer to each other), then each entry is added, left alone when
    /// equal, or — when it differs — handled by `policy`.
    ///
    /// - Parameters:
    ///   - inputs: The bundles and the files they came from (for errors).
    ///   - policy: What to do with entries that differ from the catalog's.
    ///   - dryRun: Work out the report and change nothing.
    /// - Throws: ``CatalogError/missingReferences(_:)`` listing every missing name;
    ///   ``CatalogError/importConflicts(_:)`` under `.fail`; the catalog is then unchanged.
    public func importBundles(_ inputs: [(bundle: LibraryBundle, file: String)], policy: ConflictPolicy, dryRun: Bool = false) throws -> ImportReport {
        try transaction(commit: !dryRun) { db in
            var run = BundleImport(db: db, inputs: inputs, policy: policy, removeOthers: false)
            return try run.run()
        }
    }

    /// Makes each library exactly equal to its bundle — adding, changing and removing entries —
    /// in one transaction. `merge` writes its result through this.
    public func synchronize(_ bundles: [LibraryBundle], dryRun: Bool = false) throws -> ImportReport {
        try transaction(commit: !dryRun) { db in
            var run = BundleImport(db: db, inputs: bundles.map { ($0, $0.library.name) }, policy: .replace, removeOthers: true)
            return try run.run()
        }
    }
}

/// One import, phase by phase across all its bundles so that they may refer to each other.
struct BundleImport {
    let db: Database
    let inputs: [(bundle: LibraryBundle, file: String)]
    let policy: ConflictPolicy
    /// Remove entries of the imported libraries that the bundles do not have.
    let removeOthers: Bool
    var report = ImportReport()
    var conflicts: [String] = []
    /// Row ids of references already resolved, by kind, preferred library and reference.
    private var ids: [String: Int64] = [:]
    /// `library/name` of row ids already read, by kind and id.
    private var names: [String: QualifiedName] = [:]
    /// Interaction presets already checked for interaction settings.
    private var interactive: [Int64: Bool] = [:]

    init(db: Database, inputs: [(bundle: LibraryBundle, file: String)], policy: ConflictPolicy, removeOthers: Bool) {
        self.db = db
        self.inputs = inputs
        self.policy = policy
        self.removeOthers = removeOthers
    }

    mutating func run() throws -> ImportReport {
        let names = inputs.map(\.bundle.library.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw CatalogError.conflict("the library '\(duplicate)' is imported twice in one command")
        }
        try checkReferences()
        for input in inputs { try library(input.bundle) }
        for input in inputs { for curve in input.bundle.curves { try self.curve(curve) } }
        for input in inputs { for preset in input.bundle.presets { try self.preset(preset) } }
        for input in inputs { for preset in input.bundle.presets { try reverse(preset) } }
        for input in inputs { for delegate in input.bundle.delegates { try self.delegate(delegate) } }
        for input in inputs { for screen in input.bundle.screens { try self.screen(screen) } }
        for input in inputs { for container in input.bundle.containers { try self.container(container) } }
        for input in inputs { for route in input.bundle.routes { try self.route(route, library: input.bundle.library.name) } }
        if removeOthers { for input in inputs { try removeMissing(input.bundle) } }
        if !conflicts.isEmpty { throw CatalogError.importConflicts(conflicts) }
        return report
    }

    // MARK: References

    /// Every name the bundles refer to must be in a bundle of this import or in the catalog.
    private func checkReferences() throws {
        var missing: [(String, String)] = []
        let byLibrary = Dictionary(inputs.map { ($0.bundle.library.name, $0.bundle) }, uniquingKeysWith: { a, _ in a })
        // Sets, so that checking a hundred thousand routes costs a hundred thousand lookups.
        var defined: [String: [EntityKind: Set<String>]] = [:]
        for (bundle, _) in inputs {
            defined[bundle.library.name] = [
                .curve: Set(bundle.curves.map(\.name)), .preset: Set(bundle.presets.map(\.name)),
                .delegate: Set(bundle.delegates.map(\.name)), .screen: Set(bundle.screens.map(\.name)),
            ]
        }
        func check(_ kind: EntityKind, _ reference: QualifiedName?, from bundle: LibraryBundle, usedBy user: String) throws {
            guard let reference else { return }
            let library = reference.library ?? bundle.library.name
            if byLibrary[library] != nil, defined[library]?[kind]?.contains(reference.name) == true { return }
            if reference.library == nil {
                if try CatalogLookup.find(kind, reference, prefer: bundle.library.name, db) != nil { return }
            } else if try CatalogLookup.find(kind, reference, db) != nil {
                return
            }
            missing.append(("\(kind.rawValue) \(reference.library == nil ? "\(bundle.library.name)/\(reference.name)" : reference.description)", user))
        }
        for (bundle, _) in inputs {
            let lib = bundle.library.name
            for preset in bundle.presets {
                let user = "preset \(lib)/\(preset.name)"
                if case let .named(curve) = preset.curve { try check(.curve, curve, from: bundle, usedBy: user) }
                if case let .named(curve)? = preset.interaction?.completionCurve { try check(.curve, curve, from: bundle, usedBy: user) }
                try check(.preset, preset.reverse, from: bundle, usedBy: user)
            }
            for screen in bundle.screens { try check(.delegate, screen.delegate, from: bundle, usedBy: "screen \(lib)/\(screen.name)") }
            for container in bundle.containers {
                try check(.delegate, container.delegate, from: bundle, usedBy: "container \(lib)/\(container.name)")
            }
            for route in bundle.routes {
                let user = "route \(route.delegate): \(route.routeDescription)"
                try check(.delegate, route.delegate, from: bundle, usedBy: user)
                for side in [route.from, route.to] {
                    if case let .screen(screen) = side { try check(.screen, screen, from: bundle, usedBy: user) }
                }
                try check(.preset, route.preset, from: bundle, usedBy: user)
                try check(.preset, route.interaction, from: bundle, usedBy: user)
            }
        }
        if !missing.isEmpty {
            // One line per missing name, with its first user and how many more there are.
            var order: [String] = []
            var users: [String: [String]] = [:]
            for (name, user) in missing {
                if users[name] == nil { order.append(name) }
                users[name, default: []].append(user)
            }
            throw CatalogError.missingReferences(order.map { name in
                let list = users[name] ?? []
                return "\(name) (used by \(list.first ?? "")\(list.count > 1 ? " and \(list.count - 1) more" : ""))"
            })
        }
    }

    // MARK: Entries

    /// Records what happened to an entry that exists: unchanged, or a conflict handled by the policy.
    /// Returns whether the bundle's values must be written.
    private mutating func existing(_ kind: EntityKind, _ name: String, old: [(String, JSONValue)], new: [(String, JSONValue)]) -> Bool {
        let fields = zip(old, new).filter { $0.0.1 != $0.1.1 }.map(\.0.0)
        if fields.isEmpty {
            report.entries.append(.init(kind: kind, name: name, action: .unchanged, fields: []))
            return false
        }
        switch policy {
        case .fail:
            let details = zip(old, new).filter { $0.0.1 != $0.1.1 }.prefix(3).map { "\($0.0.0) \($0.0.1.cell) → \($0.1.1.cell)" }
            conflicts.append("\(kind.rawValue) \(name) (\(details.joined(separator: ", ")))")
            return false
        case .skip:
            report.entries.append(.init(kind: kind, name: name, action: .skipped, fields: fields))
            return false
        case .replace:
            report.entries.append(.init(kind: kind, name: name, action: .changed, fields: fields))
            return true
        }
    }

    private mutating func added(_ kind: EntityKind, _ name: String) {
        report.entries.append(.init(kind: kind, name: name, action: .added, fields: []))
    }

    private func id(_ kind: EntityKind, library: String, name: String) throws -> Int64? {
        try CatalogLookup.find(kind, QualifiedName(library: library, name: name), db)
    }

    /// The row id a bundle's reference stands for: in its own library first, else the catalog's
    /// unique entry of that name. Cached: a bulk import resolves the same names many times.
    private mutating func resolvedID(_ kind: EntityKind, _ reference: QualifiedName, library: String) throws -> Int64 {
        let key = "\(kind.rawValue)|\(reference.library == nil ? library : "")|\(reference)"
        if let id = ids[key] { return id }
        let id = try CatalogLookup.id(kind, reference, prefer: library, db)
        ids[key] = id
        return id
    }

    /// `library/name` of a row id, cached.
    private mutating func name(_ kind: EntityKind, id: Int64) throws -> QualifiedName {
        let key = "\(kind.rawValue)|\(id)"
        if let name = names[key] { return name }
        let name = try CatalogLookup.name(kind, id: id, db)
        names[key] = name
        return name
    }

    /// A bundle's reference made absolute.
    private mutating func resolved(_ kind: EntityKind, _ reference: QualifiedName?, library: String) throws -> QualifiedName? {
        guard let reference else { return nil }
        return try name(kind, id: try resolvedID(kind, reference, library: library))
    }

    private mutating func resolved(_ curve: CurveReference, library: String) throws -> CurveReference {
        guard case let .named(reference) = curve else { return curve }
        return .named(try resolved(.curve, reference, library: library) ?? reference)
    }

    private mutating func library(_ bundle: LibraryBundle) throws {
        let library = bundle.library
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM library WHERE name = ?", arguments: [library.name]) else {
            _ = try CatalogWriter(db: db).insertLibrary(library)
            added(.library, library.name)
            return
        }
        let old = try Row.fetchOne(db, sql: "SELECT version, description FROM library WHERE id = ?", arguments: [id])
        let current = Library(name: library.name, version: old?["version"] ?? "", description: old?["description"] ?? "")
        if existing(.library, library.name, old: current.record, new: library.record) {
            try db.execute(sql: "UPDATE library SET version = ?, description = ? WHERE id = ?", arguments: [library.version, library.description, id])
        }
    }

    private mutating func curve(_ curve: NamedCurve) throws {
        let name = "\(curve.library)/\(curve.name)"
        guard let id = try id(.curve, library: curve.library, name: curve.name) else {
            try CatalogWriter(db: db).insertCurve(curve)
            added(.curve, name)
            return
        }
        if existing(.curve, name, old: try CatalogReader(db: db).curve(id: id).record, new: curve.record) {
            try db.execute(
                sql: "UPDATE curve SET kind = ?, expression = ?, description = ? WHERE id = ?",
                arguments: [curve.curve.kind.rawValue, curve.curve.expression, curve.description, id])
        }
    }

    /// The preset with its references made absolute (its reverse is handled by ``reverse(_:)``).
    private mutating func absolute(_ preset: Preset) throws -> Preset {
        var preset = preset
        preset.curve = try resolved(preset.curve, library: preset.library)
        if var interaction = preset.interaction {
            interaction.completionCurve = try resolved(interaction.completionCurve, library: preset.library)
            preset.interaction = interaction
        }
        preset.reverse = nil
        return preset
    }

    private mutating func preset(_ preset: Preset) throws {
        let name = "\(preset.library)/\(preset.name)"
        let new = try absolute(preset)
        let writer = CatalogWriter(db: db)
        guard let id = try id(.preset, library: preset.library, name: preset.name) else {
            try writer.insertPreset(new)
            added(.preset, name)
            return
        }
        var old = try CatalogReader(db: db).preset(id: id)
        let currentReverse = old.reverse
        old.reverse = nil
        if existing(.preset, name, old: EntryFields.preset(old), new: EntryFields.preset(new)) {
            // The reverse is compared and written in its own phase; keep it as it is meanwhile.
            var values = new
            values.reverse = currentReverse
            try writer.updatePreset(id: id, values)
        }
    }

    private mutating func reverse(_ preset: Preset) throws {
        guard let id = try id(.preset, library: preset.library, name: preset.name) else { return }
        let current = try Int64.fetchOne(db, sql: "SELECT reverse_id FROM preset WHERE id = ?", arguments: [id])
        let wanted = try preset.reverse.map { try CatalogLookup.id(.preset, $0, prefer: preset.library, db) }
        guard current != wanted else { return }
        let name = "\(preset.library)/\(preset.name)"
        if let entry = report.entries.lastIndex(where: { $0.kind == .preset && $0.name == name }), report.entries[entry].action == .added {
            try db.execute(sql: "UPDATE preset SET reverse_id = ? WHERE id = ?", arguments: [wanted, id])
            return
        }
        let database = db
        func describe(_ id: Int64?) throws -> JSONValue { .string(try id.map { try CatalogLookup.name(.preset, id: $0, database).description }) }
        let old: [(String, JSONValue)] = [("reverse", try describe(current))]
        let new: [(String, JSONValue)] = [("reverse", try describe(wanted))]
        // A preset already reported as changed or skipped gets the field added to its entry.
        if let entry = report.entries.lastIndex(where: { $0.kind == .preset && $0.name == name }), report.entries[entry].action != .unchanged {
            report.entries[entry].fields.append("reverse")
            if report.entries[entry].action == .changed {
                try db.execute(sql: "UPDATE preset SET reverse_id = ? WHERE id = ?", arguments: [wanted, id])
            }
            return
        }
        report.entries.removeAll { $0.kind == .preset && $0.name == name && $0.action == .unchanged }
        if existing(.preset, name, old: old, new: new) {
            try db.execute(sql: "UPDATE preset SET reverse_id = ? WHERE id = ?", arguments: [wanted, id])
        }
    }

    private mutating func delegate(_ delegate: Delegate) throws {
        let name = "\(delegate.library)/\(delegate.name)"
        guard let id = try id(.delegate, library: delegate.library, name: delegate.name) else {
            try CatalogWriter(db: db).insertDelegate(delegate)
            added(.delegate, name)
            return
        }
        if existing(.delegate, name, old: try CatalogReader(db: db).delegate(id: id).record, new: delegate.record) {
            try db.execute(
                sql: "UPDATE delegate SET released = ?, description = ? WHERE id = ?", arguments: [delegate.released, delegate.description, id])
        }
    }

    private mutating func screen(_ screen: Screen) throws {
        let name = "\(screen.library)/\(screen.name)"
        var new = screen
        new.delegate = try resolved(.delegate, screen.delegate, library: screen.library)
        guard let id = try id(.screen, library: screen.library, name: screen.name) else {
            try CatalogWriter(db: db).insertScreen(new)
            added(.screen, name)
            return
        }
        if existing(.screen, name, old: try CatalogReader(db: db).screen(id: id).record, new: new.record) {
            let delegateID = try new.delegate.map { try CatalogLookup.id(.delegate, $0, db) }
            try db.execute(
                sql: "UPDATE screen SET delegate_id = ?, modal_style = ?, presentation_style = ?, description = ? WHERE id = ?",
                arguments: [delegateID, new.modalStyle.rawValue, new.presentationStyle.rawValue, new.description, id])
        }
    }

    private mutating func container(_ container: Container) throws {
        let name = "\(container.library)/\(container.name)"
        var new = container
        new.delegate = try resolved(.delegate, container.delegate, library: container.library)
        guard let id = try id(.container, library: container.library, name: container.name) else {
            try CatalogWriter(db: db).insertContainer(new)
            added(.container, name)
            return
        }
        if existing(.container, name, old: try CatalogReader(db: db).container(id: id).record, new: new.record) {
            let delegateID = try new.delegate.map { try CatalogLookup.id(.delegate, $0, db) }
            try db.execute(
                sql: "UPDATE container SET kind = ?, delegate_id = ?, description = ? WHERE id = ?",
                arguments: [new.kind.rawValue, delegateID, new.description, id])
        }
    }

    private mutating func route(_ route: RouteMapping, library: String) throws {
        var ids = CatalogWriter.RouteIDs(
            delegate: try resolvedID(.delegate, route.delegate, library: library), operation: route.operation,
            from: nil, to: nil, preset: nil, interaction: nil)
        if case let .screen(screen) = route.from { ids.from = try resolvedID(.screen, screen, library: library) }
        if case let .screen(screen) = route.to { ids.to = try resolvedID(.screen, screen, library: library) }
        ids.preset = try route.preset.map { try resolvedID(.preset, $0, library: library) }
        ids.interaction = try route.interaction.map { try resolvedID(.preset, $0, library: library) }
        let writer = CatalogWriter(db: db)
        if let interaction = ids.interaction, interactive[interaction] == nil {
            try writer.checkInteraction(interaction, name: try name(.preset, id: interaction))
            interactive[interaction] = true
        }
        let side = { (id: Int64?, this: inout BundleImport) throws -> String in try id.map { try this.name(.screen, id: $0).description } ?? "*" }
        let name = "\(try self.name(.delegate, id: ids.delegate)): \(route.operation.rawValue) \(try side(ids.from, &self)) → \(try side(ids.to, &self))"
        let lookup = try db.cachedStatement(
            sql: "SELECT id, preset_id, interaction_id FROM route WHERE delegate_id = ? AND operation = ? AND ifnull(from_screen_id, 0) = ? AND ifnull(to_screen_id, 0) = ?")
        guard let row = try Row.fetchOne(lookup, arguments: [ids.delegate, ids.operation.rawValue, ids.from ?? 0, ids.to ?? 0]) else {
            _ = try writer.insertRoute(ids)
            added(.route, name)
            return
        }
        let id: Int64 = row["id"]
        func shown(_ id: Int64?, _ this: inout BundleImport) throws -> JSONValue { .string(try id.map { try this.name(.preset, id: $0).description }) }
        let old: [(String, JSONValue)] = [("preset", try shown(row["preset_id"], &self)), ("interaction", try shown(row["interaction_id"], &self))]
        let new: [(String, JSONValue)] = [("preset", try shown(ids.preset, &self)), ("interaction", try shown(ids.interaction, &self))]
        if existing(.route, name, old: old, new: new) {
            try db.execute(sql: "UPDATE route SET preset_id = ?, interaction_id = ? WHERE id = ?", arguments: [ids.preset, ids.interaction, id])
        }
    }

    // MARK: Removal (synchronize)

    private mutating func removeMissing(_ bundle: LibraryBundle) throws {
        let library = bundle.library.name
        let libraryID = try CatalogLookup.libraryID(library, create: false, db)
        // Routes first: they point at everything else.
        var keep = Set<Int64>()
        let lookup = try db.cachedStatement(
            sql: "SELECT id FROM route WHERE delegate_id = ? AND operation = ? AND ifnull(from_screen_id, 0) = ? AND ifnull(to_screen_id, 0) = ?")
        for route in bundle.routes {
            var key: [(any DatabaseValueConvertible)?] = [try resolvedID(.delegate, route.delegate, library: library), route.operation.rawValue]
            for side in [route.from, route.to] {
                if case let .screen(screen) = side { key.append(try resolvedID(.screen, screen, library: library)) } else { key.append(Int64(0)) }
            }
            if let id = try Int64.fetchOne(lookup, arguments: StatementArguments(key)) { keep.insert(id) }
        }
        for route in try CatalogReader(db: db).routes(library: library) where !keep.contains(route.id ?? -1) {
            try db.execute(sql: "DELETE FROM route WHERE id = ?", arguments: [route.id])
            report.entries.append(.init(kind: .route, name: "\(route.delegate): \(route.routeDescription)", action: .removed, fields: []))
        }
        func remove(_ kind: EntityKind, keeping names: [String]) throws {
            let wanted = Set(names)
            let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM \(kind.table) WHERE library_id = ? ORDER BY name", arguments: [libraryID])
            for row in rows where !wanted.contains(row["name"]) {
                let id: Int64 = row["id"]
                let users = try CatalogReader(db: db).users(of: kind, id: id)
                if !users.isEmpty {
                    throw CatalogError.inUse(kind: kind, name: "\(library)/\(row["name"] as String)", usedBy: users)
                }
                if kind == .preset { try db.execute(sql: "UPDATE preset SET reverse_id = NULL WHERE reverse_id = ?", arguments: [id]) }
                try db.execute(sql: "DELETE FROM \(kind.table) WHERE id = ?", arguments: [id])
                report.entries.append(.init(kind: kind, name: "\(library)/\(row["name"] as String)", action: .removed, fields: []))
            }
        }
        try remove(.container, keeping: bundle.containers.map(\.name))
        try remove(.screen, keeping: bundle.screens.map(\.name))
        try remove(.delegate, keeping: bundle.delegates.map(\.name))
        try db.execute(
            sql: "UPDATE preset SET reverse_id = NULL WHERE library_id = ? AND reverse_id IN (SELECT id FROM preset WHERE library_id = ? AND name NOT IN (SELECT value FROM json_each(?)))",
            arguments: [libraryID, libraryID, JSONValue.array(bundle.presets.map { .string($0.name) }).compact])
        try remove(.preset, keeping: bundle.presets.map(\.name))
        try remove(.curve, keeping: bundle.curves.map(\.name))
    }
}

/// The fields of an entry compared by import, diff and merge.
enum EntryFields {
    /// A preset's summary, interaction settings and every track value, as `tracks.to.start.alpha`.
    static func preset(_ preset: Preset) -> [(String, JSONValue)] {
        var fields = preset.record.filter { $0.0 != "interactive" }
        let interaction = preset.interaction
        fields.append(("interaction.completionSpeed", .number(interaction?.completionSpeed)))
        fields.append(("interaction.completionCurve", .string(interaction?.completionCurve.description)))
        fields.append(("interaction.finishThreshold", .number(interaction?.finishThreshold)))
        fields.append(("tracks.onTop", .string(preset.tracks.onTop.rawValue)))
        for view in ViewRole.allCases {
            for (phase, state) in [("start", preset.tracks[view].start), ("end", preset.tracks[view].end)] {
                guard case let .object(members) = state.record else { continue }
                fields += members.map { ("tracks.\(view.rawValue).\(phase).\($0.0)", $0.1) }
            }
        }
        return fields
    }
}
