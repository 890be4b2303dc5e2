import GRDB
import TransDBCore

/// The reads of a catalog, turning rows into model values.
struct CatalogReader {
    let db: Database

    /// ` WHERE` with the conditions whose values are given (each `?` of a condition takes its
    /// value), and their arguments. Written `(?1 IS NULL OR l.name = ?1)`, a filter keeps SQLite
    /// from using an index for it: reading each of ten thousand libraries would scan them all.
    static func filter(_ conditions: [(sql: String, value: (any DatabaseValueConvertible)?)]) -> (sql: String, arguments: StatementArguments) {
        var clauses: [String] = []
        var arguments = StatementArguments()
        for (sql, value) in conditions {
            guard let value else { continue }
            clauses.append(sql)
            for _ in sql.filter({ $0 == "?" }) { arguments += [value] }
        }
        return (clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND "), arguments)
    }

    // MARK: Curves

    func curves(library: String? = nil, kind: TimingCurve.Kind? = nil) throws -> [NamedCurve] {
        let filter = Self.filter([("l.name = ?", library), ("c.kind = ?", kind?.rawValue)])
        return try Row.fetchAll(
            db,
            sql: """
                SELECT c.name, l.name AS library, c.expression, c.description, c.deprecated, a.name AS alias_name, al.name AS alias_library FROM curve c JOIN library l ON l.id = c.library_id LEFT JOIN curve a ON a.id = c.alias_of_id LEFT JOIN library al ON al.id = a.library_id
                """ + filter.sql + " ORDER BY l.name, c.name",
            arguments: filter.arguments
        ).map(namedCurve)
    }

    func curve(id: Int64) throws -> NamedCurve {
        // Cached: a run of lookups reads the curves of many presets one by one.
        guard let row = try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT c.name, l.name AS library, c.expression, c.description, c.deprecated, a.name AS alias_name, al.name AS alias_library FROM curve c JOIN library l ON l.id = c.library_id LEFT JOIN curve a ON a.id = c.alias_of_id LEFT JOIN library al ON al.id = a.library_id WHERE c.id = ?"),
            arguments: [id])
        else { throw LookupError.notFound(kind: .curve, name: "#\(id)", suggestion: nil) }
        return try namedCurve(row)
    }

    /// The expression `reference` stands for: an inline curve's own, a named curve's stored one.
    /// (Read as stored, without parsing it again: the schema holds canonical expressions only.)
    func expression(of reference: CurveReference) throws -> String {
        switch reference {
        case let .inline(curve): return curve.expression
        case let .named(name):
            let id = try CatalogLookup.id(.curve, name, db)
            guard let expression = try String.fetchOne(db.cachedStatement(sql: "SELECT expression FROM curve WHERE id = ?"), arguments: [id]) else {
                throw LookupError.notFound(kind: .curve, name: name.description, suggestion: nil)
            }
            return expression
        }
    }

    private func namedCurve(_ row: Row) throws -> NamedCurve {
        NamedCurve(
            library: row["library"], name: row["name"], curve: try Self.storedCurve(row["expression"]), description: row["description"],
            deprecated: row["deprecated"],
            aliasOf: (row["alias_name"] as String?).map { QualifiedName(library: row["alias_library"], name: $0) })
    }

    /// A stored expression; the schema holds only canonical expressions written by transdb.
    static func storedCurve(_ expression: String) throws -> TimingCurve {
        do { return try TimingCurve(expression: expression) } catch let error as CurveExpressionError {
            throw ModelError.invalidCurve(field: "stored curve", error: error)
        }
    }

    // MARK: Durations

    private static let durationColumns =
        "SELECT d.name, l.name AS library, d.seconds, d.description, d.deprecated FROM duration d JOIN library l ON l.id = d.library_id"

    func durations(library: String? = nil) throws -> [NamedDuration] {
        let filter = Self.filter([("l.name = ?", library)])
        return try Row.fetchAll(db, sql: Self.durationColumns + filter.sql + " ORDER BY l.name, d.name", arguments: filter.arguments)
            .map(namedDuration)
    }

