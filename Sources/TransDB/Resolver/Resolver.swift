import GRDB

/// Mimics UIKit's delegate lookup for a transition (see `uikit-semantics.md`):
///
/// 1. Find the object UIKit asks: the presented screen's `transitioningDelegate` (present), the
///    dismissed screen's (dismiss), the navigation controller's delegate (push, pop) or the tab
///    bar controller's (tab). Delegates are weak: a released one is the same as none.
/// 2. No delegate, or one that does not implement the animator method: the system default.
/// 3. Otherwise the most specific mapping for the route answers; no mapping means the method
///    returns `nil`, and a mapping may return `nil` explicitly: both give the system default.
/// 4. Only when an animator was returned is the interaction controller asked.
public struct Resolver: Sendable {
    /// A request: the operation and the route, as names.
    public struct Request: Hashable, Sendable {
        public var operation: TransitionOperation
        public var from: String
        public var to: String
        public var container: String?

        /// Creates a request.
        public init(operation: TransitionOperation, from: String, to: String, container: String? = nil) {
            self.operation = operation
            self.from = from
            self.to = to
            self.container = container
        }
    }

    let catalog: Catalog

    /// A resolver over `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Resolves one request.
    ///
    /// - Parameter strict: Refuse screens and containers that are not in the catalog instead of
    ///   treating them, as UIKit would, as controllers without a delegate.
    /// - Throws: ``CatalogError``: `.notFound` (strict only), `.ambiguous`, `.invalidValue`.
    public func resolve(_ request: Request, strict: Bool = false) throws -> Resolution {
        try catalog.read { db in try Resolver.resolve(request, strict: strict, in: db) }
    }

    /// Resolves one request in a read the caller has open (the batch resolver's, which answers
    /// here whatever its quick path leaves, so that both give the same answers and errors).
    static func resolve(_ request: Request, strict: Bool, in db: Database) throws -> Resolution {
        var lookup = Lookup(db: db, request: request, strict: strict)
        return try lookup.run()
    }
}

/// One lookup, step by step, collecting the explanation as it goes.
private struct Lookup {
    let db: Database
    let request: Resolver.Request
    let strict: Bool
    var result: Resolution

    init(db: Database, request: Resolver.Request, strict: Bool) {
        self.db = db
        self.request = request
        self.strict = strict
        result = Resolution(
            operation: request.operation, from: request.from, to: request.to, container: nil, delegate: nil,
            mapping: nil, animator: nil, interaction: nil, systemDefault: nil, unknownNames: [], explanation: [])
    }

    private mutating func say(_ step: String) { result.explanation.append(step) }

    mutating func run() throws -> Resolution {
        let operation = request.operation
        let fromScreen = try screen(request.from, role: "from")
        let toScreen = try screen(request.to, role: "to")
        // The controller whose modal style picks the default: the one presented or dismissed.
        var modalStyle = ModalTransitionStyle.coverVertical
        let delegateID: Int64?
        switch operation {
        case .present, .dismiss:
            let (asked, askedName) = operation == .present ? (toScreen, request.to) : (fromScreen, request.from)
            if operation == .present {
                say("present: UIKit asks the presented screen '\(askedName)' for its transitioningDelegate (presenting: '\(request.from)')")
            } else {
                say("dismiss: UIKit asks the dismissed screen '\(askedName)' for its transitioningDelegate; animationController(forDismissed:) sees only '\(askedName)', not the destination '\(request.to)'")
            }
            if let asked {
                modalStyle = asked.modalStyle
                if asked.presentationStyle == .custom {
                    say("'\(askedName)' has modalPresentationStyle custom: its delegate's presentationController(forPresented:presenting:source:) supplies the presentation controller")
                }
                delegateID = try delegate(of: asked.delegateID, owner: "screen '\(asked.qualifiedName)'", property: "transitioningDelegate")
            } else {
                delegateID = nil
                say("'\(askedName)' is not in the catalog: it is treated as a controller with no transitioningDelegate and UIKit's default styles")
            }
        case .push, .pop, .tab:
            let kind = operation.containerKind ?? .navigation
            if let container = try container(kind: kind) {
                result.container = container.name
                say("\(operation.rawValue): UIKit asks the \(kind == .navigation ? "navigation" : "tab bar") controller '\(container.name)' for its delegate")
                delegateID = try delegate(of: container.delegateID, owner: "container '\(container.name)'", property: "delegate")
            } else {
                delegateID = nil
            }
        }

        if let delegateID {
            try ask(delegateID: delegateID, from: fromScreen?.id, to: toScreen?.id)
        }
        if result.animator == nil {
            let fallback = SystemTransition.forOperation(operation, modalStyle: modalStyle)
            result.systemDefault = fallback
            let reason =
                switch operation {
                case .present, .dismiss: " (modalTransitionStyle \(modalStyle.rawValue))"
                default: ""
                }
            say("animator is nil: UIKit plays the system default \(fallback.rawValue)\(reason): \(fallback.summary)")
        }
        return result
    }

