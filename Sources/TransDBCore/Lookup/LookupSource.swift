/// The narrow view of a catalog that UIKit's lookup reads (``TransitionLookup``): entries by
/// name or id, and the mappings that match a route. A catalog on disk implements it with index
/// probes; an app's in-memory catalog with dictionaries. Sources only read: every rule of the
/// lookup is in ``TransitionLookup``, which also remembers what it has read.
///
/// Ids are the source's own keys; the lookup only passes them back.
public protocol LookupSource {
    /// The screen `name` refers to, `nil` when the catalog has none.
    ///
    /// - Throws: ``LookupError/ambiguous(kind:name:candidates:)`` for a bare name found in
    ///   several libraries; whatever reading the source throws.
    mutating func screen(_ name: QualifiedName) throws -> LookupScreen?

    /// The container `name` refers to, `nil` when the catalog has none.
    mutating func container(_ name: QualifiedName) throws -> LookupContainer?

    /// The first `limit` containers of `kind` by qualified name.
    mutating func containers(kind: ContainerKind, limit: Int) throws -> [LookupContainer]

    /// The delegate with id `id`.
    mutating func delegate(id: Int64) throws -> LookupDelegate

    /// Whether delegate `id` has a mapping for any of `operations`: whether it implements the
    /// animator method that answers them.
    mutating func hasMappings(delegateID: Int64, for operations: [TransitionOperation]) throws -> Bool

    /// The mappings of delegate `delegateID` for `operation` that match a route, most specific
    /// first (both sides named, then one, then none), ties by id.
    ///
    /// - Parameters:
    ///   - from: The id of the screen being left; `nil` matches only wildcard sides.
    ///   - to: The id of the screen being shown; `nil` matches only wildcard sides.
    ///   - all: Every match (for the explanation), or only the first.
    mutating func mappings(delegateID: Int64, operation: TransitionOperation, from: Int64?, to: Int64?, all: Bool) throws
        -> [LookupMapping]

    /// The qualified name of screen `id`.
    mutating func screenName(id: Int64) throws -> QualifiedName

    /// Preset `id`, with its tracks: the engine plays what the lookup returns.
    mutating func preset(id: Int64) throws -> Preset

    /// Preset `id` in the box the lookup keeps it in. Sources that several lookups read at once
    /// (the lanes of a batch) give each the same box, so that a preset is held once.
    mutating func presetBox(id: Int64) throws -> Boxed<Preset>

    /// The closest existing name, for "did you mean" in a strict lookup's error.
    mutating func suggestion(_ kind: EntityKind, _ name: QualifiedName) throws -> String?

    /// Whether finding a screen or a container by name, a delegate by id, or whether a delegate
    /// has mappings, costs about what remembering it would (a mapped store's read): the lookup
    /// then does not remember them. On a large catalog those memos only add memory and cache misses: their
    /// hash tables are read at random, as the source's own tables are.
    var readsQuickly: Bool { get }
}

extension LookupSource {
    public var readsQuickly: Bool { false }

    public mutating func presetBox(id: Int64) throws -> Boxed<Preset> { Boxed(wrappedValue: try preset(id: id)) }
}

/// A screen as the lookup needs it.
public struct LookupScreen: Hashable, Sendable {
    public var id: Int64
    public var name: QualifiedName
    public var modalStyle: ModalTransitionStyle
    public var presentationStyle: ModalPresentationStyle
    public var delegateID: Int64?

    /// Creates a screen.
    public init(
        id: Int64, name: QualifiedName, modalStyle: ModalTransitionStyle, presentationStyle: ModalPresentationStyle, delegateID: Int64?
    ) {
        self.id = id
        self.name = name
        self.modalStyle = modalStyle
        self.presentationStyle = presentationStyle
        self.delegateID = delegateID
    }
}

/// A navigation or tab bar controller as the lookup needs it.
public struct LookupContainer: Hashable, Sendable {
    public var id: Int64
    public var name: QualifiedName
    public var kind: ContainerKind
    public var delegateID: Int64?

    /// Creates a container.
    public init(id: Int64, name: QualifiedName, kind: ContainerKind, delegateID: Int64?) {
        self.id = id
        self.name = name
        self.kind = kind
        self.delegateID = delegateID
    }
}

/// A delegate as the lookup needs it.
public struct LookupDelegate: Hashable, Sendable {
    public var name: QualifiedName
    /// A weak reference whose object is gone: UIKit sees no delegate.
    public var released: Bool

    /// Creates a delegate.
    public init(name: QualifiedName, released: Bool) {
        self.name = name
        self.released = released
    }
}

/// A mapping that matches a route, by ids.
public struct LookupMapping: Hashable, Sendable {
    public var id: Int64
    /// `nil` is the wildcard.
    public var fromScreenID: Int64?
    /// `nil` is the wildcard.
    public var toScreenID: Int64?
    /// `nil` is an explicit `nil`: the system default.
    public var presetID: Int64?
    public var interactionID: Int64?

    /// Creates a mapping.
    public init(id: Int64, fromScreenID: Int64?, toScreenID: Int64?, presetID: Int64?, interactionID: Int64?) {
        self.id = id
        self.fromScreenID = fromScreenID
        self.toScreenID = toScreenID
        self.presetID = presetID
        self.interactionID = interactionID
    }

    /// How many sides name a screen: the lookup's order.
    public var specificity: Int { (fromScreenID == nil ? 0 : 1) + (toScreenID == nil ? 0 : 1) }
}
