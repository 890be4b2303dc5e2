import Foundation
import TransDBCore
/// Writes libraries as a DTCG document (see ``DTCGFormat`` for the mapping).
struct DTCGWriter {
    /// The libraries in canonical order, by name.
    private let bundles: [LibraryBundle]
    /// The file's `$schema`: the tokens schema every library has, when they all have the same.
    private let schema: String?
    /// Every curve, by library and name, to resolve presets' named curves.
    private let curves: [String: [String: TimingCurve]]
    /// Every named duration written, by library, so that an alias is only written to a token that exists.
    private let durations: [String: Set<String>]
    /// By library and category (`curves`, `durations`), the token names other names continue
    /// with a dot: their tokens are their groups' `$root`.
    private let groupRoots: [String: [String: Set<String>]]
    /// Nearest cubic Béziers already fitted, as many presets share a curve and a duration.
    private var approximations = CubicBezierApproximations()

    private static let transdb = DTCGFormat.extensionKey

    init(bundles: [LibraryBundle]) {
        func key(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        self.bundles = bundles.map { $0.canonicalized() }.sorted {
            key($0.library.name).lexicographicallyPrecedes(key($1.library.name))
        }
        var curves: [String: [String: TimingCurve]] = [:]
        for bundle in bundles {
            for curve in bundle.curves { curves[bundle.library.name, default: [:]][curve.name] = curve.curve }
        }
        self.curves = curves
        let schemas = Set(bundles.map(\.library.tokensSchema))
        schema = schemas.count == 1 ? schemas.first ?? nil : nil
        var durations: [String: Set<String>] = [:]
        for bundle in bundles {
            for duration in bundle.durations { durations[bundle.library.name, default: []].insert(duration.name) }
        }
        self.durations = durations
        var groupRoots: [String: [String: Set<String>]] = [:]
        for bundle in bundles {
            groupRoots[bundle.library.name] = [
                "curves": DTCGName.groupRoots(bundle.curves.filter { Self.isBezier($0.curve) }.map(\.name)),
                "durations": DTCGName.groupRoots(bundle.durations.map(\.name)),
            ]
        }
        self.groupRoots = groupRoots
    }

    /// The alias of a curve or duration token: nested at the name's dots, through `$root` where
    /// the name is also a group.
    private func alias(library: String, _ category: String, name: String) -> String {
        DTCGName.alias(library: library, category: category, name: name, isGroupRoot: groupRoots[library]?[category]?.contains(name) == true)
    }

    /// Writes the document, one group per library, handing `sink` pieces of about 64 KiB: each
    /// token is made and written on its own, so that 100,000 presets are never one tree.
    mutating func write<Failure: Error>(to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        var out = PrettyJSONWriter()
        out.open(.object)
        if let schema { out.write(.string(schema), key: "$schema") }
        for bundle in bundles { try library(bundle, into: &out, sink) }
        out.close()
        out.append(raw: "\n")
        if let rest = out.take(atLeast: 1) { try sink(rest) }
    }

    // MARK: Libraries

    private mutating func library<Failure: Error>(
        _ bundle: LibraryBundle, into out: inout PrettyJSONWriter, _ sink: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        out.open(.object, key: DTCGName.key(for: bundle.library.name))
        if !bundle.library.description.isEmpty { out.write(.string(bundle.library.description), key: "$description") }

        out.open(.object, key: "$extensions")
        out.open(.object, key: Self.transdb)
        out.write(.integer(Int64(DTCGFormat.extensionFormat)), key: "format")
        out.write(.string(bundle.library.version), key: "version")
        // Libraries that do not share one schema keep their own here (the file's `$schema` is one).
        if schema == nil, let own = bundle.library.tokensSchema { out.write(.string(own), key: "tokensSchema") }
        try Self.entries("curves", bundle.curves.filter { !Self.isBezier($0.curve) }, as: .array, into: &out, sink) { (nil, Self.entry($0)) }
        try Self.entries("delegates", bundle.delegates, as: .array, into: &out, sink) { (nil, Self.entry($0)) }
        try Self.entries("screens", bundle.screens, as: .array, into: &out, sink) { (nil, Self.entry($0)) }
        try Self.entries("containers", bundle.containers, as: .array, into: &out, sink) { (nil, Self.entry($0)) }
        try Self.entries("routes", bundle.routes, as: .array, into: &out, sink) { (nil, Self.entry($0)) }
        out.close()
        out.close()

        let tokens = bundle.curves.filter { Self.isBezier($0.curve) }
        let roots = groupRoots[bundle.library.name] ?? [:]
        try Self.tokens("curves", tokens, named: \.name, roots: roots["curves"] ?? [], into: &out, sink) { curveToken($0) }
        try Self.tokens("durations", bundle.durations, named: \.name, roots: roots["durations"] ?? [], into: &out, sink) {
            Self.durationToken($0)
        }
        try Self.tokens("presets", bundle.presets, named: \.name, roots: DTCGName.groupRoots(bundle.presets.map(\.name)), into: &out, sink) {
            presetToken($0)
        }
        out.close()
    }

    /// The group `key`: a token of each entry, made one at a time, nested in groups at the dots of
    /// its name (``DTCGName/path(for:)``) — a name in `roots` (``DTCGName/groupRoots(_:)``: `a`
    /// beside `a.b`) is its group's `$root`; nothing when there are none.
    private static func tokens<Entry, Failure: Error>(
        _ key: String, _ entries: [Entry], named name: (Entry) -> String, roots: Set<String>, into out: inout PrettyJSONWriter,
        _ sink: ([UInt8]) throws(Failure) -> Void, _ make: (Entry) -> JSONValue
    ) throws(Failure) {
        guard !entries.isEmpty else { return }
        let paths = entries.map { DTCGName.path(for: name($0)) + (roots.contains(name($0)) ? ["$root"] : []) }
        // Part by part, so that a group's tokens are together and follow the token it is named after.
        let order = paths.indices.sorted { a, b in
            paths[a].lexicographicallyPrecedes(paths[b]) { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        }
        out.open(.object, key: key)
        var open: [String] = []
        for index in order {
            let path = paths[index]
            let groups = path.dropLast()
            var shared = 0
            while shared < open.count, shared < groups.count, open[shared] == groups[groups.startIndex + shared] { shared += 1 }
            while open.count > shared {
                out.close()
                open.removeLast()
            }
            for group in groups.dropFirst(shared) {
                out.open(.object, key: group)
                open.append(group)
            }
            out.write(make(entries[index]), key: path[path.count - 1])
            if let chunk = out.take() { try sink(chunk) }
        }
        for _ in open { out.close() }
        out.close()
    }

    /// The member `key`, an array or an object of `entries` made one at a time; nothing when
    /// there are none.
    private static func entries<Entry, Failure: Error>(
        _ key: String, _ entries: [Entry], as container: PrettyJSONWriter.Container, into out: inout PrettyJSONWriter,
        _ sink: ([UInt8]) throws(Failure) -> Void, _ make: (Entry) -> (key: String?, value: JSONValue)
    ) throws(Failure) {
        guard !entries.isEmpty else { return }
        out.open(container, key: key)
        for entry in entries {
            let (entryKey, value) = make(entry)
            out.write(value, key: entryKey)
            if let chunk = out.take() { try sink(chunk) }
        }
        out.close()
    }

    private static func described(_ description: String) -> [(String, JSONValue)] {
        description.isEmpty ? [] : [("description", .string(description))]
    }

    // MARK: Entries DTCG has no type for, with the fields of the bundle format

    private static func entry(_ curve: NamedCurve) -> JSONValue {
        .object(
            [("name", .string(curve.name)), curve.aliasOf.map { ("aliasOf", .string($0.description)) } ?? ("expression", .string(curve.curve.expression))]
                + described(curve.description)
                + (Deprecation.json(curve.deprecated).map { [("deprecated", $0)] } ?? []))
    }

    /// `$deprecated`: `true` without a reason, else the reason; nothing when not deprecated.
    private static func deprecation(_ deprecated: String?) -> [(String, JSONValue)] {
        Deprecation.json(deprecated).map { [("$deprecated", $0)] } ?? []
    }

    private static func entry(_ delegate: Delegate) -> JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(delegate.name))]
        if delegate.released { fields.append(("released", .bool(true))) }
        return .object(fields + described(delegate.description))
    }

    private static func entry(_ screen: Screen) -> JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(screen.name))]
        if let delegate = screen.delegate { fields.append(("delegate", .string(delegate.description))) }
        if screen.modalStyle != .coverVertical { fields.append(("modalStyle", .string(screen.modalStyle.rawValue))) }
        if screen.presentationStyle != .automatic { fields.append(("presentationStyle", .string(screen.presentationStyle.rawValue))) }
        return .object(fields + described(screen.description))
    }

    private static func entry(_ container: Container) -> JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(container.name)), ("kind", .string(container.kind.rawValue))]
        if let delegate = container.delegate { fields.append(("delegate", .string(delegate.description))) }
        return .object(fields + described(container.description))
    }

    private static func entry(_ route: RouteMapping) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("delegate", .string(route.delegate.description)), ("op", .string(route.operation.rawValue)),
            ("from", .string(route.from.description)), ("to", .string(route.to.description)),
            ("preset", .string(route.preset?.description)),
        ]
        if let interaction = route.interaction { fields.append(("interaction", .string(interaction.description))) }
        return .object(fields)
    }

    /// Whether a curve is a DTCG `cubicBezier`.
    private static func isBezier(_ curve: TimingCurve) -> Bool {
        switch curve {
        case .linear, .cubicBezier: true
        case .steps, .piecewiseLinear, .spring: false
        }
    }

    /// `[x1, y1, x2, y2]` of a `cubic-bezier()` or `linear`.
    private static func points(_ curve: TimingCurve) -> JSONValue? {
        switch curve {
        case .linear: .array([.number(0), .number(0), .number(1), .number(1)])
        case let .cubicBezier(x1, y1, x2, y2): .array([.number(x1), .number(y1), .number(x2), .number(y2)])
        case .steps, .piecewiseLinear, .spring: nil
        }
    }

    // MARK: Curves

    private func curveToken(_ curve: NamedCurve) -> JSONValue {
        // An alias's value is an alias of the curve token it stands for.
        let value = curve.aliasOf.map { target in
            JSONValue.string(alias(library: target.library ?? curve.library, "curves", name: target.name))
        }
        var members: [(String, JSONValue)] = [("$type", .string("cubicBezier")), ("$value", value ?? Self.points(curve.curve) ?? .null)]
        if !curve.description.isEmpty { members.append(("$description", .string(curve.description))) }
        members += Self.deprecation(curve.deprecated)
        if curve.curve == .linear && curve.aliasOf == nil {
            members.append(("$extensions", .object([(Self.transdb, .object([("expression", .string("linear"))]))])))
        }
        return .object(members)
    }

    // MARK: Durations

    private static func durationToken(_ duration: NamedDuration) -> JSONValue {
        var members: [(String, JSONValue)] = [("$type", .string("duration")), ("$value", Self.duration(duration.seconds))]
        if !duration.description.isEmpty { members.append(("$description", .string(duration.description))) }
        members += Self.deprecation(duration.deprecated)
        return .object(members)
    }

    // MARK: Presets

    private mutating func presetToken(_ preset: Preset) -> JSONValue {
        var data: [(String, JSONValue)] = [("kind", .string(preset.kind.rawValue))]
        if let direction = preset.direction { data.append(("direction", .string(direction.rawValue))) }
        data.append(("curve", Self.reference(preset.curve)))
        let changes = Self.overrides(from: preset.kind.tracks(direction: preset.direction), to: preset.tracks)
        if !changes.isEmpty { data.append(("set", .array(changes.map { .string($0) }))) }
        if let interaction = preset.interaction {
            var settings: [(String, JSONValue)] = [
                ("completionSpeed", .number(interaction.completionSpeed)),
                ("completionCurve", Self.reference(interaction.completionCurve)),
                ("finishThreshold", .number(interaction.finishThreshold)),
            ]
            // Left out at its default, so files written before the setting read the same.
            if interaction.flickVelocity != InteractionSettings.defaultFlickVelocity {
                settings.append(("flickVelocity", .number(interaction.flickVelocity)))
            }
            data.append(("interaction", .object(settings)))
        }
        if let reverse = preset.reverse { data.append(("reverse", .string(reverse.description))) }
        if let mirrorOf = preset.mirrorOf { data.append(("mirrorOf", .string(mirrorOf.description))) }
        if let alternative = preset.reducedMotion { data.append(("reducedMotion", .string(alternative.description))) }
        if let name = preset.durationName, writtenDuration(name, of: preset) == nil { data.append(("duration", .string(name.description))) }
        let (timingFunction, note) = timingFunction(preset)
        if let note { data.append(("timingFunction", note)) }

        let value: JSONValue = .object([
            ("duration", durationValue(preset)), ("delay", Self.duration(preset.delay)), ("timingFunction", timingFunction),
        ])
        var members: [(String, JSONValue)] = [("$type", .string("transition")), ("$value", value)]
        if !preset.description.isEmpty { members.append(("$description", .string(preset.description))) }
        members += Self.deprecation(preset.deprecated)
        members.append(("$extensions", .object([(Self.transdb, .object(data))])))
        return .object(members)
    }

    /// An alias of the named duration's token (`{motion.durations.medium2}`), or the preset's own
    /// seconds: an alias to a token that is not written would leave the file unreadable.
    private func durationValue(_ preset: Preset) -> JSONValue {
        guard let name = preset.durationName, let library = writtenDuration(name, of: preset) else { return Self.duration(preset.duration) }
        return .string(alias(library: library, "durations", name: name.name))
    }

    /// The library whose token a preset's named duration aliases, when that token is written.
    private func writtenDuration(_ name: QualifiedName, of preset: Preset) -> String? {
        let library = name.library ?? preset.library
        return durations[library]?.contains(name.name) == true ? library : nil
    }

    /// `{"value", "unit"}`: milliseconds, as design systems write them, in the fewest digits
    /// that read back (as ``DTCGDocument/Duration/seconds(milliseconds:)`` reads them) as exactly
    /// `seconds` — 333.333 ms imported is 333.333 ms again, and 2.5 s is 2500 ms, so a file's
    /// durations share one unit; seconds only where no such milliseconds exist.
    private static func duration(_ seconds: Double) -> JSONValue {
        for digits in 1...17 {
            guard let milliseconds = Double(String(format: "%.\(digits)g", seconds * 1000)),
                DTCGDocument.Duration.seconds(milliseconds: milliseconds) == seconds
            else { continue }
            return .object([("value", .number(milliseconds + 0)), ("unit", .string("ms"))])
        }
        return .object([("value", .number(seconds)), ("unit", .string("s"))])
    }

    /// `{"library"?, "name"}` or `{"expression"}`: exact, whatever the name.
    private static func reference(_ curve: CurveReference) -> JSONValue {
        switch curve {
        case let .named(name):
            .object((name.library.map { [("library", JSONValue.string($0))] } ?? []) + [("name", .string(name.name))])
        case let .inline(curve):
            .object([("expression", .string(curve.expression))])
        }
    }

    /// The `timingFunction`: an alias of a curve token, control points, or the nearest cubic
    /// Bézier with a note in the extension.
    private mutating func timingFunction(_ preset: Preset) -> (JSONValue, note: JSONValue?) {
        let curve: TimingCurve
        switch preset.curve {
        case let .inline(inline):
            curve = inline
        case let .named(name):
            let library = name.library ?? preset.library
            let token = JSONValue.string(alias(library: library, "curves", name: name.name))
            guard let named = curves[library]?[name.name] else { return (token, nil) }
            if Self.isBezier(named) { return (token, nil) }
            curve = named
        }
        if let points = Self.points(curve) { return (points, nil) }
        var note: [(String, JSONValue)] = [("approximate", .bool(true)), ("expression", .string(curve.expression))]
        guard let fit = approximations.nearest(to: curve, for: preset) else {
            return (Self.points(.linear) ?? .null, .object(note))
        }
        note.append(("maximumError", .number(Self.roundedUp(fit.maximumError))))
        // The seconds the fit was made over: an import that finds another duration in the $value
        // (edited) still knows which Bézier was written.
        if preset.duration > 0 { note.append(("duration", .number(preset.duration))) }
        return (Self.points(fit.curve) ?? .null, .object(note))
    }

    /// `value` rounded up to 5 decimals, never below it.
    static func roundedUp(_ value: Double) -> Double {
        var rounded = (value * 100_000).rounded(.up) / 100_000
        if rounded < value { rounded += 0.00001 }
        return rounded
    }

    /// The track changes that turn `base` into `target`, as `VIEW.PHASE.PROPERTY=VALUE`
    /// (``TrackOverride/differences(from:to:)``, the one rule bundles use too).
    static func overrides(from base: ViewTracks, to target: ViewTracks) -> [String] {
        TrackOverride.differences(from: base, to: target).map(\.description)
    }
}