    // MARK: Steps

    /// What the lookup needs of a screen, read in one query.
    private struct FoundScreen {
        var id: Int64
        var qualifiedName: QualifiedName
        var modalStyle: ModalTransitionStyle
        var presentationStyle: ModalPresentationStyle
        var delegateID: Int64?
    }

    private mutating func screen(_ name: String, role: String) throws -> FoundScreen? {
        if name == "*" {
            throw CatalogError.invalidValue(field: "\(role) screen", value: name, reason: "a route to resolve names real screens; '*' is only for mappings")
        }
        let reference = try QualifiedName(parsing: name, field: "\(role) screen")
        guard let id = try CatalogLookup.find(.screen, reference, db) else {
            if strict {
                throw CatalogError.notFound(kind: .screen, name: name, suggestion: try CatalogLookup.suggestion(.screen, reference, db))
            }
            result.unknownNames.append(name)
            return nil
        }
        guard let row = try Row.fetchOne(
            db,
            sql: """
                SELECT s.name, l.name AS library, s.delegate_id, s.modal_style, s.presentation_style
                FROM screen s JOIN library l ON l.id = s.library_id WHERE s.id = ?
                """,
            arguments: [id])
        else { return nil }
        return FoundScreen(
            id: id, qualifiedName: QualifiedName(library: row["library"], name: row["name"]),
            modalStyle: ModalTransitionStyle(rawValue: row["modal_style"]) ?? .coverVertical,
            presentationStyle: ModalPresentationStyle(rawValue: row["presentation_style"]) ?? .automatic,
            delegateID: row["delegate_id"])
    }

    private mutating func container(kind: ContainerKind) throws -> (name: QualifiedName, delegateID: Int64?)? {
        let kindName = kind == .navigation ? "navigation" : "tab"
        let id: Int64
        if let given = request.container {
            let reference = try QualifiedName(parsing: given, field: "container")
            guard let found = try CatalogLookup.find(.container, reference, db) else {
                if strict {
                    throw CatalogError.notFound(kind: .container, name: given, suggestion: try CatalogLookup.suggestion(.container, reference, db))
                }
                result.unknownNames.append(given)
                say("\(request.operation.rawValue): the container '\(given)' is not in the catalog: it is treated as a \(kindName) controller with no delegate")
                return nil
            }
            id = found
        } else {
            let candidates = try Row.fetchAll(
                db, sql: "SELECT c.id, l.name || '/' || c.name AS name FROM container c JOIN library l ON l.id = c.library_id WHERE c.kind = ? ORDER BY 2 LIMIT 6",
                arguments: [kind.rawValue])
            guard candidates.count == 1 else {
                let list = candidates.prefix(5).map { $0["name"] as String }.joined(separator: ", ")
                throw CatalogError.conflict(
                    candidates.isEmpty
                        ? "\(request.operation.rawValue) needs a \(kindName) container and the catalog has none; add one with `transdb add container NAME --kind \(kindName)`"
                        : "\(request.operation.rawValue) needs --container: the catalog has several \(kindName) containers (\(list)\(candidates.count > 5 ? ", …" : ""))")
            }
            id = candidates[0]["id"]
            say("no --container given: using the only \(kindName) container, '\(candidates[0]["name"] as String)'")
        }
        guard let row = try Row.fetchOne(
            db,
            sql: "SELECT c.name, l.name AS library, c.kind, c.delegate_id FROM container c JOIN library l ON l.id = c.library_id WHERE c.id = ?",
            arguments: [id])
        else { return nil }
        let name = QualifiedName(library: row["library"], name: row["name"])
        let actualKind: String = row["kind"]
        guard actualKind == kind.rawValue else {
            throw CatalogError.invalidValue(
                field: "container", value: name.description,
                reason: "it is a \(actualKind) container; \(request.operation.rawValue) needs a \(kindName) container")
        }
        return (name, row["delegate_id"])
    }

