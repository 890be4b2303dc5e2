import GRDB
import TransDBCore

/// The writes of a catalog, on a connection already inside a transaction. ``Catalog``'s public
/// methods wrap one call each in a transaction; the bundle loader makes many in one.
struct CatalogWriter {
    let db: Database

    // MARK: Libraries

    func insertLibrary(_ library: Library) throws -> Int64 {
        let library = try library.validated()
        let name = library.name
        if try Int64.fetchOne(db, sql: "SELECT id FROM library WHERE name = ?", arguments: [name]) != nil {
            throw CatalogError.alreadyExists(kind: .library, name: name)
        }
        try db.execute(
            sql: "INSERT INTO library (name, version, description, tokens_schema) VALUES (?, ?, ?, ?)",
            arguments: [name, library.version, library.description, library.tokensSchema])
        return db.lastInsertedRowID
    }

    private func libraryID(_ name: String) throws -> Int64 {
        try CatalogLookup.libraryID(try Name.validated(name, field: "library name"), create: true, db)
    }

    private func refuseDuplicate(_ kind: EntityKind, library: Int64, name: String, libraryName: String) throws {
        let statement = try DirectStatement("SELECT id FROM \(kind.table) WHERE library_id = ? AND name = ?", db)
        if try statement.firstInt64([.integer(library), .text(name)]) != nil {
            throw CatalogError.alreadyExists(kind: kind, name: "\(libraryName)/\(name)")
        }
    }

    // MARK: Curves

