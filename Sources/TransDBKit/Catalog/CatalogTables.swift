import TransDBCore

/// A catalog's entries as plain values, every reference qualified with its library: what
/// `transdb generate swift` writes as static data and what a bundle file is read into.
public struct CatalogTables: Hashable, Sendable {
    public var libraries: [Library]
    public var curves: [NamedCurve]
    public var presets: [Preset]
    public var delegates: [Delegate]
    public var screens: [Screen]
    public var containers: [Container]
    public var routes: [RouteMapping]

    /// Creates tables; references between entries are qualified names (`motion/zoom`).
    public init(
        libraries: [Library] = [], curves: [NamedCurve] = [], presets: [Preset] = [], delegates: [Delegate] = [],
        screens: [Screen] = [], containers: [Container] = [], routes: [RouteMapping] = []
    ) {
        self.libraries = libraries
        self.curves = curves
        self.presets = presets
        self.delegates = delegates
        self.screens = screens
        self.containers = containers
        self.routes = routes
    }

    /// Both tables' entries, `self`'s first.
    public func merged(with other: CatalogTables) -> CatalogTables {
        CatalogTables(
            libraries: libraries + other.libraries, curves: curves + other.curves, presets: presets + other.presets,
            delegates: delegates + other.delegates, screens: screens + other.screens, containers: containers + other.containers,
            routes: routes + other.routes)
    }
}
