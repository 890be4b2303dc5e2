/// Changes to an existing curve, screen, container, delegate or library, as `transdb set` gives
/// them: each field `nil` is left as it is. Each is applied to the stored value and the result
/// is checked by the same rule as a new entry (`validated()`).
public struct CurveEdit: Sendable {
    public var curve: TimingCurve?
    public var description: String?
    /// Deprecates the curve (`""`: without a reason); see ``removesDeprecation``.
    public var deprecated: String?
    /// The curve is no longer deprecated.
    public var removesDeprecation = false
    /// Makes the curve an alias of this one (a new ``curve`` makes it a curve of its own again).
    public var aliasOf: QualifiedName?

    /// An edit of these fields.
    public init(
        curve: TimingCurve? = nil, description: String? = nil, deprecated: String? = nil, removesDeprecation: Bool = false,
        aliasOf: QualifiedName? = nil
    ) {
        self.curve = curve
        self.description = description
        self.deprecated = deprecated
        self.removesDeprecation = removesDeprecation
        self.aliasOf = aliasOf
    }

    /// The curve with this edit applied.
    public func applied(to curve: NamedCurve) -> NamedCurve {
        var changed = curve
        if let new = self.curve {
            changed.curve = new
            changed.aliasOf = nil
        }
        if let aliasOf { changed.aliasOf = aliasOf }
        if let description { changed.description = description }
        if removesDeprecation { changed.deprecated = nil }
        if let deprecated { changed.deprecated = deprecated }
        return changed
    }
}

/// A change to a named duration (see ``CurveEdit``): the presets using it follow.
public struct DurationEdit: Sendable {
    public var seconds: Double?
    public var description: String?
    /// Deprecates the duration (`""`: without a reason); see ``removesDeprecation``.
    public var deprecated: String?
    /// The duration is no longer deprecated.
    public var removesDeprecation = false

    /// An edit of these fields.
    public init(seconds: Double? = nil, description: String? = nil, deprecated: String? = nil, removesDeprecation: Bool = false) {
        self.seconds = seconds
        self.description = description
        self.deprecated = deprecated
        self.removesDeprecation = removesDeprecation
    }

    /// The duration with this edit applied, checked by ``NamedDuration/validated()``.
    ///
    /// - Throws: ``ModelError`` for seconds out of range.
    public func applied(to duration: NamedDuration) throws -> NamedDuration {
        var changed = duration
        if let seconds { changed.seconds = seconds }
        if let description { changed.description = description }
        if removesDeprecation { changed.deprecated = nil }
        if let deprecated { changed.deprecated = deprecated }
        return try changed.validated()
    }
}

/// A change to a screen (see ``CurveEdit``).
public struct ScreenEdit: Sendable {
    /// A new transitioningDelegate; see ``removesDelegate``.
    public var delegate: QualifiedName?
    /// Leaves the screen without a transitioningDelegate.
    public var removesDelegate = false
    public var modalStyle: ModalTransitionStyle?
    public var presentationStyle: ModalPresentationStyle?
    public var description: String?

    /// An edit that changes nothing.
    public init() {}

    /// The screen with this edit applied, checked by ``Screen/validated()``.
    ///
    /// - Throws: ``ModelError`` for styles UIKit does not allow together.
    public func applied(to screen: Screen) throws -> Screen {
        var changed = screen
        if removesDelegate { changed.delegate = nil }
        if let delegate { changed.delegate = delegate }
        if let modalStyle { changed.modalStyle = modalStyle }
        if let presentationStyle { changed.presentationStyle = presentationStyle }
        if let description { changed.description = description }
        return try changed.validated()
    }
}

/// A change to a container (see ``CurveEdit``).
public struct ContainerEdit: Sendable {
    public var kind: ContainerKind?
    /// A new delegate; see ``removesDelegate``.
    public var delegate: QualifiedName?
    /// Leaves the container without a delegate.
    public var removesDelegate = false
    public var description: String?

    /// An edit that changes nothing.
    public init() {}

    /// The container with this edit applied.
    public func applied(to container: Container) -> Container {
        var changed = container
        if let kind { changed.kind = kind }
        if removesDelegate { changed.delegate = nil }
        if let delegate { changed.delegate = delegate }
        if let description { changed.description = description }
        return changed
    }
}

/// A change to a delegate (see ``CurveEdit``).
public struct DelegateEdit: Sendable {
    public var released: Bool?
    public var description: String?

    /// An edit of these fields.
    public init(released: Bool? = nil, description: String? = nil) {
        self.released = released
        self.description = description
    }

    /// The delegate with this edit applied.
    public func applied(to delegate: Delegate) -> Delegate {
        var changed = delegate
        if let released { changed.released = released }
        if let description { changed.description = description }
        return changed
    }
}

/// A change to a library's version, description or tokens schema (see ``CurveEdit``).
public struct LibraryEdit: Sendable {
    public var version: String?
    public var description: String?
    /// A new tokens schema; `.some(nil)` removes it.
    public var tokensSchema: String??

    /// An edit of these fields.
    public init(version: String? = nil, description: String? = nil, tokensSchema: String?? = nil) {
        self.version = version
        self.description = description
        self.tokensSchema = tokensSchema
    }

    /// The library with this edit applied, checked by ``Library/validated()``.
    ///
    /// - Throws: ``ModelError`` for an invalid version.
    public func applied(to library: Library) throws -> Library {
        var changed = library
        if let version { changed.version = version }
        if let description { changed.description = description }
        if let tokensSchema { changed.tokensSchema = tokensSchema }
        return try changed.validated()
    }
}

/// A change to what a route returns (see ``CurveEdit``).
public struct RouteEdit: Sendable {
    /// A new animator; see ``returnsNil``.
    public var preset: QualifiedName?
    /// The delegate returns `nil` explicitly (which also removes the interaction controller).
    public var returnsNil = false
    /// A new interaction controller; see ``removesInteraction``.
    public var interaction: QualifiedName?
    /// The delegate returns no interaction controller.
    public var removesInteraction = false

    /// An edit that changes nothing.
    public init() {}

    /// The mapping with this edit applied, checked by ``RouteMapping/validate()``.
    ///
    /// - Throws: ``ModelError`` for an interaction controller without an animator.
    public func applied(to route: RouteMapping) throws -> RouteMapping {
        var changed = route
        if returnsNil {
            changed.preset = nil
            if interaction == nil { changed.interaction = nil }
        }
        if let preset { changed.preset = preset }
        if removesInteraction { changed.interaction = nil }
        if let interaction { changed.interaction = interaction }
        try changed.validate()
        return changed
    }
}

/// A route named by its key rather than its id: the delegate (any when `nil`), the operation
/// and the two screens or wildcards.
public struct RouteKey: Hashable, Sendable, CustomStringConvertible {
    public var delegate: QualifiedName?
    public var operation: TransitionOperation
    public var from: ScreenPattern
    public var to: ScreenPattern

    /// A key of these parts.
    public init(delegate: QualifiedName?, operation: TransitionOperation, from: ScreenPattern, to: ScreenPattern) {
        self.delegate = delegate
        self.operation = operation
        self.from = from
        self.to = to
    }

    /// `present Feed → Detail on DetailTransitions`.
    public var description: String {
        "\(operation.rawValue) \(from) → \(to)" + (delegate.map { " on \($0)" } ?? "")
    }
}

/// How a command names a route: its id, or its key.
public enum RouteSelector: Hashable, Sendable {
    case id(Int64)
    case key(RouteKey)
}