    func duration(id: Int64) throws -> NamedDuration {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.durationColumns + " WHERE d.id = ?"), arguments: [id]) else {
            throw LookupError.notFound(kind: .duration, name: "#\(id)", suggestion: nil)
        }
        return namedDuration(row)
    }

    private func namedDuration(_ row: Row) -> NamedDuration {
        NamedDuration(
            library: row["library"], name: row["name"], seconds: row["seconds"], description: row["description"],
            deprecated: row["deprecated"])
    }

    // MARK: Presets

    /// A preset's columns, with the names of the curves and the reverse preset it refers to.
    private static let presetColumns = """
        SELECT p.id, p.name, l.name AS library, p.kind, p.direction, p.duration, p.delay, c.name, cl.name, p.curve_expression,
            p.on_top, p.completion_speed, cc.name, ccl.name, p.completion_curve_expression, p.finish_threshold,
            r.name, rl.name, p.description, m.name, ml.name, p.hides_source, rm.name, rml.name, dn.name, dnl.name, p.deprecated,
            p.flick_velocity
        FROM preset p JOIN library l ON l.id = p.library_id
            LEFT JOIN curve c ON c.id = p.curve_id LEFT JOIN library cl ON cl.id = c.library_id
            LEFT JOIN curve cc ON cc.id = p.completion_curve_id LEFT JOIN library ccl ON ccl.id = cc.library_id
            LEFT JOIN preset r ON r.id = p.reverse_id LEFT JOIN library rl ON rl.id = r.library_id
            LEFT JOIN preset m ON m.id = p.mirror_of_id LEFT JOIN library ml ON ml.id = m.library_id
            LEFT JOIN preset rm ON rm.id = p.reduced_motion_id LEFT JOIN library rml ON rml.id = rm.library_id
            LEFT JOIN duration dn ON dn.id = p.duration_id LEFT JOIN library dnl ON dnl.id = dn.library_id
        """

    func presets(library: String? = nil, kind: PresetKind? = nil) throws -> [Preset] {
        let (filter, arguments) = Self.filter([("l.name = ?", library), ("p.kind = ?", kind?.rawValue)])
        // Many presets are read with two queries rather than two per preset: all their track rows
        // in one.
        var views: [Int64: [ViewRow]] = [:]
        let viewCursor = try Row.fetchCursor(
            db, sql: Self.viewColumns + " JOIN preset p ON p.id = v.preset_id JOIN library l ON l.id = p.library_id" + filter,
            arguments: arguments)
        while let row = try viewCursor.next() { views[row[0], default: []].append(Self.viewRow(row)) }
        // A cursor's rows read their columns straight from SQLite, without a copy of each row.
        let rows = try Row.fetchCursor(db, sql: Self.presetColumns + filter + " ORDER BY l.name, p.name", arguments: arguments)
        var presets: [Preset] = []
        while let row = try rows.next() { presets.append(try preset(row, views: views[row[0]] ?? [])) }
        return presets
    }

    /// Every preset's summary in one query (names of curves and reverses joined in), ordered by
    /// library and name.
    func presetSummaries(library: String? = nil, kind: PresetKind? = nil) throws -> [PresetSummary] {
        var curves: [String: TimingCurve] = [:]  // presets share few distinct expressions
        let filter = Self.filter([("l.name = ?", library), ("p.kind = ?", kind?.rawValue)])
        // A cursor reads each row straight from the statement; fetchAll would copy every row first.
        return try Array(Row.fetchCursor(
            db,
            sql: """
                SELECT p.name, l.name AS library, p.kind, p.direction, p.duration, p.delay,
                    c.name AS curve_name, cl.name AS curve_library, p.curve_expression,
                    p.completion_speed IS NOT NULL AS interactive,
                    r.name AS reverse_name, rl.name AS reverse_library, p.description, p.deprecated,
                    dn.name AS duration_name, dnl.name AS duration_library
                FROM preset p JOIN library l ON l.id = p.library_id
                    LEFT JOIN duration dn ON dn.id = p.duration_id LEFT JOIN library dnl ON dnl.id = dn.library_id
                    LEFT JOIN curve c ON c.id = p.curve_id LEFT JOIN library cl ON cl.id = c.library_id
                    LEFT JOIN preset r ON r.id = p.reverse_id LEFT JOIN library rl ON rl.id = r.library_id
                """ + filter.sql + " ORDER BY l.name, p.name",
            arguments: filter.arguments
        ).map { row in
            // Columns by position: GRDB's lookup by name lowercases the name on every access.
            let kindText: String = row[2]
            guard let kind = PresetKind(rawValue: kindText) else {
                throw CatalogError.unknownPresetKind(preset: "\(row[1] as String)/\(row[0] as String)", kind: kindText)
            }
            let curve: CurveReference
            if let curveName: String = row[6] {
                curve = .named(QualifiedName(library: row[7], name: curveName))
            } else {
                let expression: String = row[8] ?? ""
                let parsed = try curves[expression] ?? Self.storedCurve(expression)
                curves[expression] = parsed
                curve = .inline(parsed)
            }
            let reverseName: String? = row[10]
            return PresetSummary(
                library: row[1], name: row[0], kind: kind, direction: (row[3] as String?).flatMap(Direction.init(rawValue:)),
                duration: row[4], delay: row[5], curve: curve, isInteractive: row[9],
                reverse: reverseName.map { QualifiedName(library: row[11], name: $0) }, description: row[12], deprecated: row[13],
                durationName: (row[14] as String?).map { QualifiedName(library: row[15], name: $0) })
        })
    }

    /// Preset `id`, with its tracks. Stepped through SQLite's C API: runs of lookups read many
    /// presets one at a time.
    func preset(id: Int64) throws -> Preset {
        var views: [ViewRow] = []
        try StatementRow.forEach(db.cachedStatement(sql: Self.viewColumns + " WHERE v.preset_id = ?"), id: id, in: db) {
            views.append(Self.viewRow($0))
        }
        var found: Preset?
        try StatementRow.forEach(db.cachedStatement(sql: Self.presetColumns + " WHERE p.id = ?"), id: id, in: db) {
            found = try preset($0, views: views)
        }
        guard let found else { throw LookupError.notFound(kind: .preset, name: "#\(id)", suggestion: nil) }
        return found
    }

    /// Every preset's row, by id, and every view's row, by preset (in the order a preset's own
    /// query reads them): what the lookup store keeps, to read back with
    /// ``preset(row:viewRows:)``.
    static let presetRowsByID = presetColumns + " ORDER BY p.id"
    static let viewRowsByPreset = viewColumns + " ORDER BY v.preset_id, v.view, v.phase"

    /// The preset whose row and views' rows were read by the queries above, wherever kept.
    func preset(row: some ColumnReading, viewRows: [some ColumnReading]) throws -> Preset {
        try preset(row, views: viewRows.map { Self.viewRow($0) })
    }

    private func curveReference(name: String?, library: String?, expression: String?) throws -> CurveReference {
        if let name { return .named(QualifiedName(library: library, name: name)) }
        return .inline(try Self.storedCurve(expression ?? ""))
    }

    private func preset(_ row: some ColumnReading, views: [ViewRow]) throws -> Preset {
        guard let kind = row.value(3, as: PresetKind.self) else {
            throw CatalogError.unknownPresetKind(preset: "#\(row.int64(0) ?? 0)", kind: row.text(3) ?? "")
        }
        var interaction: InteractionSettings?
        if let speed = row.double(11) {
            interaction = InteractionSettings(
                completionSpeed: speed, completionCurve: try curveReference(name: row.text(12), library: row.text(13), expression: row.text(14)),
                finishThreshold: row.double(15) ?? 0.5, flickVelocity: row.double(27))
        }
        return Preset(
            library: row.text(2) ?? "", name: row.text(1) ?? "", kind: kind,
            direction: row.value(4, as: Direction.self),
            duration: row.double(5) ?? 0, durationName: row.text(24).map { QualifiedName(library: row.text(25), name: $0) },
            delay: row.double(6) ?? 0,
            curve: try curveReference(name: row.text(7), library: row.text(8), expression: row.text(9)),
            tracks: tracks(views, onTop: row.value(10, as: ViewRole.self) ?? .to, hidesSource: row.int64(21) == 1),
            interaction: interaction,
            reverse: row.text(16).map { QualifiedName(library: row.text(17), name: $0) },
            mirrorOf: row.text(19).map { QualifiedName(library: row.text(20), name: $0) },
            reducedMotion: row.text(22).map { QualifiedName(library: row.text(23), name: $0) },
            description: row.text(18) ?? "", deprecated: row.text(26))
    }

    /// A row of `preset_view`: which view and phase, and the state.
    private typealias ViewRow = (view: TrackedView, phase: TrackOverride.Phase, state: ViewState, geometry: TrackGeometry)

    private static let viewColumns = """
        SELECT v.preset_id, v.view, v.phase, v.frame_reference, v.frame_x, v.frame_y, v.frame_width, v.frame_height, v.alpha,
            v.scale_x, v.scale_y, v.rotation, v.rotation_y, v.corner_radius, v.geometry
        FROM preset_view v
        """

    private static func viewRow(_ row: some ColumnReading) -> ViewRow {
        var state = ViewState()
        state.frame = RelativeFrame(
            row.value(3, as: RelativeFrame.Reference.self) ?? .container, x: row.double(4) ?? 0, y: row.double(5) ?? 0,
            width: row.double(6) ?? 0, height: row.double(7) ?? 0)
        state.alpha = row.double(8) ?? 0
        state.scaleX = row.double(9) ?? 0
        state.scaleY = row.double(10) ?? 0
        state.rotation = row.double(11) ?? 0
        state.rotationY = row.double(12) ?? 0
        state.cornerRadius = row.double(13) ?? 0
        return (
            view: row.value(1, as: TrackedView.self) ?? .to,
            phase: row.value(2, as: TrackOverride.Phase.self) ?? .end, state: state,
            geometry: row.value(14, as: TrackGeometry.self) ?? .frame
        )
    }

    private func tracks(_ rows: [ViewRow], onTop: ViewRole, hidesSource: Bool) -> ViewTracks {
        // Each view's track is built apart and the tracks made once at the end: setting a track
        // of a `ViewTracks` makes a new box of all three, and a batch decodes thousands.
        var (from, to) = (ViewTrack.still, ViewTrack.still)
        var shared: ViewTrack?
        for row in rows {
            switch row.view {
            case .from: Self.apply(row, to: &from)
            case .to: Self.apply(row, to: &to)
            case .shared:
                var track = shared ?? ViewTrack()
                Self.apply(row, to: &track)
                shared = track
            }
        }
        return ViewTracks(from: from, to: to, shared: shared, onTop: onTop, hidesSource: hidesSource)
    }

    /// Sets the state of one phase of `track` and its geometry, as a row of `preset_view` says.
    private static func apply(_ row: ViewRow, to track: inout ViewTrack) {
        switch row.phase {
        case .start: track.start = row.state
        case .end: track.end = row.state
        case .after: track.after = row.state
        }
        track.geometry = row.geometry
    }

    // MARK: Screens, containers, delegates, libraries

    /// The library with row id `id`.
    ///
    /// - Throws: ``LookupError/notFound(kind:name:suggestion:)`` when there is none.
    func library(id: Int64) throws -> Library {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.libraryColumns) FROM library l WHERE l.id = ?"), arguments: [id]) else {
            throw LookupError.notFound(kind: .library, name: "#\(id)", suggestion: nil)
        }
        return Self.library(row)
    }

    /// The columns ``library(_:)`` reads, of the table aliased `l`.
    private static let libraryColumns = "l.name, l.version, l.description, l.tokens_schema"

    private static func library(_ row: Row) -> Library {
        Library(name: row["name"], version: row["version"], description: row["description"], tokensSchema: row["tokens_schema"])
    }

    func libraries() throws -> [(library: Library, counts: [EntityKind: Int])] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT \(Self.libraryColumns),
                    (SELECT count(*) FROM curve WHERE library_id = l.id) AS curves,
                    (SELECT count(*) FROM duration WHERE library_id = l.id) AS durations,
                    (SELECT count(*) FROM preset WHERE library_id = l.id) AS presets,
                    (SELECT count(*) FROM screen WHERE library_id = l.id) AS screens,
                    (SELECT count(*) FROM container WHERE library_id = l.id) AS containers,
                    (SELECT count(*) FROM delegate WHERE library_id = l.id) AS delegates,
                    (SELECT count(*) FROM route r JOIN delegate d ON d.id = r.delegate_id WHERE d.library_id = l.id) AS routes
                FROM library l ORDER BY l.name
                """
        ).map { row in
            let library = Self.library(row)
            var counts: [EntityKind: Int] = [:]
            for kind in EntityKind.inLibrary {
                counts[kind] = row[kind.rawValue + "s"] as Int
            }
            return (library, counts)
        }
    }

    func screens(library: String? = nil, progress: WorkProgress? = nil) throws -> [Screen] {
        let filter = Self.filter([("l.name = ?", library)])
        return try Self.all(
            Row.fetchCursor(db, sql: Self.screenSelect + filter.sql + " ORDER BY l.name, s.name", arguments: filter.arguments),
            progress: progress
        ) { try screen($0, delegateName: delegateName) }
    }

    /// Every row of `cursor` made into a value, `progress` told every 4,096.
    private static func all<Value>(_ cursor: RowCursor, progress: WorkProgress?, _ make: (Row) throws -> Value) throws -> [Value] {
        var values: [Value] = []
        while let row = try cursor.next() {
            values.append(try make(row))
            if values.count & 4095 == 0 { progress.advance(by: 4096) }
        }
        progress.advance(by: Int64(values.count & 4095))
        return values
    }

    func screen(id: Int64) throws -> Screen {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "\(Self.screenSelect) WHERE s.id = ?"), arguments: [id]) else {
            throw LookupError.notFound(kind: .screen, name: "#\(id)", suggestion: nil)
        }
        return try screen(row, delegateName: delegateName)
    }

    /// The name of delegate `id`, read.
    private func delegateName(_ id: Int64) throws -> QualifiedName { try CatalogLookup.name(.delegate, id: id, db) }

    /// Screen `name` of library `library` with its row id, `nil` when there is none: what an import
    /// compares a bundle's screen with, two million times for a large library. `delegateName`
    /// names a delegate by row id (the import remembers them).
    func screen(library: String, name: String, delegateName: (Int64) throws -> QualifiedName) throws -> (id: Int64, screen: Screen)? {
        let statement = try db.cachedStatement(sql: "\(Self.screenSelect) WHERE l.name = ? AND s.name = ?")
        guard let row = try Row.fetchOne(statement, arguments: [library, name]) else { return nil }
        return (row[0], try screen(row, delegateName: delegateName))
    }

    /// The columns ``screen(_:delegateName:)`` reads, in its order.
    private static let screenSelect = """
        SELECT s.id, s.name, l.name, s.delegate_id, s.modal_style, s.presentation_style, s.description
        FROM screen s JOIN library l ON l.id = s.library_id
        """

    /// A row of ``screenSelect`` as a screen (by position: looking columns up by name costs more
    /// than reading them).
    private func screen(_ row: Row, delegateName: (Int64) throws -> QualifiedName) throws -> Screen {
        let delegateID: Int64? = row[3]
        return Screen(
            library: row[2], name: row[1], delegate: try delegateID.map(delegateName),
            modalStyle: ModalTransitionStyle(rawValue: row[4]) ?? .coverVertical,
            presentationStyle: ModalPresentationStyle(rawValue: row[5]) ?? .automatic,
            description: row[6])
    }

    func containers(library: String? = nil, kind: ContainerKind? = nil) throws -> [Container] {
        let filter = Self.filter([("l.name = ?", library), ("c.kind = ?", kind?.rawValue)])
        return try Row.fetchAll(
            db,
            sql: """
                SELECT c.id, c.name, l.name AS library, c.kind, c.delegate_id, c.description
                FROM container c JOIN library l ON l.id = c.library_id
                """ + filter.sql + " ORDER BY l.name, c.name",
            arguments: filter.arguments
        ).map(container)
    }

    func container(id: Int64) throws -> Container {
        guard let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT c.id, c.name, l.name AS library, c.kind, c.delegate_id, c.description
                    FROM container c JOIN library l ON l.id = c.library_id WHERE c.id = ?
                    """),
            arguments: [id])
        else { throw LookupError.notFound(kind: .container, name: "#\(id)", suggestion: nil) }
        return try container(row)
    }

    private func container(_ row: Row) throws -> Container {
        let delegateID: Int64? = row["delegate_id"]
        return Container(
            library: row["library"], name: row["name"], kind: ContainerKind(rawValue: row["kind"]) ?? .navigation,
            delegate: try delegateID.map { try CatalogLookup.name(.delegate, id: $0, db) }, description: row["description"])
    }

    func delegates(library: String? = nil) throws -> [Delegate] {
        let filter = Self.filter([("l.name = ?", library)])
        return try Row.fetchAll(
            db,
            sql: "SELECT d.name, l.name AS library, d.released, d.description FROM delegate d JOIN library l ON l.id = d.library_id"
                + filter.sql + " ORDER BY l.name, d.name",
            arguments: filter.arguments
        ).map { Delegate(library: $0["library"], name: $0["name"], released: $0["released"], description: $0["description"]) }
    }

    func delegate(id: Int64) throws -> Delegate {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT d.name, l.name AS library, d.released, d.description FROM delegate d JOIN library l ON l.id = d.library_id WHERE d.id = ?"),
            arguments: [id])
        else { throw LookupError.notFound(kind: .delegate, name: "#\(id)", suggestion: nil) }
        return Delegate(library: row["library"], name: row["name"], released: row["released"], description: row["description"])
    }

    // MARK: Routes

    private static let routeColumns = """
        SELECT r.id, d.name AS delegate, dl.name AS delegate_library, r.operation,
            fs.name AS from_name, fl.name AS from_library, ts.name AS to_name, tl.name AS to_library,
            p.name AS preset_name, pl.name AS preset_library, i.name AS interaction_name, il.name AS interaction_library
        FROM route r
        JOIN delegate d ON d.id = r.delegate_id JOIN library dl ON dl.id = d.library_id
        LEFT JOIN screen fs ON fs.id = r.from_screen_id LEFT JOIN library fl ON fl.id = fs.library_id
        LEFT JOIN screen ts ON ts.id = r.to_screen_id LEFT JOIN library tl ON tl.id = ts.library_id
        LEFT JOIN preset p ON p.id = r.preset_id LEFT JOIN library pl ON pl.id = p.library_id
        LEFT JOIN preset i ON i.id = r.interaction_id LEFT JOIN library il ON il.id = i.library_id
        """

    func route(id: Int64) throws -> RouteMapping {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.routeColumns + " WHERE r.id = ?"), arguments: [id]) else {
            throw LookupError.notFound(kind: .route, name: "#\(id)", suggestion: nil)
        }
        return route(row)
    }

    /// Whether the library's routes are most of the catalog's, so that reading them is faster
    /// by scanning the table than through an index (and reading many small libraries is not).
    /// The largest row id stands for the table's size: counting would read it all.
    static func holdsMostRoutes(libraryID: Int64, _ db: Database) throws -> Bool {
        let own = try Int.fetchOne(db, sql: "SELECT count(*) FROM route WHERE \(libraryRoutes)", arguments: [libraryID]) ?? 0
        let largestID = try Int.fetchOne(db, sql: "SELECT max(id) FROM route") ?? 0
        return own * 4 >= largestID
    }

    /// The routes of the library bound to the statement's first parameter, by the route key's index.
    static let libraryRoutes = "delegate_id IN (SELECT id FROM delegate WHERE library_id = ?1)"

    /// Routes, filtered by delegate, operation, library (of the delegate) and a screen on either
    /// side. `scanning` reads a library's routes by scanning the table (see ``holdsMostRoutes(libraryID:_:)``).
    func routes(
        delegate: Int64? = nil, operation: TransitionOperation? = nil, library: String? = nil, scanning: Bool = false, screen: Int64? = nil,
        preset: Int64? = nil, limit: Int? = nil, progress: WorkProgress? = nil
    ) throws -> [RouteMapping] {
        // `+` keeps SQLite from walking an index for the term.
        let filter = Self.filter([
            ("r.delegate_id = ?", delegate), ("r.operation = ?", operation?.rawValue), (scanning ? "+dl.name = ?" : "dl.name = ?", library),
            ("(r.from_screen_id = ? OR r.to_screen_id = ?)", screen), ("(r.preset_id = ? OR r.interaction_id = ?)", preset),
        ])
        let sql = Self.routeColumns + filter.sql + " ORDER BY r.id" + (limit.map { " LIMIT \($0)" } ?? "")
        return try Self.all(Row.fetchCursor(db, sql: sql, arguments: filter.arguments), progress: progress, route)
    }

    /// How many routes a delegate has, or name a screen on either side.
    func routeCount(delegate: Int64? = nil, screen: Int64? = nil) throws -> Int {
        let filter = Self.filter([("delegate_id = ?", delegate), ("(from_screen_id = ? OR to_screen_id = ?)", screen)])
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM route" + filter.sql, arguments: filter.arguments) ?? 0
    }

    private func route(_ row: Row) -> RouteMapping {
        func name(_ prefix: String) -> QualifiedName? {
            guard let name: String = row["\(prefix)_name"] else { return nil }
            return QualifiedName(library: row["\(prefix)_library"], name: name)
        }
        return RouteMapping(
            id: row["id"], delegate: QualifiedName(library: row["delegate_library"], name: row["delegate"]),
            operation: TransitionOperation(rawValue: row["operation"]) ?? .present,
            from: name("from").map(ScreenPattern.screen) ?? .any, to: name("to").map(ScreenPattern.screen) ?? .any,
            preset: name("preset"), interaction: name("interaction"))
    }

    /// Who uses a preset or curve, as `kind library/name` strings for error messages.
    func users(of kind: EntityKind, id: Int64) throws -> [String] {
        switch kind {
        case .curve:
            return try String.fetchAll(
                db,
                sql: """
                    SELECT 'preset ' || l.name || '/' || p.name FROM preset p JOIN library l ON l.id = p.library_id
                    WHERE p.curve_id = ?1 OR p.completion_curve_id = ?1
                    UNION ALL SELECT 'curve ' || l.name || '/' || c.name FROM curve c JOIN library l ON l.id = c.library_id
                    WHERE c.alias_of_id = ?1 ORDER BY 1
                    """,
                arguments: [id])
        case .duration:
            return try String.fetchAll(
                db,
                sql: "SELECT 'preset ' || l.name || '/' || p.name FROM preset p JOIN library l ON l.id = p.library_id WHERE p.duration_id = ? ORDER BY 1",
                arguments: [id])
        case .preset:
            let presets = try String.fetchAll(
                db,
                sql: """
                    SELECT 'preset ' || l.name || '/' || p.name FROM preset p JOIN library l ON l.id = p.library_id
                    WHERE p.reverse_id = ?1 OR p.mirror_of_id = ?1 OR p.reduced_motion_id = ?1 ORDER BY 1
                    """,
                arguments: [id])
            let routes = try Int64.fetchAll(db, sql: "SELECT id FROM route WHERE preset_id = ?1 OR interaction_id = ?1 ORDER BY id", arguments: [id])
            return presets + routes.map { "route #\($0)" }
        case .screen:
            return try Int64.fetchAll(
                db, sql: "SELECT id FROM route WHERE from_screen_id = ?1 OR to_screen_id = ?1 ORDER BY id", arguments: [id]
            ).map { "route #\($0)" }
        default:
            return []
        }
    }
}
