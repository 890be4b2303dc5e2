import Foundation
import TransDBCore

extension CatalogTables {
    /// Reads bundle files (the format `transdb export` writes), for an app that ships its
    /// catalog as resources. Every value goes through the model's own rules — curve
    /// expressions, ``PresetDraft`` for presets and their track overrides, ``Screen/validated()``
    /// — so the entries equal those `transdb import` stores (a test compares the two readers
    /// on every seed file). Bare references are qualified with their bundle's library.
    ///
    /// - Parameter bundles: Each file's name (for errors) and contents.
    /// - Throws: ``TransitionCatalogError/invalidBundle(file:path:reason:)``.
    public init(bundles: [(file: String, data: Data)]) throws {
        self.init()
        // Named durations first: a preset may use one of another file's library.
        // Each file is parsed once, for both passes.
        let parsed = try bundles.map { bundle in
            (file: bundle.file, value: try Self.wrapping(file: bundle.file, path: "$") { try BundleJSON.parse(bundle.data) })
        }
        var durations: [QualifiedName: Double] = [:]
        for bundle in parsed { try Self.readDurations(bundle.value, file: bundle.file, into: &durations) }
        for bundle in parsed { self = merged(with: try Self.read(bundle.value, file: bundle.file, durations: durations)) }
        self = try resolvingCurveAliases()
        self = try derivingMirrors()
    }