    /// The delegate UIKit reaches through a weak reference, or `nil`.
    private mutating func delegate(of id: Int64?, owner: String, property: String) throws -> Int64? {
        guard let id else {
            say("\(owner) has no \(property)")
            return nil
        }
        let delegate = try CatalogReader(db: db).delegate(id: id)
        if delegate.released {
            say("\(owner)'s \(property) '\(delegate.qualifiedName)' has been released: the weak reference is nil, as if there were no delegate")
            return nil
        }
        result.delegate = delegate.qualifiedName
        say("\(property) is '\(delegate.qualifiedName)'")
        return id
    }

    private mutating func ask(delegateID: Int64, from: Int64?, to: Int64?) throws {
        let operation = request.operation
        let delegateName = result.delegate?.description ?? "#\(delegateID)"
        let methodOperations = operation.sameMethod.map(\.rawValue)
        // EXISTS stops at the first mapping: a delegate with many routes costs one index probe.
        let implemented = try Bool.fetchOne(
            db,
            sql: "SELECT EXISTS (SELECT 1 FROM route WHERE delegate_id = ? AND operation IN (\(methodOperations.map { _ in "?" }.joined(separator: ", "))))",
            arguments: StatementArguments([delegateID] + methodOperations.map { $0 as (any DatabaseValueConvertible) })) ?? false
        guard implemented else {
            say("'\(delegateName)' does not implement \(operation.animatorMethod) (it has no \(methodOperations.joined(separator: "/")) mappings)")
            return
        }
        say("UIKit calls '\(delegateName)'.\(operation.animatorMethod)")

        // Unknown screens match only wildcards; dismiss sees no destination at all.
        let fromKey = from ?? -1
        let toKey = operation == .dismiss ? 0 : (to ?? -1)
        let matches = try Int64.fetchAll(
            db,
            sql: """
                SELECT id FROM route
                WHERE delegate_id = ? AND operation = ? AND ifnull(from_screen_id, 0) IN (?, 0) AND ifnull(to_screen_id, 0) IN (?, 0)
                ORDER BY (from_screen_id IS NOT NULL) + (to_screen_id IS NOT NULL) DESC, id
                """,
            arguments: [delegateID, operation.rawValue, fromKey, toKey])
        guard let matchID = matches.first else {
            let route = operation == .dismiss ? "'\(request.from)'" : "\(request.from) → \(request.to)"
            say("no \(operation.rawValue) mapping of '\(delegateName)' matches \(route): the method returns nil")
            return
        }
        let reader = CatalogReader(db: db)
        let mapping = try reader.route(id: matchID)
        result.mapping = mapping
        let specificity = ["both sides wildcards", "one side a wildcard", "exact"][mapping.specificity]
        if matches.count > 1 {
            let others = try matches.dropFirst().map { "#\($0) \(try reader.route(id: $0).routeDescription)" }.joined(separator: ", ")
            say("mapping #\(matchID) \(mapping.routeDescription) matches (\(specificity)); it is more specific than \(others)")
        } else {
            say("mapping #\(matchID) \(mapping.routeDescription) matches (\(specificity))")
        }
        guard let presetName = mapping.preset else {
            say("mapping #\(matchID) returns nil explicitly")
            say("no animator: UIKit does not ask for an interaction controller")
            return
        }
        // The route row already holds the presets' ids: no lookup by name on the resolve path.
        let ids = try Row.fetchOne(db, sql: "SELECT preset_id, interaction_id FROM route WHERE id = ?", arguments: [matchID])
        guard let presetID: Int64 = ids?["preset_id"] else { return }
        let animator = try reader.preset(id: presetID)
        result.animator = animator
        say("it returns the animator '\(presetName)' (\(animator.kind.rawValue), \(animator.duration.shortestDescription) s, \(animator.curve))")
        if operation == .dismiss || operation == .pop {
            say(
                animator.reverse.map { "for a \(operation.rawValue), the engine plays its reverse preset '\($0)'" }
                    ?? "for a \(operation.rawValue), the engine plays it backwards (it names no reverse preset)")
        }
        say("UIKit calls '\(delegateName)'.\(operation.interactionMethod) with that animator")
        if let interactionName = mapping.interaction, let interactionID: Int64 = ids?["interaction_id"] {
            result.interaction = try reader.preset(id: interactionID)
            say("it returns the interaction controller '\(interactionName)': the transition is interactive (percent-driven)")
        } else {
            say("it returns nil: the transition is not interactive")
        }
        if operation == .pop && result.interaction == nil {
            say("warning: a custom pop without an interaction controller disables the system's swipe-back gesture for this route (radar 15215690)")
        }
    }
}
