/// A delegate object: a `transitioningDelegate`, a `UINavigationControllerDelegate` or a
/// `UITabBarControllerDelegate`, whose answers are its route mappings.
public struct Delegate: Hashable, Sendable {
    public var library: String
    public var name: String
    /// The delegate was held weakly and is gone: UIKit sees no delegate at all.
    public var released: Bool
    public var description: String

    /// Creates a delegate.
    public init(library: String, name: String, released: Bool = false, description: String = "") {
        self.library = library
        self.name = name
        self.released = released
        self.description = description
    }

    /// `library/name`.
    public var qualifiedName: QualifiedName { QualifiedName(library: library, name: name) }
}

/// The transition operations UIKit asks delegates about.
public enum TransitionOperation: String, CaseIterable, Hashable, Sendable {
    case present, dismiss, push, pop, tab

    /// The operation's place in `allCases`, for integer keys (without building `allCases`, an
    /// array, on every request).
    package var ordinal: Int {
        switch self {
        case .present: 0
        case .dismiss: 1
        case .push: 2
        case .pop: 3
        case .tab: 4
        }
    }

    /// The raw value as a literal, for writers that copy bytes without going through `String`.
    package var rawValueLiteral: StaticString {
        switch self {
        case .present: "present"
        case .dismiss: "dismiss"
        case .push: "push"
        case .pop: "pop"
        case .tab: "tab"
        }
    }

    /// The delegate method UIKit calls for the animator.
    public var animatorMethod: String {
        switch self {
        case .present: "animationController(forPresented:presenting:source:)"
        case .dismiss: "animationController(forDismissed:)"
        case .push, .pop: "navigationController(_:animationControllerFor:from:to:)"
        case .tab: "tabBarController(_:animationControllerForTransitionFrom:to:)"
        }
    }

    /// The delegate method UIKit calls for the interaction controller, once it has an animator.
    public var interactionMethod: String {
        switch self {
        case .present: "interactionControllerForPresentation(using:)"
        case .dismiss: "interactionControllerForDismissal(using:)"
        case .push, .pop: "navigationController(_:interactionControllerFor:)"
        case .tab: "tabBarController(_:interactionControllerFor:)"
        }
    }

    /// The operations answered by the same animator method (push and pop share one).
    public var sameMethod: [TransitionOperation] {
        switch self {
        case .push, .pop: [.push, .pop]
        default: [self]
        }
    }

    /// The container kind the operation needs, if any.
    public var containerKind: ContainerKind? {
        switch self {
        case .present, .dismiss: nil
        case .push, .pop: .navigation
        case .tab: .tab
        }
    }
}

/// A side of a route: a screen, or `*` for any screen.
public enum ScreenPattern: Hashable, Sendable, CustomStringConvertible {
    case any
    case screen(QualifiedName)

    /// Parses `*` or a screen name.
    public init(parsing text: String, field: String) throws {
        self = text == "*" ? .any : .screen(try QualifiedName(parsing: text, field: field))
    }

    /// `*` or the screen's name.
    public var description: String {
        switch self {
        case .any: "*"
        case let .screen(name): name.description
        }
    }

    /// 1 for a screen, 0 for the wildcard.
    var specificity: Int { self == .any ? 0 : 1 }
}

/// One answer of a delegate: for `operation` from `from` to `to`, return `preset`
/// (`nil` = an explicit `nil`, the system default) and, optionally, `interaction`.
public struct RouteMapping: Hashable, Sendable {
    /// The mapping's id in the catalog, stable while it exists.
    public var id: Int64?
    public var delegate: QualifiedName
    public var operation: TransitionOperation
    public var from: ScreenPattern
    public var to: ScreenPattern
    public var preset: QualifiedName?
    public var interaction: QualifiedName?

    /// Creates a mapping.
    public init(
        id: Int64? = nil, delegate: QualifiedName, operation: TransitionOperation, from: ScreenPattern,
        to: ScreenPattern, preset: QualifiedName?, interaction: QualifiedName? = nil
    ) {
        self.id = id
        self.delegate = delegate
        self.operation = operation
        self.from = from
        self.to = to
        self.preset = preset
        self.interaction = interaction
    }

    /// 2 when both sides name a screen, 1 for one wildcard, 0 for `* → *`.
    public var specificity: Int { from.specificity + to.specificity }

    /// `present List → Detail`.
    public var routeDescription: String { "\(operation.rawValue) \(from) → \(to)" }
}
