import TransDBCore
/// Makes libraries of a ``DTCGDocument``'s tokens (see ``DTCGFormat`` for the mapping): transdb's
/// library groups exactly, from the `org.transdb` extension, everything else into the default
/// library by path.
struct DTCGReader {
    let document: DTCGDocument
    let defaultLibrary: String

    /// Libraries by name, and the order they appeared in.
    private var bundles: [String: LibraryBundle] = [:]
    private var order: [String] = []
    /// Top-level group keys that are transdb libraries, and their names.
    private var libraryGroups: [String: String] = [:]
    /// Curve tokens by path: the curve they became.
    private var curveTokens: [String: QualifiedName] = [:]
    /// Curve tokens whose value is an alias of another token (`{group.token}`): the curve they
    /// became and the path of the token they name, made aliases once every token is read.
    private var curveAliases: [(curve: QualifiedName, target: String)] = []
    /// Duration tokens by path: the named duration they became.
    private var durationTokens: [String: QualifiedName] = [:]
    /// Where each entry name was first used, to refuse a second one: kind, library, name.
    private var used: [String: (file: String, path: String)] = [:]
    private var skipped: [(type: String, paths: [String])] = []
    /// Skipped tokens whose value is a CSS `cubic-bezier()` string (Tokens Studio writes easings
    /// as `string` tokens), for a note saying how DTCG writes them.
    private var cssCurves: [String] = []
    /// The deprecated entries read, by reason (a group's `$deprecated` marks all its tokens alike).
    private var deprecations: [(reason: String?, entries: [String])] = []
    private var ignoredExtensions: [(key: String, places: [String])] = []
    private var mismatches: [String] = []
    /// Aliases read as their values, because transdb has no link of their kind: `duration
    /// 'lib/a' = {group.b}`.
    private var flattened: [String] = []
    /// Foreign token names whose `/` was read as `.`: `ease/in → ease.in`.
    private var slashes: [String] = []

    private static let transdb = DTCGFormat.extensionKey

    init(document: DTCGDocument, defaultLibrary: String) {
        self.document = document
        self.defaultLibrary = defaultLibrary
    }

