import GRDB
import TransDBCore

/// `transdb set`, `rename` and `rm`: changing entries in place. Each method is one transaction,
/// rolled back instead of committed for a dry run, and returns what it did (or would do).
extension Catalog {
    // MARK: Set

    /// Changes a named curve; the presets that use it follow.
    ///
    /// - Throws: ``LookupError`` for an unknown name, ``CatalogError`` when the catalog refuses.
    public func setCurve(_ name: QualifiedName, _ edit: CurveEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogLookup.id(.curve, name, db)
            let reader = CatalogReader(db: db)
            let old = try reader.curve(id: id)
            let users = try reader.users(of: .curve, id: id)
            try CatalogWriter(db: db).updateCurve(id: id, edit.applied(to: old))
            let new = try reader.curve(id: id)
            var report = report(.curve, old.qualifiedName.description, old.record, new.record, dryRun)
            if old.curve != new.curve, let note = Self.followers(users, now: new.curve.expression) { report.notes = [note] }
            return report
        }
    }

    /// Changes a named duration; the presets that use it follow.
    ///
    /// - Throws: ``ModelError`` for seconds out of range or that a preset using it cannot have,
    ///   ``LookupError`` for an unknown name.
    public func setDuration(_ name: QualifiedName, _ edit: DurationEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogLookup.id(.duration, name, db)
            let reader = CatalogReader(db: db)
            let old = try reader.duration(id: id)
            let users = try reader.users(of: .duration, id: id)
            try CatalogWriter(db: db).updateDuration(id: id, try edit.applied(to: old))
            let new = try reader.duration(id: id)
            var report = report(.duration, old.qualifiedName.description, old.record, new.record, dryRun)
            if old.seconds != new.seconds, let note = Self.followers(users, now: "\(new.seconds.shortestDescription) s") { report.notes = [note] }
            return report
        }
    }

    /// `now VALUE: preset a/b, curve c/d, …`: the entries that follow a changed curve or duration,
    /// the first 20 of them; `nil` when none does.
    private static func followers(_ users: [String], now value: String) -> String? {
        users.isEmpty ? nil : "now \(value): " + naturalOrder(users).firstFew(20)
    }

    /// Changes a preset through ``PresetEdit`` (the same rules as adding one).
    ///
    /// - Throws: ``ModelError`` for a refused value, ``LookupError`` for an unknown name.
    public func setPreset(_ name: QualifiedName, _ edit: PresetEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogLookup.id(.preset, name, db)
            let reader = CatalogReader(db: db)
            let old = try reader.preset(id: id)
            let before = try detailedRecord(old, reader)
            let writer = CatalogWriter(db: db)
            try writer.updatePreset(id: id, edit.applied(to: old))
            try writer.refuseInteractionsWithoutSettings()
            return report(.preset, old.qualifiedName.description, before, try detailedRecord(reader.preset(id: id), reader), dryRun)
        }
    }

    /// Changes a screen.
    ///
    /// - Throws: ``ModelError`` for a refused value, ``LookupError`` for an unknown name.
    public func setScreen(_ name: QualifiedName, _ edit: ScreenEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogLookup.id(.screen, name, db)
            let reader = CatalogReader(db: db)
            let old = try reader.screen(id: id)
            try CatalogWriter(db: db).updateScreen(id: id, edit.applied(to: old))
            return report(.screen, old.qualifiedName.description, old.record, try reader.screen(id: id).record, dryRun)
        }
    }

    /// Changes a container.
    ///
    /// - Throws: ``LookupError`` for an unknown name.
    public func setContainer(_ name: QualifiedName, _ edit: ContainerEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogLookup.id(.container, name, db)
            let reader = CatalogReader(db: db)
            let old = try reader.container(id: id)
            try CatalogWriter(db: db).updateContainer(id: id, edit.applied(to: old))
            return report(.container, old.qualifiedName.description, old.record, try reader.container(id: id).record, dryRun)
        }
    }

    /// Changes a delegate.
    ///
    /// - Throws: ``LookupError`` for an unknown name.
    public func setDelegate(_ name: QualifiedName, _ edit: DelegateEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogLookup.id(.delegate, name, db)
            let reader = CatalogReader(db: db)
            let old = try reader.delegate(id: id)
            try CatalogWriter(db: db).updateDelegate(id: id, edit.applied(to: old))
            return report(.delegate, old.qualifiedName.description, old.record, try reader.delegate(id: id).record, dryRun)
        }
    }

    /// Changes a library's version, description or tokens schema.
    ///
    /// - Throws: ``ModelError`` for an invalid version, ``LookupError`` for an unknown library.
    public func setLibrary(_ name: String, _ edit: LibraryEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try CatalogLookup.libraryID(name, create: false, db)
            let old = try CatalogReader(db: db).library(id: id)
            try CatalogWriter(db: db).updateLibrary(id: id, edit.applied(to: old))
            return report(.library, old.name, old.record, try CatalogReader(db: db).library(id: id).record, dryRun)
        }
    }

    /// Changes what a route returns.
    ///
    /// - Throws: ``ModelError`` for an interaction controller without an animator or a preset
    ///   without interaction settings, ``LookupError`` for an unknown route or preset.
    public func setRoute(_ selector: RouteSelector, _ edit: RouteEdit, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try routeID(selector, db)
            let reader = CatalogReader(db: db)
            let old = try reader.route(id: id)
            let new = try edit.applied(to: old)
            try CatalogWriter(db: db).updateRoute(id: id, preset: new.preset, interaction: new.interaction)
            var report = report(.route, "#\(id)", old.record, try reader.route(id: id).record, dryRun)
            report.detail = "\(old.routeDescription) on \(old.delegate)"
            return report
        }
    }

    /// The id of the route `selector` names.
    ///
    /// - Throws: ``LookupError/notFound(kind:name:suggestion:)`` when no route matches,
    ///   ``LookupError/ambiguous(kind:name:candidates:)`` when a key without delegate matches several.
    public func routeID(_ selector: RouteSelector) throws -> Int64 {
        try read { db in try routeID(selector, db) }
    }

    func routeID(_ selector: RouteSelector, _ db: Database) throws -> Int64 {
        switch selector {
        case let .id(id):
            guard try Int64.fetchOne(db, sql: "SELECT id FROM route WHERE id = ?", arguments: [id]) != nil else {
                throw LookupError.notFound(kind: .route, name: "#\(id)", suggestion: nil)
            }
            return id
        case let .key(key):
            func screenID(_ pattern: ScreenPattern) throws -> Int64 {
                guard case let .screen(name) = pattern else { return 0 }
                return try CatalogLookup.id(.screen, name, db)
            }
            let delegateID = try key.delegate.map { try CatalogLookup.id(.delegate, $0, db) }
            let filter = CatalogReader.filter([
                ("delegate_id = ?", delegateID), ("operation = ?", key.operation.rawValue),
                ("ifnull(from_screen_id, 0) = ?", try screenID(key.from)), ("ifnull(to_screen_id, 0) = ?", try screenID(key.to)),
            ])
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM route" + filter.sql + " ORDER BY id", arguments: filter.arguments)
            if ids.count == 1 { return ids[0] }
            if ids.isEmpty { throw LookupError.noRoute(key: key.description) }
            let reader = CatalogReader(db: db)
            throw LookupError.ambiguous(
                kind: .route, name: key.description,
                candidates: try ids.map { "#\($0) on \(try reader.route(id: $0).delegate)" })
        }
    }

    // MARK: Rename

    /// Renames an entry within its library, or a library. Everything that refers to it (routes,
    /// reverse presets, presets' curves, screens' and containers' delegates, a library's
    /// entries) refers to it by row id, so it follows.
    ///
    /// - Parameters:
    ///   - newName: The new name: a bare name, or `library/name` in the entry's own library.
    /// - Throws: ``ModelError`` for an invalid name or a move to another library,
    ///   ``CatalogError/alreadyExists(kind:name:)``, ``LookupError`` for an unknown name.
    public func rename(_ kind: EntityKind, _ name: QualifiedName, to newName: String, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let field = "new \(kind.rawValue) name"
            if kind == .library {
                let id = try CatalogLookup.libraryID(name.name, create: false, db)
                let new = try Name.validated(newName, field: field)
                try CatalogWriter(db: db).rename(.library, id: id, to: new)
                let count =
                    try Int.fetchOne(
                        db,
                        sql: """
                            SELECT (SELECT count(*) FROM curve WHERE library_id = ?1) + (SELECT count(*) FROM preset WHERE library_id = ?1)
                                 + (SELECT count(*) FROM duration WHERE library_id = ?1)
                                 + (SELECT count(*) FROM screen WHERE library_id = ?1) + (SELECT count(*) FROM container WHERE library_id = ?1)
                                 + (SELECT count(*) FROM delegate WHERE library_id = ?1)
                            """,
                        arguments: [id]) ?? 0
                return EditReport(
                    action: .rename, kind: .library, name: name.name, newName: new, dryRun: dryRun,
                    notes: count == 0 ? [] : ["its \(count) entr\(count == 1 ? "y is" : "ies are") now in '\(new)'"])
            }
            let id = try CatalogLookup.id(kind, name, db)
            let old = try CatalogLookup.name(kind, id: id, db)
            let target = try QualifiedName(parsing: newName, field: field)
            if let library = target.library, library != old.library {
                throw ModelError.invalidValue(
                    field: field, value: newName,
                    reason: "rename keeps an entry in its library '\(old.library ?? "")'; export and import it to copy it to another")
            }
            let new =
                switch kind {
                case .curve: try NamedCurve.validatedName(target.name)
                case .duration: try NamedDuration.validatedName(target.name)
                case .screen: try Screen.validatedName(target.name)
                default: try Name.validated(target.name, field: field)
                }
            let followers = try self.followers(kind, id: id, db)
            try CatalogWriter(db: db).rename(kind, id: id, to: new)
            let newQualified = QualifiedName(library: old.library, name: new)
            return EditReport(
                action: .rename, kind: kind, name: old.description, newName: newQualified.description, dryRun: dryRun,
                notes: followers.isEmpty ? [] : ["now refer to '\(newQualified)': " + followers.firstFew()])
        }
    }

    /// What refers to an entry, in order: the routes, presets, screens and containers that follow a rename.
    private func followers(_ kind: EntityKind, id: Int64, _ db: Database) throws -> [String] {
        guard kind == .delegate else { return Catalog.naturalOrder(try CatalogReader(db: db).users(of: kind, id: id)) }
        let routes = try Int64.fetchAll(db, sql: "SELECT id FROM route WHERE delegate_id = ? ORDER BY id", arguments: [id])
        return routes.map { "route #\($0)" } + (try delegateOwners({ "\($0).delegate_id = ?1" }, id, db).map { "\($0.kind.rawValue) \($0.name)" })
    }

    /// The screens and containers that lose their delegate when the delegates `condition` picks
    /// (of an entry aliased `e`, with `?1` the id given) are removed, each with its delegate.
    private func delegateOwners(_ condition: (String) -> String, _ id: Int64, _ db: Database) throws -> [EditReport.EntryChange] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT 'screen', l.name || '/' || s.name, dl.name || '/' || d.name FROM screen s JOIN library l ON l.id = s.library_id
                JOIN delegate d ON d.id = s.delegate_id JOIN library dl ON dl.id = d.library_id WHERE \(condition("s"))
                UNION ALL SELECT 'container', l.name || '/' || c.name, dl.name || '/' || d.name FROM container c JOIN library l ON l.id = c.library_id
                JOIN delegate d ON d.id = c.delegate_id JOIN library dl ON dl.id = d.library_id WHERE \(condition("c"))
                ORDER BY 1, 2
                """,
            arguments: [id])
        return rows.map { row in
            EditReport.EntryChange(
                kind: row[0] == "screen" ? .screen : .container, name: row[1],
                change: FieldChange(field: "delegate", old: .string(row[2] as String), new: .null))
        }
    }

    /// The sentences that say what ``delegateOwners(_:_:_:)`` found.
    private func withoutDelegate(_ owners: [EditReport.EntryChange]) -> [String] {
        owners.map { "\($0.kind.rawValue) \($0.name) no longer has a delegate" }
    }

    // MARK: Remove

    /// Removes a curve, preset, screen, container, delegate or library by name, refusing when
    /// something still uses it. Removing a delegate removes its mappings; removing a library
    /// removes everything in it. The report lists every other entry removed or changed.
    ///
    /// - Throws: ``CatalogError/inUse(kind:name:usedBy:)``, ``LookupError`` for an unknown name.
    @discardableResult
    public func remove(_ kind: EntityKind, _ name: QualifiedName, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            if kind == .library { return try removeLibrary(name.name, dryRun: dryRun, db) }
            let id = try CatalogLookup.id(kind, name, db)
            let qualified = try CatalogLookup.name(kind, id: id, db)
            let users = try CatalogReader(db: db).users(of: kind, id: id)
            if !users.isEmpty { throw CatalogError.inUse(kind: kind, name: qualified.description, usedBy: Catalog.naturalOrder(users)) }
            var removed: [String] = []
            var owners: [EditReport.EntryChange] = []
            if kind == .delegate {
                removed = try routeLines(sql: "SELECT id FROM route WHERE delegate_id = ? ORDER BY id", id, db)
                owners = try delegateOwners({ "\($0).delegate_id = ?1" }, id, db)
            }
            try db.execute(sql: "DELETE FROM \(kind.table) WHERE id = ?", arguments: [id])
            return EditReport(
                action: .remove, kind: kind, name: qualified.description, dryRun: dryRun, removed: removed, changedEntries: owners,
                notes: withoutDelegate(owners))
        }
    }

    /// Removes a library and everything in it, inside the caller's transaction.
    func removeLibrary(_ name: String, dryRun: Bool, _ db: Database) throws -> EditReport {
        let id = try CatalogLookup.libraryID(name, create: false, db)
        let outside = try String.fetchAll(
            db,
            sql: """
                SELECT 'preset ' || l.name || '/' || p.name FROM preset p JOIN library l ON l.id = p.library_id
                WHERE p.library_id <> ?1 AND (p.curve_id IN (SELECT id FROM curve WHERE library_id = ?1)
                   OR p.completion_curve_id IN (SELECT id FROM curve WHERE library_id = ?1)
                   OR p.duration_id IN (SELECT id FROM duration WHERE library_id = ?1)
                   OR p.reverse_id IN (SELECT id FROM preset WHERE library_id = ?1)
                   OR p.mirror_of_id IN (SELECT id FROM preset WHERE library_id = ?1)
                   OR p.reduced_motion_id IN (SELECT id FROM preset WHERE library_id = ?1))
                UNION ALL
                SELECT 'curve ' || l.name || '/' || c.name FROM curve c JOIN library l ON l.id = c.library_id
                WHERE c.library_id <> ?1 AND c.alias_of_id IN (SELECT id FROM curve WHERE library_id = ?1)
                UNION ALL
                SELECT 'route #' || r.id FROM route r JOIN delegate d ON d.id = r.delegate_id
                WHERE d.library_id <> ?1 AND (r.preset_id IN (SELECT id FROM preset WHERE library_id = ?1)
                   OR r.interaction_id IN (SELECT id FROM preset WHERE library_id = ?1)
                   OR r.from_screen_id IN (SELECT id FROM screen WHERE library_id = ?1)
                   OR r.to_screen_id IN (SELECT id FROM screen WHERE library_id = ?1))
                """,
            arguments: [id])
        if !outside.isEmpty { throw CatalogError.inUse(kind: .library, name: name, usedBy: Catalog.naturalOrder(outside)) }
        var removed: [String] = []
        for kind in [EntityKind.curve, .duration, .preset, .screen, .container, .delegate] {
            removed += try String.fetchAll(
                db, sql: "SELECT name FROM \(kind.table) WHERE library_id = ? ORDER BY name", arguments: [id]
            ).map { "\(kind.rawValue) \(name)/\($0)" }
        }
        removed += try routeLines(
            sql: "SELECT r.id FROM route r JOIN delegate d ON d.id = r.delegate_id WHERE d.library_id = ? ORDER BY r.id", id, db)
        let owners = try delegateOwners({ "\($0).library_id <> ?1 AND \($0).delegate_id IN (SELECT id FROM delegate WHERE library_id = ?1)" }, id, db)
        // Routes inside the library may point at its presets; drop them before the presets.
        try db.execute(sql: "DELETE FROM route WHERE delegate_id IN (SELECT id FROM delegate WHERE library_id = ?)", arguments: [id])
        try db.execute(sql: "UPDATE preset SET reverse_id = NULL, mirror_of_id = NULL, reduced_motion_id = NULL WHERE library_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM preset WHERE library_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM duration WHERE library_id = ?", arguments: [id])
        try db.execute(sql: "UPDATE curve SET alias_of_id = NULL WHERE library_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM library WHERE id = ?", arguments: [id])
        return EditReport(
            action: .remove, kind: .library, name: name, dryRun: dryRun, removed: removed, changedEntries: owners, notes: withoutDelegate(owners))
    }

    /// Removes the route mapping `selector` names.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous route.
    @discardableResult
    public func removeRoute(_ selector: RouteSelector, dryRun: Bool = false) throws -> EditReport {
        try transaction(commit: !dryRun) { db in
            let id = try routeID(selector, db)
            let route = try CatalogReader(db: db).route(id: id)
            try db.execute(sql: "DELETE FROM route WHERE id = ?", arguments: [id])
            return EditReport(
                action: .remove, kind: .route, name: "#\(id)", detail: "\(route.routeDescription) on \(route.delegate)", dryRun: dryRun)
        }
    }

    /// `route #ID: present A → B on D` for each route id `sql` selects.
    private func routeLines(sql: String, _ id: Int64, _ db: Database) throws -> [String] {
        let reader = CatalogReader(db: db)
        return try Int64.fetchAll(db, sql: sql, arguments: [id]).map { routeID in
            let route = try reader.route(id: routeID)
            return "route #\(routeID): \(route.routeDescription) on \(route.delegate)"
        }
    }

    // MARK: Helpers

    private func report(_ kind: EntityKind, _ name: String, _ old: [(String, JSONValue)], _ new: [(String, JSONValue)], _ dryRun: Bool)
        -> EditReport
    {
        EditReport(action: .set, kind: kind, name: name, dryRun: dryRun, changes: EditReport.changes(from: old, to: new))
    }

    private func detailedRecord(_ preset: Preset, _ reader: CatalogReader) throws -> [(String, JSONValue)] {
        preset.detailedRecord(
            curveExpression: try reader.expression(of: preset.curve),
            completionCurveExpression: try preset.interaction.map { try reader.expression(of: $0.completionCurve) })
    }

    /// `kind name` strings in the order people read them: by text, with the numbers in them
    /// compared as numbers (`route #2` before `route #11`).
    static func naturalOrder(_ entries: [String]) -> [String] {
        func key(_ text: String) -> (String, Int) {
            guard let hash = text.lastIndex(of: "#"), let number = Int(text[text.index(after: hash)...]) else { return (text, -1) }
            return (String(text[..<hash]), number)
        }
        return entries.sorted { key($0) < key($1) }
    }
}
