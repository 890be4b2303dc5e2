import TransDBCore
/// The bundle file format: one library as readable JSON.
///
/// Writing is deterministic — fixed key order, entries in ``LibraryBundle/canonicalized()``
/// order, canonical curve expressions, numbers the shortest way that round-trips, defaults left
/// out — so two exports of the same library are byte-identical and a one-field change is a
/// one-line diff. Reading is strict: the file is untrusted (see ``StrictJSON``), unknown fields
/// are refused, every name and value is validated with the catalog's rules, and every error
/// names the file, the JSON path and the value.
///
/// ```json
/// { "transdb": 1,
///   "library": { "name", "version", "description" },
///   "curves":     [{ "name", "expression" or "aliasOf", "description"?, "deprecated"?: true or a reason }],
///   "durations"?: [{ "name", "seconds", "description"?, "deprecated"? }],
///   "presets":    [{ "name", "kind", "direction"?, "duration": seconds or a duration's name, "delay"?, "curve", "set"?: ["to.start.alpha=0"],
///                    "interaction"?: { "completionSpeed", "completionCurve", "finishThreshold", "flickVelocity"?: number or null },
///                    "reverse"?, "reducedMotion"?,
///                    "description"?, "deprecated"? }],
///   "delegates":  [{ "name", "released"?, "description"? }],
///   "screens":    [{ "name", "delegate"?, "modalStyle"?, "presentationStyle"?, "description"? }],
///   "containers": [{ "name", "kind", "delegate"?, "description"? }],
///   "routes":     [{ "delegate", "op", "from", "to", "preset": name or null, "interaction"? }] }
/// ```
public enum BundleFormat {
    /// The format version written and read.
    public static let version = 1
    /// The largest file `import` reads unless told otherwise: 64 MiB.
    public static let defaultMaximumSize = 64 << 20

    // MARK: Writing

