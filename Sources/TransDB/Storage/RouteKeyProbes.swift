import TransDBCore

/// How a source finds the mappings that match a route through a unique route key
/// (delegate, operation, from, to, a wildcard side being 0): one point probe at each of
/// (from, to), (from, *), (*, to) and (*, *), most specific first, skipping the keys the
/// delegate's mappings cannot have. Both sources on disk (``CatalogLookupSource`` and
/// ``StoreLookupSource``) probe this way.
enum RouteKeyProbes {
    /// Which route keys a delegate's mappings for an operation have.
    struct Shape: OptionSet, Sendable {
        let rawValue: UInt8
        static let any = Shape(rawValue: 1)
        static let fromWildcard = Shape(rawValue: 2)
        static let toWildcard = Shape(rawValue: 4)
    }

    /// The mappings matching (from, to), most specific first, ties by id; only the first
    /// unless `all`.
    ///
    /// - Parameters:
    ///   - from: The screen being left, 0 when it is not a screen of the catalog (it then
    ///     matches only wildcards).
    ///   - to: Likewise for the screen being shown.
    ///   - probe: The mapping at a key, `nil` when there is none.
    static func mappings(
        from: Int64, to: Int64, shape: Shape, all: Bool, probe: (_ from: Int64, _ to: Int64) throws -> LookupMapping?
    ) rethrows -> [LookupMapping] {
        // The keys by index, and the matches so far (only the best unless `all`), without an
        // array of keys: a batch probes for every request.
        func key(_ index: Int) -> (from: Int64, to: Int64) {
            switch index {
            case 0: (from, to)
            case 1: (from, 0)
            case 2: (0, to)
            default: (0, 0)
            }
        }
        var found: [LookupMapping] = []
        for index in 0..<4 {
            let (keyFrom, keyTo) = key(index)
            if (0..<index).contains(where: { key($0) == (keyFrom, keyTo) }) { continue }
            // A match can only lose to one at least as specific. (A key side of 0 can name a screen
            // only when the request's own side is 0.)
            let possible = (keyFrom != 0 || from == 0 ? 1 : 0) + (keyTo != 0 || to == 0 ? 1 : 0)
            if !all, let best = found.first, best.specificity > possible { break }
            // Keys no mapping of the delegate has are not probed.
            if !shape.contains(.any) || (keyFrom == 0 && !shape.contains(.fromWildcard)) || (keyTo == 0 && !shape.contains(.toWildcard)) {
                continue
            }
            guard let mapping = try probe(keyFrom, keyTo) else { continue }
            // A key reads a wildcard as 0, as the catalog's key reads a screen whose id is 0
            // (which only a hand-made catalog has): a side matches when it is the wildcard or
            // the screen.
            if let side = mapping.fromScreenID, side != from { continue }
            if let side = mapping.toScreenID, side != to { continue }
            if all || found.isEmpty {
                found.append(mapping)
                found.sort(by: Self.precedes)
            } else if Self.precedes(mapping, found[0]) {
                found[0] = mapping
            }
        }
        return found
    }

    /// Most specific first, ties by id.
    private static func precedes(_ first: LookupMapping, _ second: LookupMapping) -> Bool {
        first.specificity != second.specificity ? first.specificity > second.specificity : first.id < second.id
    }
}