    @discardableResult
    func insertCurve(_ curve: NamedCurve) throws -> Int64 {
        let name = try NamedCurve.validatedName(curve.name)
        let library = try libraryID(curve.library)
        try refuseDuplicate(.curve, library: library, name: name, libraryName: curve.library)
        try Deprecation.validate(curve.deprecated)
        let (aliasID, expression) = try aliasColumns(curve)
        let value = try expression.map(CatalogReader.storedCurve) ?? curve.curve
        try db.execute(
            sql: "INSERT INTO curve (library_id, name, kind, expression, description, deprecated, alias_of_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [library, name, value.kind.rawValue, value.expression, curve.description, curve.deprecated, aliasID])
        return db.lastInsertedRowID
    }

    /// The (alias_of_id, expression) of a curve that is an alias: its target's id and stored
    /// expression; (nil, nil) for a curve of its own.
    func aliasColumns(_ curve: NamedCurve) throws -> (Int64?, String?) {
        guard let target = curve.aliasOf else { return (nil, nil) }
        let id = try CatalogLookup.id(.curve, target, prefer: curve.library, db)
        let expression = try String.fetchOne(db.cachedStatement(sql: "SELECT expression FROM curve WHERE id = ?"), arguments: [id])
        return (id, expression)
    }

    /// The (curve_id, curve_expression) pair stored for a curve reference.
    private func curveColumns(_ reference: CurveReference, prefer library: String) throws -> (Int64?, String?) {
        switch reference {
        case let .named(name): (try CatalogLookup.id(.curve, name, prefer: library, db), nil)
        case let .inline(curve): (nil, curve.expression)
        }
    }

    // MARK: Durations

    @discardableResult
    func insertDuration(_ duration: NamedDuration) throws -> Int64 {
        let valid = try duration.validated()
        let library = try libraryID(duration.library)
        try refuseDuplicate(.duration, library: library, name: valid.name, libraryName: duration.library)
        try db.execute(
            sql: "INSERT INTO duration (library_id, name, seconds, description, deprecated) VALUES (?, ?, ?, ?, ?)",
            arguments: [library, valid.name, valid.seconds, valid.description, valid.deprecated])
        return db.lastInsertedRowID
    }

    /// Changes a named duration and the seconds of every preset using it, each checked by the
    /// preset rule (``Preset/validateDuration(_:kind:)``): 0 only for `none`, else > 0.
    func updateDuration(id: Int64, _ duration: NamedDuration) throws {
        let valid = try duration.validated()
        let users = try Row.fetchAll(
            db,
            sql: "SELECT p.id, l.name || '/' || p.name AS name, p.kind FROM preset p JOIN library l ON l.id = p.library_id WHERE p.duration_id = ? ORDER BY 2",
            arguments: [id])
        for user in users {
            let kind = PresetKind(rawValue: user["kind"]) ?? .custom
            do { try Preset.validateDuration(valid.seconds, kind: kind) } catch let ModelError.invalidValue(field, value, reason) {
                throw ModelError.invalidValue(field: field, value: value, reason: "the preset '\(user["name"] as String)' uses it: " + reason)
            }
        }
        try db.execute(
            sql: "UPDATE duration SET seconds = ?, description = ?, deprecated = ? WHERE id = ?",
            arguments: [valid.seconds, valid.description, valid.deprecated, id])
        try db.execute(sql: "UPDATE preset SET duration = ? WHERE duration_id = ?", arguments: [valid.seconds, id])
    }

    /// The (duration_id, seconds) stored for a preset: its named duration's, checked for its
    /// kind, or its own number.
    private func durationColumns(_ preset: Preset) throws -> (Int64?, Double) {
        guard let name = preset.durationName else { return (nil, preset.duration) }
        let id = try CatalogLookup.id(.duration, name, prefer: preset.library, db)
        let seconds = try Double.fetchOne(db.cachedStatement(sql: "SELECT seconds FROM duration WHERE id = ?"), arguments: [id]) ?? 0
        try Preset.validateDuration(seconds, kind: preset.kind)
        return (id, seconds)
    }

    // MARK: Presets

    /// Inserts a preset; its reverse and the preset it mirrors, if any, must already exist. A
    /// mirror's kind, duration, delay, curve and tracks are derived from the preset it mirrors.
    @discardableResult
    func insertPreset(_ preset: Preset) throws -> Int64 {
        var preset = try derivedIfMirror(preset)
        preset.name = try Name.validated(preset.name, field: "preset name")
        let library = try libraryID(preset.library)
        try refuseDuplicate(.preset, library: library, name: preset.name, libraryName: preset.library)
        try DirectStatement(
            """
            INSERT INTO preset (library_id, name, kind, direction, duration, delay, curve_id, curve_expression,
                on_top, completion_speed, completion_curve_id, completion_curve_expression, finish_threshold,
                reverse_id, description, mirror_of_id, hides_source, reduced_motion_id, duration_id, deprecated, flick_velocity)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, db
        ).execute([.integer(library), .text(preset.name)] + (try presetValues(preset)))
        let id = db.lastInsertedRowID
        try writeTracks(preset.tracks, presetID: id)
        return id
    }

    /// Replaces every value of the preset with row id `id` (its name and library stay); a mirror's
    /// values are derived from the preset it mirrors, and the mirrors of this preset follow it.
    func updatePreset(id: Int64, _ preset: Preset) throws {
        // One level only: a mirror cannot itself be mirrored.
        let mirrors = try Int64.fetchAll(db, sql: "SELECT id FROM preset WHERE mirror_of_id = ? ORDER BY id", arguments: [id])
        if let source = preset.mirrorOf, let first = mirrors.first {
            let mirror = try CatalogLookup.name(.preset, id: first, db)
            throw ModelError.invalidValue(
                field: "mirror-of preset", value: source.description,
                reason: "'\(preset.qualifiedName)' is itself mirrored (by '\(mirror)'\(mirrors.count > 1 ? " and \(mirrors.count - 1) more" : "")), and a mirror cannot be mirrored")
        }
        try writePreset(id: id, try derivedIfMirror(preset))
        let reader = CatalogReader(db: db)
        for mirror in mirrors { try writePreset(id: mirror, try derivedIfMirror(try reader.preset(id: mirror))) }
    }

    /// Refuses a catalog where a route's interaction controller is a preset without interaction
    /// settings, which could not drive the interaction the route promises. Checked once a write
    /// that changes presets is done (an import changes presets before routes, and a route may
    /// leave the preset in the same import).
    func refuseInteractionsWithoutSettings() throws {
        let sql = """
            SELECT p.id, r.id FROM preset p JOIN route r ON r.interaction_id = p.id
            WHERE p.completion_speed IS NULL ORDER BY p.id, r.id LIMIT 1
            """
        guard let row = try Row.fetchOne(db, sql: sql) else { return }
        let presetID: Int64 = row[0]
        let routeID: Int64 = row[1]
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM route WHERE interaction_id = ?", arguments: [presetID]) ?? 1
        let route = try CatalogReader(db: db).route(id: routeID)
        let more = count > 1 ? " and \(count - 1) more" : ""
        throw ModelError.invalidValue(
            field: "interaction settings", value: try CatalogLookup.name(.preset, id: presetID, db).description,
            reason: "the preset has none, but route #\(routeID) \(route.routeDescription)\(more) \(count > 1 ? "use it as their" : "uses it as its") "
                + "interaction controller; give \(count > 1 ? "those routes" : "the route") another interaction preset, or none, first")
    }

    private func writePreset(id: Int64, _ preset: Preset) throws {
        try DirectStatement(
            """
            UPDATE preset SET kind = ?, direction = ?, duration = ?, delay = ?, curve_id = ?, curve_expression = ?,
                on_top = ?, completion_speed = ?, completion_curve_id = ?, completion_curve_expression = ?,
                finish_threshold = ?, reverse_id = ?, description = ?, mirror_of_id = ?, hides_source = ?,
                reduced_motion_id = ?, duration_id = ?, deprecated = ?, flick_velocity = ?
            WHERE id = ?
            """, db
        ).execute(try presetValues(preset) + [.integer(id)])
        try db.execute(sql: "DELETE FROM preset_view WHERE preset_id = ?", arguments: [id])
        try writeTracks(preset.tracks, presetID: id)
    }

    /// The preset with its kind, duration, delay, curve and tracks taken from the preset it
    /// mirrors (``Preset/mirroring(_:)``), as that preset is stored now; other presets as they are.
    func derivedIfMirror(_ preset: Preset) throws -> Preset {
        guard let source = preset.mirrorOf else { return preset }
        let id = try CatalogLookup.id(.preset, source, prefer: preset.library, db)
        return try preset.mirroring(try CatalogReader(db: db).preset(id: id))
    }

    /// The preset's column values from `kind` to `flick_velocity`, references resolved.
    private func presetValues(_ preset: Preset) throws -> [DirectStatement.Value] {
        let (curveID, curveExpression) = try curveColumns(preset.curve, prefer: preset.library)
        var completion: (Int64?, String?) = (nil, nil)
        if let interaction = preset.interaction {
            completion = try curveColumns(interaction.completionCurve, prefer: preset.library)
        }
        let reverseID = try preset.reverse.map { try CatalogLookup.id(.preset, $0, prefer: preset.library, db) }
        let mirrorID = try preset.mirrorOf.map { try CatalogLookup.id(.preset, $0, prefer: preset.library, db) }
        let reducedMotionID = try preset.reducedMotion.map { try CatalogLookup.id(.preset, $0, prefer: preset.library, db) }
        let (durationID, seconds) = try durationColumns(preset)
        return [
            .text(preset.kind.rawValue), .text(preset.direction?.rawValue), .real(seconds), .real(preset.delay), .integer(curveID),
            .text(curveExpression), .text(preset.tracks.onTop.rawValue), .real(preset.interaction?.completionSpeed), .integer(completion.0),
            .text(completion.1), .real(preset.interaction?.finishThreshold), .integer(reverseID), .text(preset.description),
            .integer(mirrorID), .boolean(preset.tracks.hidesSource), .integer(reducedMotionID), .integer(durationID),
            .text(preset.deprecated), .real(preset.interaction?.flickVelocity),
        ]
    }

    private func writeTracks(_ tracks: ViewTracks, presetID id: Int64) throws {
        let insert = try DirectStatement(
            """
            INSERT INTO preset_view (preset_id, view, phase, frame_reference, frame_x, frame_y, frame_width,
                frame_height, alpha, scale_x, scale_y, rotation, rotation_y, corner_radius, geometry)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, db)
        for view in TrackedView.allCases {
            guard let track = tracks[tracked: view] else { continue }
            for (phase, state) in [("start", track.start), ("end", track.end), ("after", track.after)] {
                guard let state else { continue }
                try insert.execute([
                    .integer(id), .text(view.rawValue), .text(phase), .text(state.frame.reference.rawValue), .real(state.frame.x),
                    .real(state.frame.y), .real(state.frame.width), .real(state.frame.height), .real(state.alpha), .real(state.scaleX),
                    .real(state.scaleY), .real(state.rotation), .real(state.rotationY), .real(state.cornerRadius),
                    .text(track.geometry.rawValue),
                ])
            }
        }
    }

    // MARK: Delegates, screens, containers

    @discardableResult
    func insertDelegate(_ delegate: Delegate) throws -> Int64 {
        let name = try Name.validated(delegate.name, field: "delegate name")
        let library = try libraryID(delegate.library)
        try refuseDuplicate(.delegate, library: library, name: name, libraryName: delegate.library)
        try db.execute(
            sql: "INSERT INTO delegate (library_id, name, released, description) VALUES (?, ?, ?, ?)",
            arguments: [library, name, delegate.released, delegate.description])
        return db.lastInsertedRowID
    }

    @discardableResult
    func insertScreen(_ screen: Screen) throws -> Int64 {
        let name = try screen.validated().name
        let library = try libraryID(screen.library)
        try refuseDuplicate(.screen, library: library, name: name, libraryName: screen.library)
        let delegateID = try screen.delegate.map { try CatalogLookup.id(.delegate, $0, prefer: screen.library, db) }
        try db.execute(
            sql: "INSERT INTO screen (library_id, name, delegate_id, modal_style, presentation_style, description) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [library, name, delegateID, screen.modalStyle.rawValue, screen.presentationStyle.rawValue, screen.description])
        return db.lastInsertedRowID
    }

    @discardableResult
    func insertContainer(_ container: Container) throws -> Int64 {
        let name = try Name.validated(container.name, field: "container name")
        let library = try libraryID(container.library)
        try refuseDuplicate(.container, library: library, name: name, libraryName: container.library)
        let delegateID = try container.delegate.map { try CatalogLookup.id(.delegate, $0, prefer: container.library, db) }
        try db.execute(
            sql: "INSERT INTO container (library_id, name, kind, delegate_id, description) VALUES (?, ?, ?, ?, ?)",
            arguments: [library, name, container.kind.rawValue, delegateID, container.description])
        return db.lastInsertedRowID
    }

    // MARK: Routes

    /// Changes what an existing route returns.
    func updateRoute(id: Int64, preset: QualifiedName?, interaction: QualifiedName?) throws {
        let presetID = try preset.map { try CatalogLookup.id(.preset, $0, db) }
        let interactionID = try interaction.map { try CatalogLookup.id(.preset, $0, db) }
        try checkInteraction(interactionID, name: interaction)
        try db.execute(sql: "UPDATE route SET preset_id = ?, interaction_id = ? WHERE id = ?", arguments: [presetID, interactionID, id])
    }

    /// An interaction preset must have interaction settings.
    func checkInteraction(_ id: Int64?, name: QualifiedName?) throws {
        guard let id else { return }
        let interactive = try Bool.fetchOne(db, sql: "SELECT completion_speed IS NOT NULL FROM preset WHERE id = ?", arguments: [id]) ?? false
        if !interactive {
            throw ModelError.invalidValue(
                field: "interaction preset", value: name?.description ?? "",
                reason: "the preset has no interaction settings; give it --completion-speed or --finish-threshold")
        }
    }

    /// Inserts a mapping on an existing delegate, refusing duplicates and ties.
    @discardableResult
    func insertRoute(_ route: RouteMapping, prefer library: String) throws -> RouteMapping {
        try route.validate()
        let delegateID = try CatalogLookup.id(.delegate, route.delegate, prefer: library, db)
        let delegateName = try CatalogLookup.name(.delegate, id: delegateID, db)
        func screenID(_ pattern: ScreenPattern) throws -> Int64? {
            guard case let .screen(name) = pattern else { return nil }
            return try CatalogLookup.id(.screen, name, prefer: library, db)
        }
        let ids = RouteIDs(
            delegate: delegateID, operation: route.operation, from: try screenID(route.from), to: try screenID(route.to),
            preset: try route.preset.map { try CatalogLookup.id(.preset, $0, prefer: library, db) },
            interaction: try route.interaction.map { try CatalogLookup.id(.preset, $0, prefer: library, db) })
        try checkInteraction(ids.interaction, name: route.interaction)

        var stored = route
        stored.delegate = delegateName
        stored.from = try ids.from.map { .screen(try CatalogLookup.name(.screen, id: $0, db)) } ?? .any
        stored.to = try ids.to.map { .screen(try CatalogLookup.name(.screen, id: $0, db)) } ?? .any
        stored.preset = try ids.preset.map { try CatalogLookup.name(.preset, id: $0, db) }
        stored.interaction = try ids.interaction.map { try CatalogLookup.name(.preset, id: $0, db) }
        stored.id = try insertRoute(ids)
        return stored
    }

    /// The row ids of a route mapping's parts.
    struct RouteIDs {
        var delegate: Int64
        var operation: TransitionOperation
        var from: Int64?
        var to: Int64?
        var preset: Int64?
        var interaction: Int64?
    }

    /// Inserts a mapping whose parts are resolved, refusing duplicates and ties. Bulk imports
    /// call this directly; names are read only to explain a refusal.
    func insertRoute(_ ids: RouteIDs) throws -> Int64 {
        let (from, to) = (ids.from ?? 0, ids.to ?? 0)
        // The same key is a duplicate; a one-sided wildcard ties with any mapping wildcarded on the
        // other side, since both match the route between their named screens. Each probe is one
        // index search (route_key, or route_key_by_destination for `* → B`).
        let same = try db.cachedStatement(
            sql: """
                SELECT id, from_screen_id, to_screen_id FROM route
                WHERE delegate_id = ? AND operation = ? AND ifnull(from_screen_id, 0) = ? AND ifnull(to_screen_id, 0) = ? LIMIT 1
                """)
        var clash = try Row.fetchOne(same, arguments: [ids.delegate, ids.operation.rawValue, from, to])
        if clash == nil && from != 0 && to == 0 {
            let toWildcardFrom = try db.cachedStatement(
                sql: """
                    SELECT id, from_screen_id, to_screen_id FROM route
                    WHERE delegate_id = ? AND operation = ? AND ifnull(from_screen_id, 0) = 0 AND ifnull(to_screen_id, 0) > 0 ORDER BY id LIMIT 1
                    """)
            clash = try Row.fetchOne(toWildcardFrom, arguments: [ids.delegate, ids.operation.rawValue])
        }
        if clash == nil && from == 0 && to != 0 {
            let fromWildcardTo = try db.cachedStatement(
                sql: """
                    SELECT id, from_screen_id, to_screen_id FROM route
                    WHERE delegate_id = ? AND operation = ? AND ifnull(to_screen_id, 0) = 0 AND ifnull(from_screen_id, 0) > 0 ORDER BY id LIMIT 1
                    """)
            clash = try Row.fetchOne(fromWildcardTo, arguments: [ids.delegate, ids.operation.rawValue])
        }
        if let clash {
            let clashID: Int64 = clash["id"]
            let clashFrom: Int64? = clash["from_screen_id"]
            let clashTo: Int64? = clash["to_screen_id"]
            let delegateName = try CatalogLookup.name(.delegate, id: ids.delegate, db)
            func side(_ id: Int64?) throws -> String { try id.map { try CatalogLookup.name(.screen, id: $0, db).description } ?? "*" }
            let description = "\(ids.operation.rawValue) \(try side(ids.from)) → \(try side(ids.to))"
            if clashFrom == ids.from && clashTo == ids.to {
                throw CatalogError.routeExists(route: description, delegate: delegateName.description, id: clashID)
            }
            throw CatalogError.routeTie(
                new: description,
                existing: "\(try CatalogReader(db: db).route(id: clashID).routeDescription) on delegate '\(delegateName)'", existingID: clashID,
                example: "\(try side(ids.from ?? clashFrom)) → \(try side(ids.to ?? clashTo))")
        }
        let insert = try db.cachedStatement(
            sql: "INSERT INTO route (delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id) VALUES (?, ?, ?, ?, ?, ?)")
        try insert.execute(arguments: [ids.delegate, ids.operation.rawValue, ids.from, ids.to, ids.preset, ids.interaction])
        return db.lastInsertedRowID
    }
}