    /// The tables with every curve alias's curve taken from the curve it stands for (through
    /// chains), as `transdb import` stores it.
    ///
    /// - Throws: ``TransitionCatalogError/unknownReference(kind:name:)`` for an alias of a curve
    ///   the tables do not have, or in a cycle.
    public func resolvingCurveAliases() throws -> CatalogTables {
        let byName = Dictionary(curves.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        var copy = self
        copy.curves = try curves.map { curve in
            var resolved = curve
            var current = curve
            var seen: Set<QualifiedName> = [curve.qualifiedName]
            while let target = current.aliasOf {
                guard let next = byName[target], seen.insert(target).inserted else {
                    throw TransitionCatalogError.unknownReference(kind: "curve", name: target.description)
                }
                current = next
            }
            resolved.curve = current.curve
            return resolved
        }
        return copy
    }

    /// The tables with every mirror's values derived from the preset it mirrors
    /// (``Preset/mirroring(_:)``), as `transdb import` derives them.
    ///
    /// - Throws: ``TransitionCatalogError/unknownReference(kind:name:)`` for a mirror of a preset
    ///   the tables do not have; ``TransitionCatalogError/invalidBundle(file:path:reason:)`` for a
    ///   mirror the model refuses.
    public func derivingMirrors() throws -> CatalogTables {
        let byName = Dictionary(presets.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        var copy = self
        copy.presets = try presets.map { preset in
            guard let reference = preset.mirrorOf else { return preset }
            guard let source = byName[reference] else {
                throw TransitionCatalogError.unknownReference(kind: "preset", name: reference.description)
            }
            do {
                return try preset.mirroring(source)
            } catch {
                throw TransitionCatalogError.invalidBundle(file: preset.library, path: "$.presets[\(preset.name)]", reason: "\(error)")
            }
        }
        return copy
    }

    /// The named durations of a bundle file (`"durations"`), by qualified name; a preset's
    /// duration is their seconds (the names are not kept: TransDBKit plays what they resolve to).
    private static func readDurations(_ json: Any, file: String, into durations: inout [QualifiedName: Double]) throws {
        let root = BundleValue(value: json, path: "$", file: file)
        let top = try root.object(["transdb", "library", "curves", "durations", "presets", "delegates", "screens", "containers", "routes"])
        let name = try top.child("library").object(["name", "version", "description", "tokensSchema"]).string("name")
        guard top.has("durations") else { return }
        for duration in try top.array("durations") {
            let entry = try duration.object(["name", "seconds", "description", "deprecated"])
            let value = try wrap(entry) {
                try NamedDuration(library: name, name: try entry.string("name"), seconds: try entry.number("seconds")).validated()
            }
            durations[value.qualifiedName] = value.seconds
        }
    }

    private static func read(_ json: Any, file: String, durations: [QualifiedName: Double]) throws -> CatalogTables {
        let root = BundleValue(value: json, path: "$", file: file)
        let top = try root.object(["transdb", "library", "curves", "durations", "presets", "delegates", "screens", "containers", "routes"])
        guard try top.number("transdb") == 1 else { throw root.child("transdb").error("the format version must be 1") }
        let header = try top.child("library").object(["name", "version", "description", "tokensSchema"])
        let name = try header.string("name")
        var tables = CatalogTables()
        tables.libraries = [
            try wrap(header) {
                // A tokens schema matters to token files only: not kept, as generated tables do not.
                try Library(name: name, version: try header.string("version"), description: try header.optionalString("description") ?? "")
                    .validated()
            }
        ]
        func reference(_ object: BundleObject, _ key: String) throws -> QualifiedName? {
            guard let text = try object.optionalString(key) else { return nil }
            return try wrap(object) { try QualifiedName(parsing: text, field: key).qualified(in: name) }
        }
        for curve in try top.array("curves") {
            let entry = try curve.object(["name", "expression", "aliasOf", "description", "deprecated"])
            tables.curves.append(
                try wrap(entry) {
                    // An alias's curve is its target's, taken once every bundle is read.
                    let aliasOf = try reference(entry, "aliasOf")
                    return NamedCurve(
                        library: name, name: try NamedCurve.validatedName(try entry.string("name")),
                        curve: aliasOf != nil ? .linear : try TimingCurve(expression: try entry.string("expression")),
                        description: try entry.optionalString("description") ?? "", deprecated: try entry.deprecation(), aliasOf: aliasOf)
                })
        }
        for preset in try top.array("presets") {
            let entry = try preset.object([
                "name", "kind", "direction", "duration", "delay", "curve", "set", "interaction", "reverse", "mirrorOf", "reducedMotion",
                "description", "deprecated",
            ])
            tables.presets.append(
                try wrap(entry) {
                    // A mirror's kind, timing and tracks are its source's, derived once every bundle is read.
                    let mirrorOf = try entry.optionalString("mirrorOf")
                    guard let kind = mirrorOf != nil ? .custom : PresetKind(rawValue: try entry.string("kind")) else {
                        throw entry.child("kind").error("unknown preset kind")
                    }
                    var draft = PresetDraft(kind: kind)
                    draft.mirrorOf = mirrorOf
                    if let direction = try entry.optionalString("direction") {
                        guard let value = Direction(rawValue: direction) else { throw entry.child("direction").error("unknown direction") }
                        draft.direction = value
                    }
                    if entry.has("duration"), case let .some(text as String) = entry.fields["duration"] {
                        // A named duration: its seconds, from this file's library or another's.
                        let reference = try QualifiedName(parsing: text, field: "duration")
                        let qualified = reference.qualified(in: name)
                        let unique = durations.keys.filter { $0.name == reference.name }
                        let key = durations[qualified] != nil ? qualified : (reference.library == nil && unique.count == 1 ? unique[0] : nil)
                        guard let key, let seconds = durations[key] else {
                            throw TransitionCatalogError.unknownReference(kind: "duration", name: qualified.description)
                        }
                        draft.durationName = key.description
                        draft.duration = seconds
                    } else {
                        draft.duration = try entry.optionalNumber("duration")
                    }
                    draft.delay = try entry.optionalNumber("delay") ?? 0
                    draft.curve = try entry.optionalString("curve")
                    draft.overrides = try (entry.optionalArray("set") ?? []).map { try TrackOverride(parsing: try $0.string()) }
                    if entry.has("interaction") {
                        let interaction = try entry.child("interaction").object([
                            "completionSpeed", "completionCurve", "finishThreshold", "flickVelocity",
                        ])
                        draft.completionSpeed = try interaction.optionalNumber("completionSpeed")
                        draft.completionCurve = try interaction.optionalString("completionCurve")
                        draft.finishThreshold = try interaction.optionalNumber("finishThreshold")
                        if interaction.isPresent("flickVelocity") {
                            // null: the release decides by position alone.
                            draft.flickVelocity = try interaction.optionalNumber("flickVelocity")
                            draft.decidesByPositionOnly = draft.flickVelocity == nil
                        }
                    }
                    draft.reverse = try entry.optionalString("reverse")
                    draft.reducedMotion = try entry.optionalString("reducedMotion")
                    draft.description = try entry.optionalString("description") ?? ""
                    draft.deprecated = try entry.deprecation()
                    var value = try draft.preset(library: name, name: try entry.string("name"))
                    value.curve = value.curve.qualified(in: name)
                    if let curve = value.interaction?.completionCurve { value.interaction?.completionCurve = curve.qualified(in: name) }
                    value.reverse = value.reverse?.qualified(in: name)
                    value.mirrorOf = value.mirrorOf?.qualified(in: name)
                    value.reducedMotion = value.reducedMotion?.qualified(in: name)
                    return value
                })
        }
        for delegate in try top.array("delegates") {
            let entry = try delegate.object(["name", "released", "description"])
            tables.delegates.append(
                Delegate(
                    library: name, name: try wrap(entry) { try Name.validated(try entry.string("name"), field: "delegate name") },
                    released: try entry.optionalBool("released") ?? false, description: try entry.optionalString("description") ?? ""))
        }
        for screen in try top.array("screens") {
            let entry = try screen.object(["name", "delegate", "modalStyle", "presentationStyle", "description"])
            tables.screens.append(
                try wrap(entry) {
                    var value = Screen(library: name, name: try entry.string("name"), delegate: try reference(entry, "delegate"))
                    if let style = try entry.optionalString("modalStyle") {
                        guard let parsed = ModalTransitionStyle(rawValue: style) else {
                            throw entry.child("modalStyle").error("unknown modal style")
                        }
                        value.modalStyle = parsed
                    }
                    if let style = try entry.optionalString("presentationStyle") {
                        guard let parsed = ModalPresentationStyle(rawValue: style) else {
                            throw entry.child("presentationStyle").error("unknown presentation style")
                        }
                        value.presentationStyle = parsed
                    }
                    value.description = try entry.optionalString("description") ?? ""
                    return try value.validated()
                })
        }
        for container in try top.array("containers") {
            let entry = try container.object(["name", "kind", "delegate", "description"])
            guard let kind = ContainerKind(rawValue: try entry.string("kind")) else {
                throw entry.child("kind").error("unknown container kind")
            }
            tables.containers.append(
                Container(
                    library: name, name: try wrap(entry) { try Name.validated(try entry.string("name"), field: "container name") },
                    kind: kind,
                    delegate: try reference(entry, "delegate"), description: try entry.optionalString("description") ?? ""))
        }
        for route in try top.array("routes") {
            let entry = try route.object(["delegate", "op", "from", "to", "preset", "interaction"])
            guard let operation = TransitionOperation(rawValue: try entry.string("op")) else {
                throw entry.child("op").error("unknown operation")
            }
            func side(_ key: String) throws -> ScreenPattern {
                let text = try entry.string(key)
                return text == "*" ? .any : .screen(try wrap(entry) { try QualifiedName(parsing: text, field: key).qualified(in: name) })
            }
            guard let delegate = try reference(entry, "delegate") else { throw entry.child("delegate").error("a route names its delegate") }
            let mapping = RouteMapping(
                delegate: delegate, operation: operation, from: try side("from"), to: try side("to"),
                preset: try reference(entry, "preset"),
                interaction: try reference(entry, "interaction"))
            try wrap(entry) { try mapping.validate() }
            tables.routes.append(mapping)
        }
        return tables
    }

    /// Runs `body`, turning the model's refusals into a bundle error at `object`'s path.
    private static func wrap<T>(_ object: BundleObject, _ body: () throws -> T) throws -> T {
        try wrapping(file: object.value.file, path: object.value.path, body)
    }

    private static func wrapping<T>(file: String, path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TransitionCatalogError {
            throw error
        } catch {
            throw TransitionCatalogError.invalidBundle(file: file, path: path, reason: "\(error)")
        }
    }
}

/// A bundle file's JSON as the values ``BundleValue`` reads: `[String: Any]`, `[Any]`, `Double`,
/// `Bool`, `String` and `NSNull`. Parsed with `JSONDecoder`, whose numbers are the nearest
/// doubles to their digits, as transdb's are: `JSONSerialization` on Linux is an ulp off for most
/// 17-digit decimals (`0.21666666666666667`), which moved a sample or turned a finish into a cancel.
private enum BundleJSON: Decodable {
    case null, bool(Bool), number(Double), string(String), array([BundleJSON]), object([String: BundleJSON])

    static func parse(_ data: Data) throws -> Any { try JSONDecoder().decode(BundleJSON.self, from: data).plain }

    init(from decoder: any Decoder) throws {
        // The commonest first (names are strings, entries objects): each miss costs an error.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let members = try? container.decode([String: BundleJSON].self) {
            self = .object(members)
        } else if let items = try? container.decode([BundleJSON].self) {
            self = .array(items)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .bool(try container.decode(Bool.self))
        }
    }

    var plain: Any {
        switch self {
        case .null: NSNull()
        case let .bool(flag): flag
        case let .number(number): number
        case let .string(text): text
        case let .array(items): items.map(\.plain)
        case let .object(members): members.mapValues(\.plain)
        }
    }
}

/// A parsed JSON value and where it is in its file.
private struct BundleValue {
    let value: Any
    let path: String
    let file: String

