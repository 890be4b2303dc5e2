/// UIKit's delegate lookup for a transition (see `uikit-semantics.md`), the one implementation
/// that `resolve`, `resolve --batch`, `eval` and an app's delegates all run:
///
/// 1. Find the object UIKit asks: the presented screen's `transitioningDelegate` (present), the
///    dismissed screen's (dismiss), the navigation controller's delegate (push, pop) or the tab
///    bar controller's (tab). Delegates are weak: a released one is the same as none.
/// 2. No delegate, or one that does not implement the animator method: the system default.
/// 3. Otherwise the most specific mapping for the route answers; no mapping means the method
///    returns `nil`, and a mapping may return `nil` explicitly: both give the system default.
/// 4. Only when an animator was returned is the interaction controller asked.
///
/// It reads through a ``LookupSource`` and remembers what it read (screens, containers,
/// delegates, presets), so that a run of requests costs little more than the source's mapping
/// probes. Call ``forget()`` when the source's catalog changes.
public struct TransitionLookup {
    /// What the lookup reads. (An existential rather than a generic parameter: the lookup runs
    /// in other modules, where a generic one would be called unspecialised.)
    public var source: any LookupSource
    /// Each memo holds at most this many entries, so that a long batch over a catalog of
    /// millions of screens keeps its memory flat: a full memo starts again.
    public let memoLimit: Int
    /// The presets' memo holds at most this many: a preset is a thousand bytes or more, where a
    /// screen's or a delegate's entry is tens.
    public let presetMemoLimit: Int
    private var memo = Memo()

    /// A lookup reading `source`, remembering at most `memoLimit` entries of each kind, and of
    /// presets at most `presetMemoLimit` (`memoLimit` when not given).
    public init(source: any LookupSource, memoLimit: Int = 1 << 17, presetMemoLimit: Int? = nil) {
        self.source = source
        self.memoLimit = max(1, memoLimit)
        self.presetMemoLimit = max(1, presetMemoLimit ?? memoLimit)
    }

    /// Drops what was remembered: the catalog behind the source has changed.
    public mutating func forget() {
        memo = Memo()
    }

    /// Resolves one request.
    ///
    /// - Parameters:
    ///   - strict: Refuse screens and containers that are not in the catalog instead of treating
    ///     them, as UIKit would, as controllers without a delegate.
    ///   - explain: Narrate each step in ``Resolution/explanation``; the answer is the same.
    /// - Throws: ``ModelError`` for a malformed name, ``LookupError`` for a name that is not
    ///   found (strict only) or ambiguous, or a container that cannot be chosen; whatever the
    ///   source throws when it cannot read.
    public mutating func resolve(_ request: LookupRequest, strict: Bool = false, explain: Bool = true) throws -> Resolution {
        var run = Run(request: request, strict: strict, narration: explain ? Narration() : nil)
        try run.resolve(in: &self)
        run.result.explanation = run.narration?.steps ?? []
        return run.result
    }

    // MARK: What was read, by name or id

    private struct Memo {
        var screens = MemoTable<String, LookupScreen?>()
        var containers = MemoTable<String, LookupContainer?>()
        /// By ``ContainerKind/ordinal``.
        var containersOfKind = IDMemoTable<[LookupContainer]>()
        var delegates = IDMemoTable<LookupDelegate>()
        /// By ``methodKey(delegateID:_:)``.
        var methods = IDMemoTable<Bool>()
        /// Boxed: a preset is large, and every answer that plays it shares this one.
        var presets = IDMemoTable<Boxed<Preset>>()
        var screenNames = IDMemoTable<QualifiedName>()
    }

    /// An integer key where a struct or an enum would do: the memos by id (``IDMemoTable``) hash
    /// integers themselves, where a `Dictionary` keyed by a new type would have the Swift runtime
    /// search the whole binary for that type's `Hashable` conformance (about 400,000 instructions,
    /// 3 % of a single `resolve`).
    private static func methodKey(delegateID: Int64, _ operation: TransitionOperation) -> Int64 {
        // Push and pop share one method.
        let asked = operation == .pop ? .push : operation
        return delegateID &* 8 &+ Int64(asked.ordinal)
    }

    /// - Parameter role: `from` or `to`, for the message when the name is refused.
    fileprivate mutating func screen(_ raw: String, role: String) throws -> LookupScreen? {
        if let known = memo.screens[raw] { return known }
        if raw == "*" {
            throw ModelError.invalidValue(
                field: "\(role) screen", value: raw, reason: "a route to resolve names real screens; '*' is only for mappings")
        }
        // The field is worded only for an error: a batch looks up two screens a request.
        let found = try source.screen(QualifiedName(parsing: raw, field: "\(role) screen"))
        if !source.readsQuickly { memo.screens.remember(found, for: raw, limit: memoLimit) }
        return found
    }