    /// The libraries and the notes.
    mutating func read() throws -> (bundles: [LibraryBundle], notes: [String]) {
        for group in document.groups {
            let place = group.segments.isEmpty ? "the top level" : group.path
            for (key, value) in group.extensions {
                if key == Self.transdb && group.segments.count == 1 {
                    try readLibrary(group, value)
                } else {
                    ignore(key, at: place)
                }
            }
        }
        var transitions: [DTCGDocument.Token] = []
        for token in document.tokens {
            let type = try document.type(of: token, chain: [token.path])
            // A misspelt type transdb reads would skip the token without a word but a note.
            if let intended = DTCGDocument.intendedType(type), ["cubicBezier", "transition", "duration"].contains(intended) {
                throw JSONCursor(value: .null, path: token.location, file: token.file, wording: .namingKinds).error(
                    "the token '\(token.path)' has $type '\(type)', which is not a DTCG type; did you mean '\(intended)'?")
            }
            let understood = type == "cubicBezier" || type == "transition" || type == "duration"
            for (key, _) in token.extensions where key != Self.transdb || !understood { ignore(key, at: token.path) }
            switch type {
            case "cubicBezier": try readCurve(token)
            case "transition": transitions.append(token)
            case "duration": try readDuration(token)
            default:
                if case let .string(text) = token.value.value, text.lowercased().hasPrefix("cubic-bezier(") { cssCurves.append(token.path) }
                if let index = skipped.firstIndex(where: { $0.type == type }) {
                    skipped[index].paths.append(token.path)
                } else {
                    skipped.append((type, [token.path]))
                }
            }
        }
        for token in transitions { try readPreset(token) }
        resolveCurveAliases()
        unlinkEditedMirrors()
        let unkeptDescriptions = keepGroupDescriptions()

        var notes = document.notes
        for (type, paths) in skipped {
            let reason =
                DTCGDocument.types.contains(type)
                ? "transdb has no \(type) entries"
                : "'\(type)' is not a DTCG 2025.10 type" + (DTCGDocument.intendedType(type).map { " (did you mean '\($0)'?)" } ?? "")
            notes.append("skipped \(paths.count) \(type) token\(paths.count == 1 ? "" : "s") (\(paths.firstFew())): \(reason)" + Self.hint(type))
        }
        if !cssCurves.isEmpty {
            notes.append(
                "\(cssCurves.count == 1 ? "a skipped token is a CSS cubic-bezier() string" : "\(cssCurves.count) skipped tokens are CSS cubic-bezier() strings") (\(cssCurves.firstFew())): "
                    + "DTCG writes a curve as $type cubicBezier with the four numbers, \"$value\": [x1, y1, x2, y2]")
        }
        notes += mismatches
        if !slashes.isEmpty {
            notes.append(
                "read '/' as '.' in \(slashes.count == 1 ? "a token name" : "\(slashes.count) token names") (\(slashes.firstFew())): "
                    + "transdb keeps '/' between a library and a name; an export nests such names at the dots")
        }
        if !flattened.isEmpty {
            notes.append(
                "kept the value, not the link, of \(flattened.count == 1 ? "an alias" : "\(flattened.count) aliases") (\(flattened.firstFew())): "
                    + "transdb links a curve to a curve and a transition's duration to a duration; changing the target will not change \(flattened.count == 1 ? "it" : "them")")
        }
        for (reason, entries) in deprecations {
            let what = entries.count == 1 ? "the \(entries[0]) is" : "\(entries.count) entries are"
            notes.append("\(what) deprecated" + (reason.map { ": \($0)" } ?? "") + (entries.count == 1 ? "" : " (\(entries.firstFew()))"))
        }
        for (key, places) in ignoredExtensions {
            notes.append("ignored the extension '\(key)' on \(places.firstFew()): a library has nowhere to keep it")
        }
        if !unkeptDescriptions.isEmpty {
            let what = unkeptDescriptions.count == 1 ? "the $description of" : "the $descriptions of \(unkeptDescriptions.count) groups:"
            notes.append("did not keep \(what) \(unkeptDescriptions.firstFew()): transdb keeps descriptions on entries and libraries, not on groups")
        }
        return (order.compactMap { bundles[$0].map(withFileSchema)?.canonicalized() }, notes)
    }

    /// Group descriptions: a library group's is its library's (``readLibrary(_:_:)``); the top
    /// level's describes the default library when that library is made here and has none. Returns
    /// where the others were, which transdb has nowhere to keep.
    private mutating func keepGroupDescriptions() -> [String] {
        var unkept: [String] = []
        let madeHere = bundles[defaultLibrary] != nil && !libraryGroups.values.contains(defaultLibrary)
        for group in document.groups {
            guard let description = group.description, !description.isEmpty else { continue }
            if group.segments.count == 1, libraryGroups[group.segments[0]] != nil { continue }
            if group.segments.isEmpty, madeHere, bundles[defaultLibrary]?.library.description.isEmpty == true {
                changeBundle(defaultLibrary) { $0.library.description = description }
                continue
            }
            unkept.append(group.segments.isEmpty ? "the top level" : group.path)
        }
        return unkept
    }

    /// The bundle with the file's `$schema` as its library's tokens schema, unless it has its own.
    private func withFileSchema(_ bundle: LibraryBundle) -> LibraryBundle {
        var bundle = bundle
        bundle.library.tokensSchema = bundle.library.tokensSchema ?? document.schema
        return bundle
    }

    private mutating func ignore(_ key: String, at place: String) {
        if let index = ignoredExtensions.firstIndex(where: { $0.key == key }) {
            ignoredExtensions[index].places.append(place)
        } else {
            ignoredExtensions.append((key, [place]))
        }
    }

    private func located(_ path: String, in file: String) -> JSONCursor {
        JSONCursor(value: .null, path: path, file: file, wording: .namingKinds)
    }

    private func located(_ token: DTCGDocument.Token) -> JSONCursor { located(token.location, in: token.file) }

    // MARK: Libraries

    private mutating func bundle(_ name: String) -> LibraryBundle {
        if let bundle = bundles[name] { return bundle }
        order.append(name)
        let bundle = LibraryBundle(library: Library(name: name))
        bundles[name] = bundle
        return bundle
    }

