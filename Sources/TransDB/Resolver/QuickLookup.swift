import GRDB

/// The resolver's lookup (see `Lookup` in Resolver.swift) for the batch resolver: the same
/// rules in the same order, over a ``ResolveCache`` and a ``RouteProbe``, with no explanation,
/// writing the answer's JSON (`Resolution.record` without `explanation`) straight into bytes.
///
/// It answers only what it can answer without an error; for anything else it writes nothing and
/// returns `false`, and the batch resolver runs `Lookup` for that request. The batch tests
/// compare both paths' bytes over every rule.
struct QuickLookup {
    let db: Database
    var cache: ResolveCache
    var probe: RouteProbe

    /// Writes the answer to `request` and returns `true`, or writes nothing and returns `false`.
    mutating func answer(_ request: Resolver.Request, into out: inout [UInt8]) -> Bool {
        let operation = request.operation
        let from = cache.screen(request.from, db)
        let to = cache.screen(request.to, db)
        if case .refused = from { return false }
        if case .refused = to { return false }
        var modalStyle = ModalTransitionStyle.coverVertical
        var container: ResolveCache.ContainerEntry?
        let askedDelegateID: Int64?
        switch operation {
        case .present, .dismiss:
            if case let .found(_, style, delegateID) = operation == .present ? to : from {
                modalStyle = style
                askedDelegateID = delegateID
            } else {
                askedDelegateID = nil
            }
        case .push, .pop, .tab:
            let entry = cache.container(
                ResolveCache.ContainerKey(kind: operation.containerKind ?? .navigation, name: request.container), db)
            container = entry
            switch entry {
            case let .found(_, delegateID): askedDelegateID = delegateID
            case .unknown: askedDelegateID = nil
            case .refused: return false
            }
        }

        // A released (weak) delegate is the same as none.
        var delegate: (id: Int64, entry: ResolveCache.DelegateEntry)?
        if let askedDelegateID {
            guard let entry = cache.delegate(id: askedDelegateID, db) else { return false }
            if !entry.released { delegate = (askedDelegateID, entry) }
        }

        var match: RouteProbe.Match?
        var animator: ResolveCache.PresetEntry?
        var interaction: ResolveCache.PresetEntry?
        if let delegateID = delegate?.id {
            guard let method = cache.method(delegateID: delegateID, operation, db) else { return false }
            if method.implemented {
                // Unknown screens match only wildcards; dismiss sees no destination at all.
                let fromKey = Self.key(from)
                let toKey = operation == .dismiss ? 0 : Self.key(to)
                guard let zeroIDs = cache.hasZeroScreenIDs(db) else { return false }
                do {
                    match = try probe.first(
                        delegateID: delegateID, operation: operation, from: fromKey, to: toKey, shape: method.shape, zeroScreenIDs: zeroIDs)
                } catch {
                    return false
                }
                // The schema ties an interaction to an animator; a hand-made file may not.
                if let match, match.presetID == nil && match.interactionID != nil { return false }
                if let presetID = match?.presetID {
                    guard let entry = cache.preset(id: presetID, db) else { return false }
                    animator = entry
                    if let interactionID = match?.interactionID {
                        guard let entry = cache.preset(id: interactionID, db) else { return false }
                        interaction = entry
                    }
                }
            }
        }

        // Every read succeeded: write the record, in `Resolution.record`'s order.
        let start = out.count
        JSONBytes.append(#"{"operation":""#, to: &out)
        JSONBytes.append(operation.rawValueLiteral, to: &out)
        JSONBytes.append(#"","from":"#, to: &out)
        JSONBytes.appendQuoted(request.from, to: &out)
        JSONBytes.append(#","to":"#, to: &out)
        JSONBytes.appendQuoted(request.to, to: &out)
        JSONBytes.append(#","container":"#, to: &out)
        if case let .found(name, _) = container { out.append(contentsOf: name) } else { out.append(contentsOf: Self.null) }
        JSONBytes.append(#","delegate":"#, to: &out)
        if let delegate { out.append(contentsOf: delegate.entry.name) } else { out.append(contentsOf: Self.null) }
        JSONBytes.append(#","mapping":"#, to: &out)
        if let match, let delegate {
            guard
                writeMapping(
                    match, delegate: delegate.entry, operation: operation, animator: animator, interaction: interaction, into: &out)
            else {
                out.removeSubrange(start...)
                return false
            }
        } else {
            out.append(contentsOf: Self.null)
        }
        JSONBytes.append(#","animator":"#, to: &out)
        out.append(contentsOf: animator?.record ?? Self.null)
        JSONBytes.append(#","interaction":"#, to: &out)
        out.append(contentsOf: interaction?.record ?? Self.null)
        JSONBytes.append(#","systemDefault":"#, to: &out)
        if animator == nil {
            out.append(UInt8(ascii: "\""))
            JSONBytes.append(Self.literal(SystemTransition.forOperation(operation, modalStyle: modalStyle)), to: &out)
            out.append(UInt8(ascii: "\""))
        } else {
            out.append(contentsOf: Self.null)
        }
        JSONBytes.append(#","unknown":["#, to: &out)
        var first = true
        func unknown(_ name: String) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONBytes.appendQuoted(name, to: &out)
        }
        if case .unknown = from { unknown(request.from) }
        if case .unknown = to { unknown(request.to) }
        if case .unknown = container, let name = request.container { unknown(name) }
        JSONBytes.append("]}\n", to: &out)
        return true
    }

    /// `RouteMapping.record` of the matched mapping.
    private mutating func writeMapping(
        _ match: RouteProbe.Match, delegate: ResolveCache.DelegateEntry, operation: TransitionOperation,
        animator: ResolveCache.PresetEntry?, interaction: ResolveCache.PresetEntry?, into out: inout [UInt8]
    ) -> Bool {
        JSONBytes.append(#"{"id":"#, to: &out)
        JSONBytes.appendInteger(match.id, to: &out)
        JSONBytes.append(#","delegate":"#, to: &out)
        out.append(contentsOf: delegate.name)
        JSONBytes.append(#","operation":""#, to: &out)
        JSONBytes.append(operation.rawValueLiteral, to: &out)
        JSONBytes.append(#"","from":"#, to: &out)
        for (side, key) in [(match.fromScreenID, #","to":"# as StaticString), (match.toScreenID, #","preset":"#)] {
            if let id = side {
                guard let name = cache.screenName(id: id, db) else { return false }
                out.append(contentsOf: name)
            } else {
                JSONBytes.append(#""*""#, to: &out)
            }
            JSONBytes.append(key, to: &out)
        }
        out.append(contentsOf: animator?.name ?? Self.null)
        JSONBytes.append(#","interaction":"#, to: &out)
        out.append(contentsOf: interaction?.name ?? Self.null)
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// A screen's id in the route key: -1 (matching only wildcards) for one not in the catalog.
    private static func key(_ screen: ResolveCache.ScreenEntry) -> Int64 {
        if case let .found(id, _, _) = screen { return id }
        return -1
    }

    private static let null = Array("null".utf8)

    /// The system transitions' raw values as literals, copied without going through `String`.
    private static func literal(_ transition: SystemTransition) -> StaticString {
        switch transition {
        case .coverVertical: "coverVertical"
        case .flipHorizontal: "flipHorizontal"
        case .crossDissolve: "crossDissolve"
        case .partialCurl: "partialCurl"
        case .navigationPush: "navigationPush"
        case .navigationPop: "navigationPop"
        case .none: "none"
        }
    }
}