    fileprivate mutating func container(_ raw: String) throws -> LookupContainer? {
        if let known = memo.containers[raw] { return known }
        if raw == "*" {
            throw ModelError.invalidValue(field: "container", value: raw, reason: "a route to resolve names a real container; '*' is only for mappings' screens")
        }
        let found = try source.container(QualifiedName(parsing: raw, field: "container"))
        if !source.readsQuickly { memo.containers.remember(found, for: raw, limit: memoLimit) }
        return found
    }

    /// The first few containers of `kind`, for a request that names none.
    fileprivate mutating func containers(kind: ContainerKind) throws -> [LookupContainer] {
        let key = Int64(kind.ordinal)
        if let known = memo.containersOfKind[key] { return known }
        let found = try source.containers(kind: kind, limit: 6)
        memo.containersOfKind.remember(found, for: key, limit: memoLimit)
        return found
    }

    fileprivate mutating func delegate(id: Int64) throws -> LookupDelegate {
        if source.readsQuickly { return try source.delegate(id: id) }
        if let known = memo.delegates[id] { return known }
        let found = try source.delegate(id: id)
        memo.delegates.remember(found, for: id, limit: memoLimit)
        return found
    }

    fileprivate mutating func implements(delegateID: Int64, _ operation: TransitionOperation) throws -> Bool {
        if source.readsQuickly { return try source.hasMappings(delegateID: delegateID, for: operation.sameMethod) }
        let key = Self.methodKey(delegateID: delegateID, operation)
        if let known = memo.methods[key] { return known }
        let found = try source.hasMappings(delegateID: delegateID, for: operation.sameMethod)
        memo.methods.remember(found, for: key, limit: memoLimit)
        return found
    }

    fileprivate mutating func preset(id: Int64) throws -> Boxed<Preset> {
        if let known = memo.presets[id] { return known }
        let found = try source.presetBox(id: id)
        memo.presets.remember(found, for: id, limit: presetMemoLimit)
        return found
    }

    fileprivate mutating func screenName(id: Int64) throws -> QualifiedName {
        if let known = memo.screenNames[id] { return known }
        let found = try source.screenName(id: id)
        memo.screenNames.remember(found, for: id, limit: memoLimit)
        return found
    }
}

/// One kind of what the lookup has read, by key. (Each kind is read and remembered in its own
/// method rather than through one generic helper over key paths: projecting a key path at run
/// time cost about a tenth of a batch's time.)
private struct MemoTable<Key: Hashable, Value> {
    private var values: [Key: Value] = [:]

    subscript(key: Key) -> Value? { values[key] }

    /// Remembers `value`; a full table starts again, so that memory stays flat.
    mutating func remember(_ value: Value, for key: Key, limit: Int) {
        if values.count >= limit { values.removeAll(keepingCapacity: true) }
        values[key] = value
    }
}

/// The explanation of a lookup, one sentence a step. A reference, so that narrating does not
/// count as changing the run; absent, nothing is worded.
private final class Narration {
    var steps: [String] = []
}

/// One request, step by step, narrating as it goes when asked to.
private struct Run {
    let request: LookupRequest
    let strict: Bool
    let narration: Narration?
    var result: Resolution

    init(request: LookupRequest, strict: Bool, narration: Narration?) {
        self.request = request
        self.strict = strict
        self.narration = narration
        result = Resolution(request: request)
    }

    private var explain: Bool { narration != nil }

    private func say(_ step: @autoclosure () -> String) {
        narration?.steps.append(step())
    }

