/// A name or a request that cannot be looked up: nothing has the name, several entries do, or
/// the request does not say enough for UIKit's lookup to pick a container.
public enum LookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No entry of that kind has that name.
    case notFound(kind: EntityKind, name: String, suggestion: String?)
    /// A bare name matches entries in several libraries.
    case ambiguous(kind: EntityKind, name: String, candidates: [String])
    /// No route has the key given (`present Feed → Detail on DetailTransitions`).
    case noRoute(key: String)
    /// A push, pop or tab without `--container` in a catalog with no container of that kind.
    case noContainer(operation: TransitionOperation, kind: ContainerKind)
    /// A push, pop or tab without `--container` in a catalog with several of that kind (the first few named).
    case severalContainers(operation: TransitionOperation, kind: ContainerKind, candidates: [String], more: Bool)

    public var description: String {
        switch self {
        case let .notFound(kind, name, suggestion):
            "no \(kind.rawValue) named '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case let .ambiguous(kind, name, candidates):
            "the \(kind.rawValue) name '\(name)' is ambiguous: write one of \(candidates.map { "'\($0)'" }.joined(separator: ", "))"
        case let .noRoute(key):
            "no route \(key) (see `transdb list routes`)"
        case let .noContainer(operation, kind):
            "\(operation.rawValue) needs a \(kind.rawValue) container and the catalog has none; add one with `transdb add container NAME --kind \(kind.rawValue)`"
        case let .severalContainers(operation, kind, candidates, more):
            "\(operation.rawValue) needs a container: the catalog has several \(kind.rawValue) containers (\(candidates.joined(separator: ", "))\(more ? ", …" : "")); name one with --container, or a batch request's container"
        }
    }
}

/// The kinds of entry a catalog holds, as they are named in messages and on the command line.
public enum EntityKind: String, CaseIterable, Sendable {
    case library, curve, duration, preset, screen, container, delegate, route

    /// The kinds of entry a library holds, in the order listings count them.
    public static let inLibrary: [EntityKind] = [.curve, .duration, .preset, .screen, .container, .delegate, .route]
}
