import TransDBCore
/// One library with everything in it, as a value: what a bundle file holds, what `export` reads
/// from a catalog and `import` writes to one, and what `diff` and `merge` compare.
///
/// References to entries of the same library have no library (`QualifiedName(library: nil, …)`);
/// references to other libraries name theirs (`material/standard`). Entries are kept in the
/// bundle format's canonical order (see ``canonicalized()``), so equal libraries are equal values.
public struct LibraryBundle: Hashable, Sendable {
    public var library: Library
    public var curves: [NamedCurve]
    /// Named durations (a design system's `short1` … `extraLong4`).
    public var durations: [NamedDuration] = []
    public var presets: [Preset]
    public var delegates: [Delegate]
    public var screens: [Screen]
    public var containers: [Container]
    /// Route mappings without ids, on delegates of this library.
    public var routes: [RouteMapping]

    /// Creates a bundle.
    public init(
        library: Library, curves: [NamedCurve] = [], durations: [NamedDuration] = [], presets: [Preset] = [],
        delegates: [Delegate] = [], screens: [Screen] = [], containers: [Container] = [], routes: [RouteMapping] = []
    ) {
        self.library = library
        self.curves = curves
        self.durations = durations
        self.presets = presets
        self.delegates = delegates
        self.screens = screens
        self.containers = containers
        self.routes = routes
    }

    /// How many entries the bundle holds, the library itself counted.
    public var entryCount: Int {
        1 + curves.count + durations.count + presets.count + delegates.count + screens.count + containers.count + routes.count
    }

    /// Makes every reference to an entry of this library relative (`team/fade` in `team` →
    /// `fade`), as this type keeps them: a file may qualify its own names, and a library that
    /// moves under another name (`import --library`) must take its references with it.
    public mutating func localizeReferences() {
        let name = library.name
        for i in curves.indices { curves[i].aliasOf = curves[i].aliasOf?.local(in: name) }
        for i in presets.indices {
            presets[i].curve = presets[i].curve.local(in: name)
            presets[i].reverse = presets[i].reverse?.local(in: name)
            presets[i].durationName = presets[i].durationName?.local(in: name)
            presets[i].mirrorOf = presets[i].mirrorOf?.local(in: name)
            presets[i].reducedMotion = presets[i].reducedMotion?.local(in: name)
            if var interaction = presets[i].interaction {
                interaction.completionCurve = interaction.completionCurve.local(in: name)
                presets[i].interaction = interaction
            }
        }
        for i in screens.indices { screens[i].delegate = screens[i].delegate?.local(in: name) }
        for i in containers.indices { containers[i].delegate = containers[i].delegate?.local(in: name) }
        for i in routes.indices {
            routes[i].delegate = routes[i].delegate.local(in: name)
            routes[i].from = routes[i].from.local(in: name)
            routes[i].to = routes[i].to.local(in: name)
            routes[i].preset = routes[i].preset?.local(in: name)
            routes[i].interaction = routes[i].interaction?.local(in: name)
        }
    }

    /// The same library under another name: entries move with it, and references to its own
    /// entries, relative or qualified, follow them.
    public func renamed(to name: String) -> LibraryBundle {
        var copy = self
        copy.localizeReferences()
        copy.library.name = name
        for i in copy.curves.indices { copy.curves[i].library = name }
        for i in copy.durations.indices { copy.durations[i].library = name }
        for i in copy.presets.indices { copy.presets[i].library = name }
        for i in copy.delegates.indices { copy.delegates[i].library = name }
        for i in copy.screens.indices { copy.screens[i].library = name }
        for i in copy.containers.indices { copy.containers[i].library = name }
        return copy
    }

    /// The bundle with its entries sorted: by name (Unicode scalar order), routes by delegate,
    /// operation (present, dismiss, push, pop, tab), from and to (`*` first).
    public func canonicalized() -> LibraryBundle {
        var copy = self
        copy.canonicalize()
        return copy
    }

    /// Sorts the entries as ``canonicalized()`` does, in place, and drops the routes' ids.
    mutating func canonicalize() {
        // UTF-8 bytes sort as the scalars they encode, and are compared without a copy.
        func before(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        curves.sort { before($0.name, $1.name) }
        durations.sort { before($0.name, $1.name) }
        presets.sort { before($0.name, $1.name) }
        delegates.sort { before($0.name, $1.name) }
        screens.sort { before($0.name, $1.name) }
        containers.sort { before($0.name, $1.name) }
        for i in routes.indices where routes[i].id != nil { routes[i].id = nil }
        routes.sort { a, b in
            if a.delegate != b.delegate { return before(a.delegate.description, b.delegate.description) }
            if a.operation != b.operation { return a.operation.ordinal < b.operation.ordinal }
            if a.from != b.from { return a.from == .any || (b.from != .any && before(a.from.description, b.from.description)) }
            return a.to == .any || (b.to != .any && before(a.to.description, b.to.description))
        }
    }
}