    /// Changes library `name`'s bundle where it is kept: a copy taken out, changed and put back
    /// would copy its arrays on every token (100,000 tokens took minutes).
    private mutating func changeBundle(_ name: String, _ change: (inout LibraryBundle) -> Void) {
        if bundles[name] == nil { _ = bundle(name) }
        change(&bundles[name]!)
    }

    /// Refuses a second entry of a kind with the same name in a library.
    private mutating func claim(_ kind: EntityKind, _ name: String, in library: String, at path: String, file: String) throws {
        let key = "\(kind.rawValue)\u{0}\(library)\u{0}\(name)"
        if let first = used[key] {
            let place = first.file == file ? first.path : "\(first.path) in \(first.file)"
            throw located(path, in: file).error("the library '\(library)' already has a \(kind.rawValue) named '\(name)' (at \(place))")
        }
        used[key] = (file, path)
    }

    /// A library group of transdb's: the library, its spring, steps and linear() curves, and the
    /// entries DTCG has no type for.
    private mutating func readLibrary(_ group: DTCGDocument.Group, _ data: JSONCursor) throws {
        let here = located(group.location, in: group.file)
        let name = try here.checking { try Name.validated(DTCGName.name(for: group.segments[0]), field: "library name") }
        if bundles[name] != nil { throw here.error("the library '\(name)' appears twice") }
        libraryGroups[group.segments[0]] = name
        let fields = try data.object(allowedKeys: ["format", "version", "tokensSchema", "curves", "delegates", "screens", "containers", "routes"])
        if let format = fields["format"], try format.number() != Double(DTCGFormat.extensionFormat) {
            throw format.error(
                "transdb extension format \(try format.number().shortestDescription) was written by a newer transdb (this one reads format \(DTCGFormat.extensionFormat))"
            )
        }
        let version =
            try fields["version"].map { field in try field.checking { try Library.validatedVersion(try field.string()) } } ?? "1.0.0"
        // A library's own schema is written only when the libraries of a file do not share one.
        let tokensSchema = try fields["tokensSchema"].map { field in
            try field.checking { try Library.validatedTokensSchema(try field.string()) }
        }
        var bundle = bundle(name)
        bundle.library = Library(name: name, version: version, description: group.description ?? "", tokensSchema: tokensSchema)

        for field in try fields["curves"]?.array() ?? [] {
            let entry = try field.object(allowedKeys: ["name", "expression", "aliasOf", "description", "deprecated"])
            let curveName = try self.name(entry, "name", in: field, validated: NamedCurve.validatedName)
            var curve = TimingCurve.linear
            var aliasOf: QualifiedName?
            if let alias = entry["aliasOf"] {
                guard entry["expression"] == nil else { throw field.error("a curve has an 'expression' or is an alias ('aliasOf'), not both") }
                aliasOf = try reference(alias, kind: "alias-of curve")
            } else {
                guard let expression = entry["expression"] else { throw field.error("a curve needs an 'expression'") }
                curve = try expression.checking { try TimingCurve(expression: try expression.string()) }
            }
            try claim(.curve, curveName, in: name, at: field.path, file: field.file)
            var deprecated: String?
            if let value = entry["deprecated"] {
                switch value.value {
                case let .bool(flag): deprecated = flag ? "" : nil
                case let .string(reason): deprecated = reason
                default: throw value.error("'deprecated' is true, false or the reason, not \(value.kind)")
                }
                try value.checking { try Deprecation.validate(deprecated) }
            }
            bundle.curves.append(
                NamedCurve(
                    library: name, name: curveName, curve: curve, description: try entry["description"]?.string() ?? "",
                    deprecated: deprecated, aliasOf: aliasOf))
        }
        for field in try fields["delegates"]?.array() ?? [] {
            let entry = try field.object(allowedKeys: ["name", "released", "description"])
            let delegateName = try self.name(entry, "name", in: field) { try Name.validated($0, field: "delegate name") }
            try claim(.delegate, delegateName, in: name, at: field.path, file: field.file)
            bundle.delegates.append(
                Delegate(
                    library: name, name: delegateName, released: try entry["released"]?.bool() ?? false,
                    description: try entry["description"]?.string() ?? ""))
        }
        for field in try fields["screens"]?.array() ?? [] {
            let entry = try field.object(allowedKeys: ["name", "delegate", "modalStyle", "presentationStyle", "description"])
            let screenName = try self.name(entry, "name", in: field, validated: Screen.validatedName)
            try claim(.screen, screenName, in: name, at: field.path, file: field.file)
            let screen = Screen(
                library: name, name: screenName, delegate: try entry["delegate"].map { try reference($0, kind: "delegate") },
                modalStyle: try entry["modalStyle"].map { try choice($0, ModalTransitionStyle.self) } ?? .coverVertical,
                presentationStyle: try entry["presentationStyle"].map { try choice($0, ModalPresentationStyle.self) } ?? .automatic,
                description: try entry["description"]?.string() ?? "")
            try field.checking { try screen.validateStyles() }
            bundle.screens.append(screen)
        }
        for field in try fields["containers"]?.array() ?? [] {
            let entry = try field.object(allowedKeys: ["name", "kind", "delegate", "description"])
            let containerName = try self.name(entry, "name", in: field) { try Name.validated($0, field: "container name") }
            guard let kind = entry["kind"] else { throw field.error("a container needs a 'kind'") }
            try claim(.container, containerName, in: name, at: field.path, file: field.file)
            bundle.containers.append(
                Container(
                    library: name, name: containerName, kind: try choice(kind, ContainerKind.self),
                    delegate: try entry["delegate"].map { try reference($0, kind: "delegate") },
                    description: try entry["description"]?.string() ?? ""))
        }
        for field in try fields["routes"]?.array() ?? [] {
            let entry = try field.object(allowedKeys: ["delegate", "op", "from", "to", "preset", "interaction"])
            func required(_ key: String) throws -> JSONCursor {
                guard let value = entry[key] else { throw field.error("a route needs '\(key)'") }
                return value
            }
            let preset = try required("preset")
            let route = RouteMapping(
                delegate: try reference(try required("delegate"), kind: "delegate"),
                operation: try choice(try required("op"), TransitionOperation.self),
                from: try pattern(try required("from")), to: try pattern(try required("to")),
                preset: preset.value == .null ? nil : try reference(preset, kind: "preset"),
                interaction: try entry["interaction"].map { try reference($0, kind: "interaction preset") })
            try field.checking { try route.validate() }
            bundle.routes.append(route)
        }
        bundles[name] = bundle
    }