    mutating func resolve(in lookup: inout TransitionLookup) throws {
        let operation = request.operation
        let fromScreen = try screen(request.from, role: "from", in: &lookup)
        // UIKit does not tell a dismiss's delegate the destination, so a dismiss never looks it up
        // (an ambiguous or unknown name changes nothing); a name given is still spelt as one.
        let toScreen: LookupScreen?
        if operation == .dismiss {
            if request.to != "*" { _ = try QualifiedName(parsing: request.to, field: "to screen") }
            toScreen = nil
        } else {
            toScreen = try screen(request.to, role: "to", in: &lookup)
        }
        // The controller whose modal style picks the default: the one presented or dismissed.
        var modalStyle = ModalTransitionStyle.coverVertical
        let delegateID: Int64?
        switch operation {
        case .present, .dismiss:
            let (asked, askedName) = operation == .present ? (toScreen, request.to) : (fromScreen, request.from)
            if operation == .present {
                say("present: UIKit asks the presented screen '\(askedName)' for its transitioningDelegate (presenting: '\(request.from)')")
            } else {
                say(
                    "dismiss: UIKit asks the dismissed screen '\(askedName)' for its transitioningDelegate; animationController(forDismissed:) sees only '\(askedName)'\(request.to == "*" ? "" : ", not the destination '\(request.to)'")"
                )
            }
            if let asked {
                modalStyle = asked.modalStyle
                delegateID = try delegate(
                    of: asked.delegateID, owner: "screen '\(asked.name)'", property: "transitioningDelegate", in: &lookup)
                // UIKit asks for the presentation controller when it presents, and only a live delegate.
                if operation == .present, asked.presentationStyle == .custom, delegateID != nil {
                    say(
                        "'\(askedName)' has modalPresentationStyle custom: its delegate's presentationController(forPresented:presenting:source:) supplies the presentation controller"
                    )
                }
            } else {
                delegateID = nil
                say(
                    "'\(askedName)' is not in the catalog: it is treated as a controller with no transitioningDelegate and UIKit's default styles"
                )
            }
        case .push, .pop, .tab:
            if let container = try container(kind: operation.containerKind ?? .navigation, in: &lookup) {
                result.container = container.name
                say(
                    "\(operation.rawValue): UIKit asks the \(container.kind == .navigation ? "navigation" : "tab bar") controller '\(container.name)' for its delegate"
                )
                delegateID = try delegate(
                    of: container.delegateID, owner: "container '\(container.name)'", property: "delegate", in: &lookup)
            } else {
                delegateID = nil
            }
        }

        if let delegateID {
            try ask(delegateID: delegateID, from: fromScreen, to: toScreen, in: &lookup)
        }
        if result.$animator.isNil {
            let fallback = SystemTransition.forOperation(operation, modalStyle: modalStyle)
            result.systemDefault = fallback
            say(
                "animator is nil: UIKit plays the system default \(fallback.rawValue)\(operation.containerKind == nil ? " (modalTransitionStyle \(modalStyle.rawValue))" : ""): \(fallback.summary(for: operation))"
            )
        }
    }

    // MARK: Steps

    private mutating func screen(_ name: String, role: String, in lookup: inout TransitionLookup) throws -> LookupScreen? {
        if let found = try lookup.screen(name, role: role) { return found }
        if strict {
            let reference = try QualifiedName(parsing: name, field: "\(role) screen")
            throw LookupError.notFound(kind: .screen, name: name, suggestion: try lookup.source.suggestion(.screen, reference))
        }
        // `present A → A` names one unknown screen, once.
        if !result.unknownNames.contains(name) { result.unknownNames.append(name) }
        return nil
    }

    private mutating func container(kind: ContainerKind, in lookup: inout TransitionLookup) throws -> LookupContainer? {
        let operation = request.operation
        let found: LookupContainer
        if let given = request.container {
            guard let named = try lookup.container(given) else {
                if strict {
                    let reference = try QualifiedName(parsing: given, field: "container")
                    throw LookupError.notFound(
                        kind: .container, name: given, suggestion: try lookup.source.suggestion(.container, reference))
                }
                result.unknownNames.append(given)
                say(
                    "\(operation.rawValue): the container '\(given)' is not in the catalog: it is treated as a \(kind.rawValue) controller with no delegate"
                )
                return nil
            }
            found = named
        } else {
            let candidates = try lookup.containers(kind: kind)
            guard candidates.count == 1 else {
                if candidates.isEmpty { throw LookupError.noContainer(operation: operation, kind: kind) }
                throw LookupError.severalContainers(
                    operation: operation, kind: kind, candidates: candidates.prefix(5).map { $0.name.description },
                    more: candidates.count > 5)
            }
            found = candidates[0]
            say("no --container given: using the only \(kind.rawValue) container, '\(found.name)'")
        }
        guard found.kind == kind else {
            throw ModelError.invalidValue(
                field: "container", value: found.name.description,
                reason: "it is a \(found.kind.rawValue) container; \(operation.rawValue) needs a \(kind.rawValue) container")
        }
        return found
    }

