/// A namespace of curves, presets, screens, containers and delegates that a team shares.
public struct Library: Hashable, Sendable {
    public var name: String
    /// A free-form version string, e.g. `1.2.0`.
    public var version: String
    public var description: String

    /// Creates a library.
    public init(name: String, version: String = "1.0.0", description: String = "") {
        self.name = name
        self.version = version
        self.description = description
    }

    /// The library that `add` writes to when no `--library` is given.
    public static let defaultName = "local"
}

/// A named timing curve of the catalog.
public struct NamedCurve: Hashable, Sendable {
    public var library: String
    public var name: String
    public var curve: TimingCurve
    public var description: String

    /// Creates a named curve.
    public init(library: String, name: String, curve: TimingCurve, description: String = "") {
        self.library = library
        self.name = name
        self.curve = curve
        self.description = description
    }

    /// `library/name`.
    public var qualifiedName: QualifiedName { QualifiedName(library: library, name: name) }
}