    /// The name at `key` of an entry, checked by `validated` (``Name/validated(_:field:)`` or an
    /// entry's own rule, such as ``Screen/validatedName(_:)``).
    private func name(
        _ entry: [String: JSONCursor], _ key: String, in field: JSONCursor, validated: (String) throws -> String
    ) throws -> String {
        guard let value = entry[key] else { throw field.error("the entry needs a '\(key)'") }
        return try value.checking { try validated(try value.string()) }
    }

    /// The number at `field`, checked by one of the model's rules, an error naming the field.
    private func number(_ field: JSONCursor, checkedBy rule: (Double) throws -> Void) throws -> Double {
        let value = try field.number()
        try field.checking { try rule(value) }
        return value
    }

    private func reference(_ field: JSONCursor, kind: String) throws -> QualifiedName {
        try field.checking { try QualifiedName(parsing: try field.string(), field: kind) }
    }

    private func pattern(_ field: JSONCursor) throws -> ScreenPattern {
        try field.checking { try ScreenPattern(parsing: try field.string(), field: "screen") }
    }

    private func choice<T: RawRepresentable & CaseIterable>(_ field: JSONCursor, _: T.Type) throws -> T where T.RawValue == String {
        let text = try field.string()
        guard let value = T(rawValue: text) else {
            throw field.error("unknown value '\(text)': expected \(T.allCases.map(\.rawValue).alternatives)")
        }
        return value
    }