    /// The bundle as a file's contents, ending with a newline.
    public static func encode(_ bundle: LibraryBundle) -> String {
        var text: [UInt8] = []
        write(bundle) { text.append(contentsOf: $0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of ``encode(_:)``, handed to `sink` in parts of about 64 KiB: each entry is made
    /// a value and written on its own, so that a library of 100,000 presets is never one tree.
    ///
    /// - Parameter beforeRoutes: Stop after `"routes": `, for a writer that writes the routes'
    ///   array and the document's end itself (``BundleRouteWriter``).
    static func write<Failure: Error>(
        _ bundle: LibraryBundle, beforeRoutes: Bool = false, to sink: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        let bundle = bundle.canonicalized()
        func text(_ value: String) -> JSONValue { .string(value) }
        func optional(_ fields: inout [(String, JSONValue)], _ key: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append((key, .string(value))) }
        }
        func deprecation(_ fields: inout [(String, JSONValue)], _ deprecated: String?) {
            if let value = Deprecation.json(deprecated) { fields.append(("deprecated", value)) }
        }
        var libraryFields: [(String, JSONValue)] = [
            ("name", text(bundle.library.name)), ("version", text(bundle.library.version)),
            ("description", text(bundle.library.description)),
        ]
        if let schema = bundle.library.tokensSchema { libraryFields.append(("tokensSchema", text(schema))) }
        let library: JSONValue = .object(libraryFields)
        func curveValue(_ curve: NamedCurve) -> JSONValue {
            // An alias names the curve it stands for: its expression is that curve's, derived when imported.
            var fields: [(String, JSONValue)] = [
                ("name", text(curve.name)),
                curve.aliasOf.map { ("aliasOf", text($0.description)) } ?? ("expression", text(curve.curve.expression)),
            ]
            optional(&fields, "description", curve.description)
            deprecation(&fields, curve.deprecated)
            return .object(fields)
        }
        func durationValue(_ duration: NamedDuration) -> JSONValue {
            var fields: [(String, JSONValue)] = [("name", text(duration.name)), ("seconds", .number(duration.seconds))]
            optional(&fields, "description", duration.description)
            deprecation(&fields, duration.deprecated)
            return .object(fields)
        }
        func interactionValue(_ interaction: InteractionSettings) -> JSONValue {
            var fields: [(String, JSONValue)] = [
                ("completionSpeed", .number(interaction.completionSpeed)),
                ("completionCurve", text(interaction.completionCurve.description)),
                ("finishThreshold", .number(interaction.finishThreshold)),
            ]
            // Left out at its default, so bundles written before the setting read the same.
            if interaction.flickVelocity != InteractionSettings.defaultFlickVelocity {
                fields.append(("flickVelocity", .number(interaction.flickVelocity)))
            }
            return .object(fields)
        }
        func presetValue(_ preset: Preset) -> JSONValue {
            if let source = preset.mirrorOf {
                // A mirror is its source's values, derived when it is imported: name the source only.
                var fields: [(String, JSONValue)] = [("name", text(preset.name)), ("mirrorOf", text(source.description))]
                if let interaction = preset.interaction { fields.append(("interaction", interactionValue(interaction))) }
                optional(&fields, "reverse", preset.reverse?.description)
                optional(&fields, "reducedMotion", preset.reducedMotion?.description)
                optional(&fields, "description", preset.description)
                deprecation(&fields, preset.deprecated)
                return .object(fields)
            }
            var fields: [(String, JSONValue)] = [("name", text(preset.name)), ("kind", text(preset.kind.rawValue))]
            optional(&fields, "direction", preset.direction?.rawValue)
            fields.append(("duration", preset.durationName.map { text($0.description) } ?? .number(preset.duration)))
            if preset.delay != 0 { fields.append(("delay", .number(preset.delay))) }
            fields.append(("curve", text(preset.curve.description)))
            let overrides = TrackOverride.differences(from: preset.kind.tracks(direction: preset.direction), to: preset.tracks)
            if !overrides.isEmpty { fields.append(("set", .array(overrides.map { text($0.description) }))) }
            if let interaction = preset.interaction { fields.append(("interaction", interactionValue(interaction))) }
            optional(&fields, "reverse", preset.reverse?.description)
            optional(&fields, "reducedMotion", preset.reducedMotion?.description)
            optional(&fields, "description", preset.description)
            deprecation(&fields, preset.deprecated)
            return .object(fields)
        }
        func delegateValue(_ delegate: Delegate) -> JSONValue {
            var fields: [(String, JSONValue)] = [("name", text(delegate.name))]
            if delegate.released { fields.append(("released", .bool(true))) }
            optional(&fields, "description", delegate.description)
            return .object(fields)
        }
        func screenValue(_ screen: Screen) -> JSONValue {
            var fields: [(String, JSONValue)] = [("name", text(screen.name))]
            optional(&fields, "delegate", screen.delegate?.description)
            if screen.modalStyle != .coverVertical { fields.append(("modalStyle", text(screen.modalStyle.rawValue))) }
            if screen.presentationStyle != .automatic { fields.append(("presentationStyle", text(screen.presentationStyle.rawValue))) }
            optional(&fields, "description", screen.description)
            return .object(fields)
        }
        func containerValue(_ container: Container) -> JSONValue {
            var fields: [(String, JSONValue)] = [("name", text(container.name)), ("kind", text(container.kind.rawValue))]
            optional(&fields, "delegate", container.delegate?.description)
            optional(&fields, "description", container.description)
            return .object(fields)
        }
        func routeValue(_ route: RouteMapping) -> JSONValue {
            var fields: [(String, JSONValue)] = [
                ("delegate", text(route.delegate.description)), ("op", text(route.operation.rawValue)),
                ("from", text(route.from.description)), ("to", text(route.to.description)),
                ("preset", .string(route.preset?.description)),
            ]
            optional(&fields, "interaction", route.interaction?.description)
            return .object(fields)
        }
        var out = PrettyJSONWriter()
        func array(_ key: String, count: Int, _ value: (Int) -> JSONValue) throws(Failure) {
            out.open(.array, key: key)
            for index in 0..<count {
                out.write(value(index))
                if let chunk = out.take() { try sink(chunk) }
            }
            out.close()
        }
        out.open(.object)
        out.write(.integer(Int64(version)), key: "transdb")
        out.write(library, key: "library")
        try array("curves", count: bundle.curves.count) { curveValue(bundle.curves[$0]) }
        // "durations" only when there are some: bundles without named durations read as before.
        if !bundle.durations.isEmpty { try array("durations", count: bundle.durations.count) { durationValue(bundle.durations[$0]) } }
        try array("presets", count: bundle.presets.count) { presetValue(bundle.presets[$0]) }
        try array("delegates", count: bundle.delegates.count) { delegateValue(bundle.delegates[$0]) }
        try array("screens", count: bundle.screens.count) { screenValue(bundle.screens[$0]) }
        try array("containers", count: bundle.containers.count) { containerValue(bundle.containers[$0]) }
        if beforeRoutes {
            out.startMember("routes")
        } else {
            try array("routes", count: bundle.routes.count) { routeValue(bundle.routes[$0]) }
            out.close()
            out.append(raw: "\n")
        }
        if let rest = out.take(atLeast: 1) { try sink(rest) }
    }

    // MARK: Reading

    /// Reads a bundle file's contents.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The file's name, for errors.
    /// - Throws: ``CatalogError/invalidBundle(file:path:reason:)``.
    public static func decode(_ bytes: [UInt8], file: String) throws -> LibraryBundle {
        try input(decoding: bytes, file: file).fullBundle
    }

    /// Reads a bundle file's contents for import, its screens and routes held compactly; see
    /// ``decode(_:file:)``.
    public static func input(decoding bytes: [UInt8], file: String) throws -> BundleInput {
        var parser = StrictJSON.Parser(bytes: bytes)
        var reader = BundleStreamReader(file: file)
        return try reader.read(&parser)
    }

    /// Reads the bundle file at `path` for import, a chunk at a time: its routes are never held
    /// as JSON, so memory grows with the number of distinct names, not with the file.
    ///
    /// - Parameters:
    ///   - path: The file; it must be a regular file.
    ///   - maximumSize: The largest file accepted, in bytes.
    /// - Throws: ``CatalogError/missingInput(path:)``, ``CatalogError/invalidBundle(file:path:reason:)``.
    ///   - progress: Counts the bytes read, when given.
    public static func read(contentsOf path: String, maximumSize: Int, progress: WorkProgress? = nil) throws -> BundleInput {
        let stream = try InputFile.open(path, maximumSize: maximumSize, progress: progress)
        var parser = StrictJSON.Parser(source: stream)
        var reader = BundleStreamReader(file: path)
        do {
            let input = try reader.read(&parser)
            if stream.overflowed { throw InputFile.tooLarge(path, maximumSize: maximumSize) }
            return input
        } catch {
            // A file that grew past the limit while being read ends early: say so, not what the cut made of it.
            if stream.overflowed { throw InputFile.tooLarge(path, maximumSize: maximumSize) }
            throw error
        }
    }

    /// Checks a parsed document and makes values of it.
    struct Reader {
        let file: String

        /// The screens of a document whose `"screens"` array was read element by element while
        /// it was parsed (see ``BundleStreamReader``): the screens so far, or the first error,
        /// reported when the reader gets to the screens.
        struct StreamedScreens {
            var table = ScreenTable()
            var error: (any Error)?
        }

        /// The document's library and every entry but routes, as values, from its whole tree.
        func bundle(_ root: JSONCursor) throws -> LibraryBundle {
            var streamed: StreamedScreens?
            var names = ByteInterner()
            var (bundle, screens) = try bundle(root, streamed: &streamed, names: &names)
            bundle.screens = screens.screens(library: bundle.library.name, names: names)
            return bundle
        }

        /// One element of `"screens"`, added to `table`; a name used before is refused, naming
        /// where (a screen's position is its element's: the first error stops the reading).
        func screen(_ entry: JSONCursor, into table: inout ScreenTable, names: inout ByteInterner) throws {
            let f = try entry.object(allowedKeys: ["name", "delegate", "modalStyle", "presentationStyle", "description"])
            let nameField = try f.required("name", in: entry)
            let screenName = try nameField.checking { try Screen.validatedName(try nameField.string()) }
            if let first = table.position(of: screenName, in: names) { throw Names.repeated(nameField, kind: "screen", name: screenName, first: first) }
            let screen = Screen(
                library: "", name: screenName, delegate: try reference(f["delegate"], field: "delegate"),
                modalStyle: try choice(f["modalStyle"], default: .coverVertical),
                presentationStyle: try choice(f["presentationStyle"], default: .automatic),
                description: try description(f["description"]))
            try entry.checking { try screen.validateStyles() }
            table.append(screen, names: &names)
        }

        /// The document's library and entries, but its screens (in the returned table, their
        /// names added to `interner`) and its routes (read by ``BundleStreamReader``), which are
        /// left empty.
        ///
        /// - Parameter deferredPresets: The presets' elements, when they were kept as bytes while
        ///   the document was parsed (the tree then holds an empty array).
        func bundle(
            _ root: JSONCursor, streamed: inout StreamedScreens?, presets deferredPresets: DeferredElements? = nil,
            names interner: inout ByteInterner
        ) throws -> (LibraryBundle, ScreenTable) {
            let fields = try root.object(allowedKeys: ["transdb", "library", "curves", "durations", "presets", "delegates", "screens", "containers", "routes"])
            let versionField = try fields.required("transdb", in: root)
            guard try versionField.number() == Double(BundleFormat.version) else {
                throw versionField.error("bundle format \(versionField.shown) is not supported (this transdb reads format \(BundleFormat.version))")
            }
            let libraryField = try fields.required("library", in: root)
            let info = try libraryField.object(allowedKeys: ["name", "version", "description", "tokensSchema"])
            let nameField = try info.required("name", in: libraryField)
            let name = try nameField.checking { try Name.validated(try nameField.string(), field: "library name") }
            let version =
                try info["version"].map { field in try field.checking { try Library.validatedVersion(try field.string()) } } ?? "1.0.0"
            let tokensSchema = try info["tokensSchema"].map { field in
                try field.checking { try Library.validatedTokensSchema(try field.string()) }
            }
            var bundle = LibraryBundle(
                library: Library(name: name, version: version, description: try description(info["description"]), tokensSchema: tokensSchema))

            var names = Names()
            for entry in try fields["curves"]?.array() ?? [] {
                let f = try entry.object(allowedKeys: ["name", "expression", "aliasOf", "description", "deprecated"])
                let curveName = try names.claim(try f.required("name", in: entry), kind: "curve")
                _ = try (f["name"] ?? entry).checking { try NamedCurve.validatedName(curveName) }
                var curve = TimingCurve.linear
                var aliasOf: QualifiedName?
                if let alias = f["aliasOf"] {
                    if f["expression"] != nil { throw alias.error("a curve has an \"expression\" or is an alias (\"aliasOf\"), not both") }
                    let target = try alias.checking { try QualifiedName(parsing: try alias.string(), field: "alias-of curve") }
                    if target.local(in: name) == QualifiedName(library: nil, name: curveName) {
                        throw alias.error("a curve cannot be an alias of itself")
                    }
                    aliasOf = target
                } else {
                    let expression = try f.required("expression", in: entry)
                    curve = try expression.checking { try TimingCurve(expression: try expression.string()) }
                }
                bundle.curves.append(
                    NamedCurve(
                        library: name, name: curveName, curve: curve, description: try description(f["description"]),
                        deprecated: try deprecation(f["deprecated"]), aliasOf: aliasOf))
            }
            bundle.curves = Self.resolvingAliases(bundle.curves, library: name)
            var seconds: [String: Double] = [:]
            for entry in try fields["durations"]?.array() ?? [] {
                let f = try entry.object(allowedKeys: ["name", "seconds", "description", "deprecated"])
                let durationName = try names.claim(try f.required("name", in: entry), kind: "duration")
                _ = try (f["name"] ?? entry).checking { try NamedDuration.validatedName(durationName) }
                let secondsField = try f.required("seconds", in: entry)
                let value = try secondsField.number()
                try secondsField.checking { try NamedDuration.validateSeconds(value) }
                seconds[durationName] = value
                bundle.durations.append(
                    NamedDuration(
                        library: name, name: durationName, seconds: value, description: try description(f["description"]),
                        deprecated: try deprecation(f["deprecated"])))
            }
            if let deferredPresets, let field = fields["presets"] {
                _ = try field.array()
                for index in 0..<deferredPresets.count {
                    let value: JSONValue
                    do {
                        value = try deferredPresets.value(at: index)
                    } catch {
                        throw CatalogError.invalidBundle(file: file, path: "$.presets[\(index)]", reason: error.message)
                    }
                    bundle.presets.append(try preset(field.element(index, value), library: name, durations: seconds, names: &names))
                }
            } else {
                for entry in try fields["presets"]?.array() ?? [] {
                    bundle.presets.append(try preset(entry, library: name, durations: seconds, names: &names))
                }
            }
            for entry in try fields["delegates"]?.array() ?? [] {
                let f = try entry.object(allowedKeys: ["name", "released", "description"])
                bundle.delegates.append(
                    Delegate(
                        library: name, name: try names.claim(try f.required("name", in: entry), kind: "delegate"),
                        released: try f["released"]?.bool() ?? false, description: try description(f["description"])))
            }
            var screens = ScreenTable()
            if let streamed = streamed.take() {
                // The array left in the tree is empty; the screens were read as it was parsed.
                _ = try fields["screens"]?.array()
                if let error = streamed.error { throw error }
                screens = streamed.table
            } else {
                for entry in try fields["screens"]?.array() ?? [] { try screen(entry, into: &screens, names: &interner) }
            }
            for entry in try fields["containers"]?.array() ?? [] {
                let f = try entry.object(allowedKeys: ["name", "kind", "delegate", "description"])
                bundle.containers.append(
                    Container(
                        library: name, name: try names.claim(try f.required("name", in: entry), kind: "container"),
                        kind: try choice(try f.required("kind", in: entry), default: .navigation),
                        delegate: try reference(f["delegate"], field: "delegate"), description: try description(f["description"])))
            }
            // The elements of an array of routes are read as the document is parsed (see
            // ``BundleStreamReader``), which leaves the array empty here; anything else is refused.
            _ = try fields["routes"]?.array()
            return (bundle, screens)
        }

        /// - Parameter durations: The seconds of the bundle's named durations: a preset using one
        ///   gets its value (one of another library gets it when imported).
        private func preset(_ entry: JSONCursor, library: String, durations: [String: Double], names: inout Names) throws -> Preset {
            let f = try entry.object(allowedKeys: [
                "name", "kind", "direction", "duration", "delay", "curve", "set", "interaction", "reverse", "mirrorOf", "reducedMotion",
                "description", "deprecated",
            ])
            let name = try names.claim(try f.required("name", in: entry), kind: "preset")
            let mirrorOf = try f["mirrorOf"]?.string()
            if mirrorOf != nil {
                // A mirror's kind, timing and tracks are its source's, derived when it is imported.
                for key in ["kind", "direction", "duration", "delay", "curve", "set"] {
                    guard let field = f[key] else { continue }
                    try field.checking { () throws -> Void in
                        throw ModelError.invalidValue(
                            field: key, value: field.value.cell, reason: "a preset with mirrorOf takes its \(key) from the preset it mirrors; leave it out")
                    }
                }
            }
            var draft = PresetDraft(kind: mirrorOf != nil ? .custom : try choice(try f.required("kind", in: entry), default: .custom))
            draft.mirrorOf = mirrorOf
            draft.direction = try f["direction"].map { try choice($0, default: Direction.left) }
            if let field = f["duration"], case let .string(text) = field.value {
                if DurationReference.looksNumeric(text) {
                    throw field.error("seconds are a number, not the string \(field.shown); a string names a duration")
                }
                let reference = try field.checking { try QualifiedName(parsing: text, field: "duration") }
                draft.durationName = reference.description
                // A bare name not in this bundle is another library's, resolved when imported.
                if reference.library == nil || reference.library == library, let value = durations[reference.name] {
                    draft.duration = value
                }
            } else {
                draft.duration = try f["duration"]?.number()
            }
            draft.delay = try f["delay"]?.number() ?? 0
            draft.curve = try f["curve"]?.string()
            if let overrides = f["set"] {
                draft.overrides = try overrides.array().map { item in try item.checking { try TrackOverride(parsing: try item.string()) } }
            }
            if let interaction = f["interaction"] {
                let i = try interaction.object(allowedKeys: ["completionSpeed", "completionCurve", "finishThreshold", "flickVelocity"])
                draft.completionSpeed = try i["completionSpeed"]?.number() ?? 1
                draft.completionCurve = try i["completionCurve"]?.string()
                draft.finishThreshold = try i["finishThreshold"]?.number()
                if let flick = i["flickVelocity"] {
                    // null: the release decides by position alone.
                    draft.flickVelocity = try flick.optionalNumber()
                    draft.decidesByPositionOnly = draft.flickVelocity == nil
                }
            }
            draft.reverse = try f["reverse"]?.string()
            draft.reducedMotion = try f["reducedMotion"]?.string()
            draft.description = try description(f["description"])
            draft.deprecated = try deprecation(f["deprecated"])
            // The preset as a whole first: each rule checks one field against the kind, so the
            // whole passes exactly when every field alone does, and only a refused preset pays
            // for finding the field to blame.
            if let preset = try? draft.preset(library: library, name: name) { return preset }
            // Values are checked where they are: a bad duration is reported at `….duration`.
            for key in ["duration", "delay", "curve", "direction", "reverse", "reducedMotion"] {
                if let field = f[key] {
                    var single = PresetDraft(kind: draft.kind)
                    single.direction = key == "direction" ? draft.direction : nil
                    single.duration = key == "duration" ? draft.duration : nil
                    single.durationName = key == "duration" ? draft.durationName : nil
                    single.delay = key == "delay" ? draft.delay : 0
                    single.curve = key == "curve" ? draft.curve : nil
                    single.reverse = key == "reverse" ? draft.reverse : nil
                    single.reducedMotion = key == "reducedMotion" ? draft.reducedMotion : nil
                    _ = try field.checking { try single.preset(library: library, name: name) }
                }
            }
            if let interaction = f["interaction"] {
                var single = PresetDraft(kind: draft.kind)
                single.completionSpeed = draft.completionSpeed
                single.completionCurve = draft.completionCurve
                single.finishThreshold = draft.finishThreshold
                single.flickVelocity = draft.flickVelocity
                single.decidesByPositionOnly = draft.decidesByPositionOnly
                _ = try interaction.checking { try single.preset(library: library, name: name) }
            }
            return try entry.checking { try draft.preset(library: library, name: name) }
        }

        func route(_ entry: JSONCursor) throws -> RouteMapping {
            let f = try entry.object(allowedKeys: ["delegate", "op", "from", "to", "preset", "interaction"])
            guard let presetField = f["preset"] else {
                throw CatalogError.invalidBundle(file: file, path: "\(entry.path).preset", reason: "a route needs \"preset\" (null for an explicit nil)")
            }
            let operation: TransitionOperation = try choice(try f.required("op", in: entry), default: .present)
            let fromField = try f.required("from", in: entry)
            let from = try fromField.checking { try ScreenPattern(parsing: try fromField.string(), field: "from screen") }
            let to = try f["to"].map { field in try field.checking { try ScreenPattern(parsing: try field.string(), field: "to screen") } } ?? .any
            let route = RouteMapping(
                delegate: try reference(try f.required("delegate", in: entry), field: "delegate") ?? QualifiedName(library: nil, name: ""),
                operation: operation, from: from, to: to, preset: try reference(presetField, field: "preset"),
                interaction: try reference(f["interaction"], field: "interaction"))
            try (f["to"] ?? entry).checking { try route.validateDestination() }
            try (f["interaction"] ?? entry).checking { try route.validateInteraction() }
            return route
        }

        private func reference(_ field: JSONCursor?, field name: String) throws -> QualifiedName? {
            guard let field else { return nil }
            return try field.checking { try field.optionalString().map { try QualifiedName(parsing: $0, field: name) } }
        }

        /// The curves with each alias's curve taken from the curve it stands for in this bundle
        /// (through chains); an alias of another library's curve, or in a cycle, keeps a
        /// placeholder, resolved (or refused) when imported.
        ///
        /// Each alias's end is found once and shared by the chains through it, so long chains
        /// cost no more than short ones.
        static func resolvingAliases(_ curves: [NamedCurve], library: String) -> [NamedCurve] {
            var positions: [String: Int] = [:]
            for (position, curve) in curves.enumerated() where positions[curve.name] == nil { positions[curve.name] = position }
            // The curve each alias's chain ends on: `.some(nil)` when it leaves the bundle or loops.
            var ends = [TimingCurve??](repeating: nil, count: curves.count)
            // The chain a position was last met on, to see a loop in one step.
            var metOn = [Int](repeating: -1, count: curves.count)
            for start in curves.indices where curves[start].aliasOf != nil && ends[start] == nil {
                var chain: [Int] = []
                var current = start
                var end: TimingCurve?
                while true {
                    if let known = ends[current] {
                        end = known
                        break
                    }
                    guard let target = curves[current].aliasOf else {
                        end = curves[current].curve
                        break
                    }
                    chain.append(current)
                    metOn[current] = start
                    guard target.library == nil || target.library == library, let next = positions[target.name], metOn[next] != start
                    else {
                        end = nil
                        break
                    }
                    current = next
                }
                for position in chain { ends[position] = .some(end) }
            }
            var resolved = curves
            for position in curves.indices {
                if case let .some(.some(curve)) = ends[position] { resolved[position].curve = curve }
            }
            return resolved
        }

        /// `"deprecated"`: `true` (no reason), `false` (not deprecated) or the reason.
        private func deprecation(_ field: JSONCursor?) throws -> String? {
            guard let field else { return nil }
            if case let .bool(flag) = field.value { return flag ? "" : nil }
            guard case let .string(reason) = field.value else {
                throw field.error("\"deprecated\" is true, false or the reason (a string), not \(field.kind)")
            }
            guard reason.count <= Deprecation.maximumReasonLength else {
                throw field.error("a deprecation reason has at most \(Deprecation.maximumReasonLength) characters")
            }
            return reason
        }

        private func description(_ field: JSONCursor?) throws -> String {
            guard let field else { return "" }
            let text = try field.string()
            guard text.count <= 4096 else { throw field.error("a description has at most 4096 characters") }
            return text
        }

        private func choice<T: RawRepresentable & CaseIterable>(_ field: JSONCursor?, default value: T) throws -> T where T.RawValue == String {
            guard let field else { return value }
            let text = try field.string()
            guard let choice = T(rawValue: text) else {
                throw field.error("'\(text)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return choice
        }
    }

    /// Names already used in the file, per kind, so a second use names the first.
    /// The names a bundle has used, by kind, with the position of each first use. Names are
    /// claimed once per element, in order, so a position is the element's index in its section
    /// (`$.screens[3].name`); a bundle of two million screens keeps two million integers, not paths.
    struct Names {
        private var used: [String: [String: Int]] = [:]
        private var claimed: [String: Int] = [:]

        mutating func claim(_ field: JSONCursor, kind: String) throws -> String {
            let name = try field.checking { try Name.validated(try field.string(), field: "\(kind) name") }
            if let first = used[kind]?[name] { throw Self.repeated(field, kind: kind, name: name, first: first) }
            used[kind, default: [:]][name] = claimed[kind, default: 0]
            claimed[kind, default: 0] += 1
            return name
        }

        /// The error for a name used a second time, at `field`, first used by element `first`.
        static func repeated(_ field: JSONCursor, kind: String, name: String, first: Int) -> CatalogError {
            field.error("the \(kind) name '\(name)' is already used at $.\(kind)s[\(first)].name")
        }
    }
}
