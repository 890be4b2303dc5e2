import TransDBCore

/// What `transdb list` lists.
public enum ListedKind: String, CaseIterable, Sendable {
    case libraries, curves, durations, presets, screens, containers, delegates, routes
}

/// What narrows `transdb list`, as given on the command line; each is checked when it is used.
public struct ListFilter: Sendable {
    /// Only entries of this library (for routes: of the delegate's library).
    public var library: String?
    /// Curves, presets, containers: only those of this kind (a ``TimingCurve/Kind``,
    /// ``PresetKind`` or ``ContainerKind`` spelling).
    public var kind: String?
    /// Routes: only this delegate's (`library/name` or `name`).
    public var delegate: String?
    /// Routes: only this operation's.
    public var operation: TransitionOperation?
    /// Routes: only those with this screen on either side (`library/name` or `name`).
    public var screen: String?
    /// Routes: only those returning this preset, as animator or interaction controller.
    public var preset: String?
    /// Presets: only those animated by this named curve.
    public var curve: String?
    /// Presets: only those using this named duration.
    public var duration: String?

    /// A filter; `nil` everywhere lists everything.
    public init(
        library: String? = nil, kind: String? = nil, delegate: String? = nil, operation: TransitionOperation? = nil, screen: String? = nil,
        preset: String? = nil, curve: String? = nil, duration: String? = nil
    ) {
        self.duration = duration
        self.preset = preset
        self.curve = curve
        self.library = library
        self.kind = kind
        self.delegate = delegate
        self.operation = operation
        self.screen = screen
    }

    /// Checks ``kind`` against the kinds of the entries `listed` has (curves, presets and
    /// containers have kinds; the others take no kind filter, which is not checked here).
    ///
    /// - Throws: ``ModelError`` naming the kinds there are, and the nearest one.
    public func checkKind(listing listed: ListedKind) throws {
        switch listed {
        case .curves: _ = try kind(as: TimingCurve.Kind.self)
        case .presets: _ = try kind(as: PresetKind.self)
        case .containers: _ = try kind(as: ContainerKind.self)
        default: break
        }
    }

    /// ``kind`` as a kind of the listed entries; `nil` when there is no kind filter.
    func kind<K: RawRepresentable & CaseIterable>(as type: K.Type) throws -> K? where K.RawValue == String {
        guard let text = kind else { return nil }
        guard let value = K(rawValue: text) else {
            throw ModelError.invalidValue(
                field: "--kind", value: text,
                reason: "expected one of \(K.allCases.map(\.rawValue).joined(separator: ", "))"
                    + (NameSuggestion.closest(to: text, in: K.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""))
        }
        return value
    }
}

extension Catalog {
    /// The entries of `kind` that pass `filter`, in order, with the columns a table shows.
    ///
    /// - Throws: ``LookupError/notFound(kind:name:suggestion:)`` for an unknown library,
    ///   delegate or screen; ``ModelError`` for a `kind` that is not one of the entries' kinds
    ///   or an invalid name.
    public func listing(_ kind: ListedKind, filter: ListFilter) throws -> Listing {
        let library = filter.library
        if let library, try !hasLibrary(library) {
            throw LookupError.notFound(kind: .library, name: library, suggestion: try closestName(.library, to: library))
        }
        switch kind {
        case .libraries:
            return Listing(
                records: try libraries().map { entry in
                    entry.library.record
                        + EntityKind.inLibrary.map {
                            ("\($0.rawValue)s", JSONValue.integer(Int64(entry.counts[$0] ?? 0)))
                        }
                },
                columns: Library.recordKeys + EntityKind.inLibrary.map { "\($0.rawValue)s" },
                tableColumns: ["name", "version"] + EntityKind.inLibrary.map { "\($0.rawValue)s" })
        case .curves:
            return Listing(
                try curves(library: library, kind: try filter.kind(as: TimingCurve.Kind.self)), record: \.record,
                columns: NamedCurve.recordKeys, tableColumns: ["library", "name", "kind", "expression"])
        case .durations:
            return Listing(
                try durations(library: library), record: \.record, columns: NamedDuration.recordKeys,
                tableColumns: ["library", "name", "seconds", "description"])
        case .presets:
            var presets = try presetSummaries(library: library, kind: try filter.kind(as: PresetKind.self))
            if let curve = filter.curve {
                let name = try qualifiedCurveName(try QualifiedName(parsing: curve, field: "curve"))
                presets = presets.filter { $0.curve == .named(name) }
            }
            if let duration = filter.duration {
                let name = try qualifiedName(.duration, try QualifiedName(parsing: duration, field: "duration"))
                presets = presets.filter { $0.durationName == name }
            }
            return Listing(
                presets, record: \.record, columns: PresetSummary.recordKeys,
                tableColumns: ["library", "name", "kind", "direction", "duration", "curve", "interactive", "reverse"])
        case .screens:
            var screens = try screens(library: library)
            if let delegate = filter.delegate {
                let name = try qualifiedName(.delegate, try QualifiedName(parsing: delegate, field: "delegate"))
                screens = screens.filter { $0.delegate == name }
            }
            return Listing(
                screens, record: \.record, columns: Screen.recordKeys,
                tableColumns: ["library", "name", "delegate", "modalStyle", "presentationStyle"])
        case .containers:
            return Listing(
                try containers(library: library, kind: try filter.kind(as: ContainerKind.self)), record: \.record,
                columns: Container.recordKeys, tableColumns: ["library", "name", "kind", "delegate"])
        case .delegates:
            return Listing(
                try delegates(library: library), record: \.record, columns: Delegate.recordKeys,
                tableColumns: ["library", "name", "released"])
        case .routes:
            let routes = try routes(
                delegate: try filter.delegate.map { try QualifiedName(parsing: $0, field: "delegate") }, operation: filter.operation,
                library: library, screen: try filter.screen.map { try QualifiedName(parsing: $0, field: "screen") },
                preset: try filter.preset.map { try QualifiedName(parsing: $0, field: "preset") })
            return Listing(
                routes, record: \.record, columns: RouteMapping.recordKeys,
                tableColumns: ["id", "delegate", "operation", "from", "to", "preset", "interaction"])
        }
    }
}
