/// What a lint finding is about: an entry of a library, by kind and name. A route's name is
/// `DELEGATE: op from → to` with names as its library writes them.
public struct LintLocation: Hashable, Sendable {
    public var library: String
    public var kind: EntityKind
    public var name: String

    /// Creates a location.
    public init(library: String, kind: EntityKind, name: String) {
        self.library = library
        self.kind = kind
        self.name = name
    }

    /// `library/kind/name`, SARIF's fully qualified logical name.
    public var fullyQualifiedName: String { "\(library)/\(kind.rawValue)/\(name)" }

    /// The location of a route mapping.
    public static func route(_ route: RouteMapping) -> LintLocation {
        let library = route.delegate.library ?? ""
        let local = RouteMapping(
            delegate: route.delegate.local(in: library), operation: route.operation, from: route.from.local(in: library),
            to: route.to.local(in: library), preset: nil)
        return LintLocation(library: library, kind: .route, name: "\(local.delegate): \(local.routeDescription)")
    }

    /// The location of an entry of `kind` named by `name`.
    public static func entry(_ kind: EntityKind, _ name: QualifiedName) -> LintLocation {
        LintLocation(library: name.library ?? "", kind: kind, name: name.name)
    }
}

/// One problem lint found.
public struct LintFinding: Hashable, Sendable {
    /// The rule's id (`TD001`).
    public var rule: String
    public var severity: LintSeverity
    public var location: LintLocation
    /// One sentence naming the entries and values involved.
    public var message: String
    /// Why the catalog accepts the finding, when an inline suppression does
    /// (``LintSuppression``): it is reported as accepted and does not fail the run.
    public var suppression: String?

    /// Creates a finding.
    public init(rule: String, severity: LintSeverity, location: LintLocation, message: String, suppression: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.message = message
        self.suppression = suppression
    }
}