    func error(_ reason: String) -> TransitionCatalogError { .invalidBundle(file: file, path: path, reason: reason) }

    func child(_ key: String) -> BundleValue {
        BundleValue(value: (value as? [String: Any])?[key] ?? NSNull(), path: path + "." + key, file: file)
    }

    func object(_ keys: Set<String>) throws -> BundleObject {
        guard let fields = value as? [String: Any] else { throw error("expected an object") }
        if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            throw error("unknown field '\(unknown)' (expected \(keys.sorted().joined(separator: ", ")))")
        }
        return BundleObject(value: self, fields: fields)
    }

    func string() throws -> String {
        guard let text = value as? String else { throw error("expected a string") }
        return text
    }
}

/// A JSON object of a bundle, read field by field.
private struct BundleObject {
    let value: BundleValue
    let fields: [String: Any]

    /// `"deprecated"`: `true` (no reason: `""`), `false` or absent (`nil`), or the reason.
    func deprecation() throws -> String? {
        guard has("deprecated") else { return nil }
        if let reason = fields["deprecated"] as? String { return reason }
        if let flag = fields["deprecated"] as? Bool { return flag ? "" : nil }
        throw child("deprecated").error("deprecated is true, false or a reason")
    }

    func has(_ key: String) -> Bool { fields[key] != nil && !(fields[key] is NSNull) }
    /// Whether the key is there, even as null.
    func isPresent(_ key: String) -> Bool { fields[key] != nil }
    func child(_ key: String) -> BundleValue { value.child(key) }

    func string(_ key: String) throws -> String {
        guard let text = try optionalString(key) else { throw child(key).error("a string is required") }
        return text
    }

    func optionalString(_ key: String) throws -> String? {
        guard has(key) else { return nil }
        return try child(key).string()
    }

    func number(_ key: String) throws -> Double {
        guard let number = try optionalNumber(key) else { throw child(key).error("a number is required") }
        return number
    }

    func optionalNumber(_ key: String) throws -> Double? {
        guard has(key) else { return nil }
        guard let number = fields[key] as? Double else {
            throw child(key).error("expected a number")
        }
        return number
    }

    func optionalBool(_ key: String) throws -> Bool? {
        guard has(key) else { return nil }
        guard let flag = fields[key] as? Bool else { throw child(key).error("expected true or false") }
        return flag
    }

    func array(_ key: String) throws -> [BundleValue] {
        try optionalArray(key) ?? []
    }

    func optionalArray(_ key: String) throws -> [BundleValue]? {
        guard has(key) else { return nil }
        guard let items = fields[key] as? [Any] else { throw child(key).error("expected an array") }
        return items.enumerated().map { BundleValue(value: $1, path: "\(value.path).\(key)[\($0)]", file: value.file) }
    }
}