    /// The curve a transdb-written preset's `$value.timingFunction` gives when it is not what the
    /// export writes for `exact` (an alias of a named curve's token, the control points of an
    /// inline `cubic-bezier()`, or for a spring, `steps()` or `linear(…)` the Bézier noted in
    /// `approximation`): another tool edited it. `nil` when it matches.
    private func editedTimingFunction(
        _ field: JSONCursor, exact: CurveReference, approximation: Approximation?, library: String, chain: [String]
    ) throws -> CurveReference? {
        // The alias the export writes for a named curve, whether or not its token is in the file
        // (a curve of a library not written, or one already in the catalog), is not followed.
        if case let .named(name) = exact, case let .string(text) = field.value,
            DTCGName.curveAliasSpellings(library: name.library ?? library, name: name.name).contains(text)
        {
            return nil
        }
        if case let .token(_, rest, _)? = try document.reference(in: field), rest.isEmpty {
            let (curve, target) = try document.cubicBezier(field, chain: chain)
            let written: CurveReference = target.flatMap { curveTokens[$0] }.map(CurveReference.named) ?? .inline(curve)
            return written.local(in: library) == exact.local(in: library) ? nil : written.local(in: library)
        }
        let (curve, _) = try document.cubicBezier(field, chain: chain)
        if let approximation { return approximation.isWritten(curve) ? nil : .inline(curve) }
        switch exact {
        case let .inline(value) where value == curve || (value == .linear && curve == .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)):
            return nil
        default:
            return .inline(curve)
        }
    }

    /// `{"name", "library"?}` or `{"expression"}`.
    private func curveReference(_ field: JSONCursor) throws -> CurveReference {
        let entry = try field.object(allowedKeys: ["name", "library", "expression"])
        if let expression = entry["expression"] {
            guard entry.count == 1 else { throw field.error("a curve is {\"name\", \"library\"?} or {\"expression\"}, not both") }
            return .inline(try expression.checking { try TimingCurve(expression: try expression.string()) })
        }
        let name = try self.name(entry, "name", in: field) { try Name.validated($0, field: "curve name") }
        let library = try entry["library"].map { value in
            try value.checking { try Name.validated(try value.string(), field: "curve library") }
        }
        return .named(QualifiedName(library: library, name: name))
    }

    // MARK: Tokens

    /// The library a token goes to and its name there: inside a transdb library group, the
    /// path below the group (and below `curves` or `presets`), unescaped; elsewhere the default
    /// library and the whole path, a `/` in it read as `.` (DTCG allows `/` in names, transdb
    /// keeps it between a library and a name; `.` is the nesting the name already has), with a
    /// note. `$root` stands for its group.
    private mutating func owner(of token: DTCGDocument.Token, under folder: String) throws -> (library: String, name: String) {
        var segments = token.segments[...]
        var library = defaultLibrary
        var unescape = false
        if let first = segments.first, let name = libraryGroups[first] {
            library = name
            unescape = true
            segments = segments.dropFirst()
            if segments.count > 1 && segments.first == folder { segments = segments.dropFirst() }
        }
        var parts = segments.filter { $0 != "$root" }
        if parts.isEmpty { parts = Array(segments) }
        var name = parts.map { unescape ? DTCGName.name(for: $0) : $0 }.joined(separator: ".")
        if !unescape && name.utf8.contains(UInt8(ascii: "/")) {
            let read = name.replacingOccurrences(of: "/", with: ".")
            slashes.append("\(name) → \(read)")
            name = read
        }
        let here = located(token)
        if library == defaultLibrary && !unescape {
            library = try here.checking { try Name.validated(defaultLibrary, field: "library name") }
        }
        return (
            library,
            try here.checking {
                switch folder {
                case "curves": try NamedCurve.validatedName(name)
                case "durations": try NamedDuration.validatedName(name)
                default: try Name.validated(name, field: "preset name")
                }
            }
        )
    }

    private mutating func readCurve(_ token: DTCGDocument.Token) throws {
        var (curve, alias) = try document.cubicBezier(token.value, chain: [token.path])
        let (library, name) = try owner(of: token, under: "curves")
        if let data = token.extensions.first(where: { $0.key == Self.transdb })?.value {
            let fields = try data.object(allowedKeys: ["expression"])
            if let field = fields["expression"] {
                let written = try field.checking { try TimingCurve(expression: try field.string()) }
                let matches = written == curve || (written == .linear && curve == .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))
                if matches {
                    curve = written
                } else {
                    mismatches.append(
                        "the curve '\(library)/\(name)' has the transdb expression '\(written.expression)' but the $value \(curve.expression); the $value was used"
                    )
                }
            }
        }
        try claim(.curve, name, in: library, at: token.location, file: token.file)
        let named = NamedCurve(
            library: library, name: name, curve: curve, description: token.description ?? "",
            deprecated: try Self.stored(token.deprecation, at: located(token)))
        changeBundle(library) { $0.curves.append(named) }
        curveTokens[token.path] = QualifiedName(library: library, name: name)
        // A value that is an alias of another curve token (`{group.token}`, or a `$ref` to its
        // whole value) keeps naming it.
        if let target = alias, try wholeTokenAlias(token.value) != nil {
            curveAliases.append((QualifiedName(library: library, name: name), target))
        } else if case .array = token.value.value,
            let linked = try token.value.array().firstIndex(where: { try document.reference(in: $0) != nil })
        {
            // A `$ref` to one number of another curve: the number is kept, the link cannot be.
            let coordinate = ["x1", "y1", "x2", "y2"].indices.contains(linked) ? ["x1", "y1", "x2", "y2"][linked] : "number \(linked)"
            flattened.append("\(coordinate) of curve '\(library)/\(name)' = {$ref}")
        }
        if let deprecation = token.deprecation { noteDeprecated("curve", library, name, deprecation) }
    }

    private mutating func readDuration(_ token: DTCGDocument.Token) throws {
        let value = try document.duration(token.value, chain: [token.path])
        let seconds = value.seconds
        let (library, name) = try owner(of: token, under: "durations")
        try value.checking(NamedDuration.validateSeconds)
        try claim(.duration, name, in: library, at: token.location, file: token.file)
        let duration = NamedDuration(
            library: library, name: name, seconds: seconds, description: token.description ?? "",
            deprecated: try Self.stored(token.deprecation, at: located(token)))
        changeBundle(library) { $0.durations.append(duration) }
        durationTokens[token.path] = QualifiedName(library: library, name: name)
        if let target = try wholeTokenAlias(token.value) { flattened.append("duration '\(library)/\(name)' = {\(target)}") }
        if let deprecation = token.deprecation { noteDeprecated("duration", library, name, deprecation) }
    }

    /// The token whose whole value `field` is (`{group.token}`, or a `$ref` to `#/group/token`
    /// or its `$value`); `nil` for a value written out or a pointer into part of a token.
    private func wholeTokenAlias(_ field: JSONCursor) throws -> String? {
        guard case let .token(path, rest, _)? = try document.reference(in: field), rest.isEmpty else { return nil }
        return path
    }

    /// A token's `$deprecated` as the catalog keeps it: `""` without a reason, else the reason.
    private static func stored(_ deprecation: DTCGDocument.Deprecation?, at place: JSONCursor) throws -> String? {
        guard let deprecation else { return nil }
        let value = deprecation.reason ?? ""
        try place.checking { try Deprecation.validate(value) }
        return value
    }

    /// Makes the curves whose token aliased a curve token aliases of that curve, and gives every
    /// alias (of a token or of a transdb library's extension) its target's curve.
    private mutating func resolveCurveAliases() {
        // Each library's curves by name, found once rather than searched for each alias.
        var positions: [String: [String: Int]] = [:]
        for (curve, target) in curveAliases {
            let library = curve.library ?? defaultLibrary
            guard let named = curveTokens[target], bundles[library] != nil else { continue }
            if positions[library] == nil {
                var byName: [String: Int] = [:]
                for (index, existing) in bundles[library]!.curves.enumerated() where byName[existing.name] == nil { byName[existing.name] = index }
                positions[library] = byName
            }
            guard let index = positions[library]?[curve.name] else { continue }
            changeBundle(library) { $0.curves[index].aliasOf = named.local(in: library) }
        }
        for name in order where bundles[name] != nil {
            changeBundle(name) { $0.curves = BundleFormat.Reader.resolvingAliases($0.curves, library: name) }
        }
    }

    private mutating func noteDeprecated(_ kind: String, _ library: String, _ name: String, _ deprecation: DTCGDocument.Deprecation) {
        let entry = "\(kind) '\(library)/\(name)'"
        if let index = deprecations.firstIndex(where: { $0.reason == deprecation.reason }) {
            deprecations[index].entries.append(entry)
        } else {
            deprecations.append((deprecation.reason, [entry]))
        }
    }

    private mutating func readPreset(_ token: DTCGDocument.Token) throws {
        let chain = [token.path]
        let transition = try document.transition(token.value, chain: chain)
        let (library, name) = try owner(of: token, under: "presets")
        if let target = try wholeTokenAlias(token.value) {
            flattened.append("transition '\(library)/\(name)' = {\(target)}")
        } else if let delay = transition.delayField, let target = try wholeTokenAlias(delay) {
            flattened.append("the delay of transition '\(library)/\(name)' = {\(target)}")
        }
        let data = token.extensions.first { $0.key == Self.transdb }?.value
        let fields =
            try data?.object(allowedKeys: [
                "kind", "direction", "duration", "curve", "set", "interaction", "reverse", "mirrorOf", "reducedMotion", "timingFunction",
            ]) ?? [:]

        let kind = try fields["kind"].map { try choice($0, PresetKind.self) } ?? (transition.duration.seconds == 0 ? .none : .custom)
        var draft = PresetDraft(kind: kind)
        // The draft checks these too; checked here, each error names the value's own path.
        if let field = fields["direction"] {
            let direction = try choice(field, Direction.self)
            try field.checking { try Preset.validateDirection(direction, kind: kind) }
            draft.direction = direction
        }
        try transition.duration.checking { try Preset.validateDuration($0, kind: kind) }
        try transition.delay.checking(Preset.validateDelay)
        draft.duration = transition.duration.seconds
        if let target = transition.durationToken, let named = durationTokens[target] {
            draft.durationName = named.local(in: library).description
        }
        // A named duration whose token was not written (another library's): its seconds are the
        // value, its name is here, resolved when imported as a bundle's is.
        if let field = fields["duration"] {
            draft.durationName = try reference(field, kind: "duration").description
        }
        draft.delay = transition.delay.seconds
        if let field = fields["set"] {
            draft.overrides = try field.array().map { item in try item.checking { try TrackOverride(parsing: try item.string()) } }
        }
        var completionCurve: CurveReference?
        if let field = fields["interaction"] {
            let settings = try field.object(allowedKeys: ["completionSpeed", "completionCurve", "finishThreshold", "flickVelocity"])
            draft.completionSpeed =
                try settings["completionSpeed"].map { try number($0, checkedBy: InteractionSettings.validateCompletionSpeed) } ?? 1
            draft.finishThreshold =
                try settings["finishThreshold"].map { try number($0, checkedBy: InteractionSettings.validateFinishThreshold) } ?? 0.5
            if let flick = settings["flickVelocity"] {
                // null: the release decides by position alone.
                draft.flickVelocity = try flick.optionalNumber().map { _ in try number(flick, checkedBy: InteractionSettings.validateFlickVelocity) }
                draft.decidesByPositionOnly = draft.flickVelocity == nil
            }
            completionCurve = try settings["completionCurve"].map(curveReference)
        }
        if let field = fields["reverse"] {
            draft.reverse = try reference(field, kind: "reverse preset").description
        }
        if let field = fields["reducedMotion"] {
            draft.reducedMotion = try reference(field, kind: "reduced-motion preset").description
        }
        // A mirror's values are written out for other tools and derived again on import.
        if let field = fields["mirrorOf"] {
            draft.mirrorOf = try reference(field, kind: "mirror-of preset").description
        }
        var approximation: Approximation?
        if let field = fields["timingFunction"] {
            let note = try field.object(allowedKeys: ["approximate", "expression", "maximumError", "duration"])
            _ = try note["approximate"]?.bool()
            let exact = try note["expression"].map { expression in
                try expression.checking { try TimingCurve(expression: try expression.string()) }
            }
            // The fit was made over the noted duration (exports before it was noted: the $value's).
            let fitted = try note["duration"]?.number() ?? transition.duration.seconds
            approximation = Approximation(exact: exact, maximumError: try note["maximumError"]?.number(), duration: fitted > 0 ? fitted : nil)
        }
        draft.description = token.description ?? ""
        draft.deprecated = try Self.stored(token.deprecation, at: located(token))
        var preset = try located(token).checking { try draft.preset(library: library, name: name) }
        if let field = fields["curve"] {
            // The exact curve is in the extension, unless another tool changed the $value.
            let exact = try curveReference(field)
            preset.curve = exact
            if let edited = try editedTimingFunction(
                transition.timingFunction, exact: exact, approximation: approximation, library: library, chain: chain)
            {
                preset.curve = edited
                mismatches.append(
                    "the preset '\(library)/\(name)' has the transdb curve '\(exact.qualified(in: library))' but the $value timingFunction \(edited.qualified(in: library)); the $value was used"
                )
            }
        } else {
            let (curve, target) = try document.cubicBezier(transition.timingFunction, chain: chain)
            if let target, let named = curveTokens[target] {
                preset.curve = CurveReference.named(named).local(in: library)
            } else {
                preset.curve = .inline(curve)
            }
        }
        if let completionCurve, var interaction = preset.interaction {
            interaction.completionCurve = completionCurve
            preset.interaction = interaction
        }
        try claim(.preset, name, in: library, at: token.location, file: token.file)
        changeBundle(library) { $0.presets.append(preset) }
        if let deprecation = token.deprecation { noteDeprecated("preset", library, name, deprecation) }
    }
}