    /// The delegate UIKit reaches through a weak reference, or `nil`.
    private mutating func delegate(
        of id: Int64?, owner: @autoclosure () -> String, property: String, in lookup: inout TransitionLookup
    ) throws -> Int64? {
        guard let id else {
            say("\(owner()) has no \(property)")
            return nil
        }
        let delegate = try lookup.delegate(id: id)
        if delegate.released {
            say("the \(property) of \(owner()), '\(delegate.name)', has been released: the weak reference is nil, as if there were no delegate")
            return nil
        }
        result.delegate = delegate.name
        say("\(property) is '\(delegate.name)'")
        return id
    }

    private mutating func ask(
        delegateID: Int64, from: LookupScreen?, to: LookupScreen?, in lookup: inout TransitionLookup
    ) throws {
        let operation = request.operation
        let delegateName = result.delegate ?? QualifiedName(library: nil, name: "#\(delegateID)")
        guard try lookup.implements(delegateID: delegateID, operation) else {
            say(
                "'\(delegateName)' does not implement \(operation.animatorMethod) (it has no \(operation.sameMethod.map(\.rawValue).joined(separator: "/")) mappings)"
            )
            return
        }
        say("UIKit calls '\(delegateName)'.\(operation.animatorMethod)")
        // Unknown screens match only wildcards; dismiss sees no destination at all.
        let matches = try lookup.source.mappings(
            delegateID: delegateID, operation: operation, from: from?.id, to: operation == .dismiss ? nil : to?.id, all: explain)
        guard let match = matches.first else {
            say(
                "no \(operation.rawValue) mapping of '\(delegateName)' matches \(operation == .dismiss ? "'\(request.from)'" : "\(request.from) → \(request.to)"): the method returns nil"
            )
            return
        }
        let animator = try match.presetID.map { try lookup.preset(id: $0) }
        let interaction = animator == nil ? nil : try match.interactionID.map { try lookup.preset(id: $0) }
        let mapping = try routeMapping(match, delegate: delegateName, from: from, to: to, in: &lookup)
        result.mapping = mapping
        if explain {
            let specificity = ["both sides wildcards", "one side a wildcard", "exact"][match.specificity]
            if matches.count > 1 {
                var others: [String] = []
                for other in matches.dropFirst() {
                    let otherMapping = try routeMapping(other, delegate: delegateName, from: from, to: to, in: &lookup)
                    others.append("#\(other.id) \(otherMapping.routeDescription)")
                }
                say(
                    "mapping #\(match.id) \(mapping.routeDescription) matches (\(specificity)); it is more specific than \(others.joined(separator: ", "))"
                )
            } else {
                say("mapping #\(match.id) \(mapping.routeDescription) matches (\(specificity))")
            }
        }
        guard let animator else {
            say("mapping #\(match.id) returns nil explicitly")
            say("no animator: UIKit does not ask for an interaction controller")
            return
        }
        result.$animator = animator
        if explain, let animator = animator.wrappedValue {
            say(
                "it returns the animator '\(animator.qualifiedName)' (\(animator.kind.rawValue), \(animator.duration.shortestDescription) s, \(animator.curve))"
            )
        }
        if operation == .dismiss || operation == .pop {
            say("the animator plays forward as the \(operation.rawValue): 'from' is the controller going away, 'to' the one appearing")
        }
        say("UIKit calls '\(delegateName)'.\(operation.interactionMethod) with that animator")
        if let interaction {
            result.$interaction = interaction
            if explain, let interaction = interaction.wrappedValue {
                say("it returns the interaction controller '\(interaction.qualifiedName)': the transition is interactive (percent-driven)")
            }
        } else {
            say("it returns nil: the transition is not interactive")
        }
        if operation == .pop && interaction == nil {
            say(
                "warning: a custom pop without an interaction controller disables the system's swipe-back gesture for this route (radar 15215690)"
            )
        }
    }

    /// The mapping by name. A side that matched names the request's own screen, so its name is
    /// known without reading it again.
    private func routeMapping(
        _ match: LookupMapping, delegate: QualifiedName, from: LookupScreen?, to: LookupScreen?, in lookup: inout TransitionLookup
    ) throws -> RouteMapping {
        func side(_ id: Int64?, _ screen: LookupScreen?) throws -> ScreenPattern {
            guard let id else { return .any }
            if let screen, screen.id == id { return .screen(screen.name) }
            return .screen(try lookup.screenName(id: id))
        }
        return RouteMapping(
            id: match.id, delegate: delegate, operation: request.operation, from: try side(match.fromScreenID, from),
            to: try side(match.toScreenID, to),
            preset: try match.presetID.flatMap { try lookup.preset(id: $0).map(\.qualifiedName) },
            interaction: try match.interactionID.flatMap { try lookup.preset(id: $0).map(\.qualifiedName) })
    }
}