extension DTCGReader {
    /// What a skipped type of another tool is in DTCG, when it has a motion counterpart.
    fileprivate static func hint(_ type: String) -> String {
        switch type.lowercased() {
        case "delay", "time", "timing": " (a \(type) is written as $type duration)"
        case "easing", "bezier", "cubic-bezier", "timingfunction": " (a curve is written as $type cubicBezier)"
        default: ""
        }
    }

    /// A mirror's `$value` is written for other tools and derived from its source on import;
    /// where another tool changed its duration, delay or timing function, the edit wins, as for
    /// any preset: the preset keeps the values it was given and is no longer a mirror, with a
    /// note. Its tracks are the `set` written out, the source's mirrored.
    private mutating func unlinkEditedMirrors() {
        var presets: [QualifiedName: Preset] = [:]
        for bundle in bundles.values {
            for preset in bundle.presets { presets[preset.qualifiedName] = preset }
        }
        for library in order {
            guard var bundle = bundles[library] else { continue }
            for index in bundle.presets.indices {
                let preset = bundle.presets[index]
                guard let reference = preset.mirrorOf, let source = presets[reference.qualified(in: library)],
                    let derived = try? preset.mirroring(source)
                else { continue }
                var edited: [String] = []
                if derived.duration != preset.duration {
                    edited.append("duration \(preset.duration.shortestDescription) s, not \(derived.duration.shortestDescription)")
                }
                if derived.delay != preset.delay { edited.append("delay \(preset.delay.shortestDescription) s, not \(derived.delay.shortestDescription)") }
                if derived.curve.qualified(in: library) != preset.curve.qualified(in: library) {
                    edited.append("timing function \(preset.curve.qualified(in: library)), not \(derived.curve.qualified(in: library))")
                }
                guard !edited.isEmpty else { continue }
                bundle.presets[index].mirrorOf = nil
                mismatches.append(
                    "the preset '\(preset.qualifiedName)' is the mirror of '\(reference.qualified(in: library))' but its $value has "
                        + edited.joined(separator: ", ") + "; the $value was used and the preset is no longer a mirror")
            }
            bundles[library] = bundle
        }
    }
}

/// What an export noted of a preset's timingFunction when its curve has no cubic Bézier (a
/// spring, steps(), linear()): the exact curve, and how far the Bézier written in its place is
/// from it (the largest difference in progress; absent when the curve could not be fitted and
/// linear was written).
private struct Approximation {
    let exact: TimingCurve?
    let maximumError: Double?
    /// The preset's duration, which a spring's shape depends on; `nil` for a spring's own.
    let duration: Double?

    /// Whether `written` is the Bézier the export wrote, not one another tool put in its place:
    /// it is no farther from the exact curve than the noted error, on every 50th time of the
    /// grid the error was measured on (``CubicBezierFit``).
    func isWritten(_ written: TimingCurve) -> Bool {
        let linear = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        guard let exact, let maximumError else { return written == linear || written == .linear }
        let (function, bezier) = (exact.function(duration: duration), written.function(duration: duration))
        let intervals = CubicBezierFit.fitIntervals
        for index in 0...intervals {
            let time = Double(index) / Double(intervals)
            // The noted error is rounded up to 5 decimals; the tolerance covers the last bits.
            guard abs(bezier.progress(at: time) - function.progress(at: time)) <= maximumError + 1e-9 else { return false }
        }
        return true
    }
}
