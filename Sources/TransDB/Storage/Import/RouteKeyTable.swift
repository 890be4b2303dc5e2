import TransDBCore

/// The routes an import knows by key, in one array of packed entries and an open-addressing
/// table of their positions: 64 bytes a route, where a `[Key: Route]` of 100,000 took 18.9 MB
/// (72-byte buckets, at most three quarters full, and old and new storage at once as it grew).
struct RouteKeyTable {
    private struct Entry {
        var delegate: Int64
        var from: Int64
        var to: Int64
        var id: Int64
        var preset: Int64
        var interaction: Int64
        var operation: TransitionOperation
        /// Bit 0: `preset` is set; bit 1: `interaction` is.
        var present: UInt8

        init(_ key: KnownRoutes.Key, _ route: KnownRoutes.Route) {
            delegate = key.delegate
            from = key.from
            to = key.to
            operation = key.operation
            id = route.id
            preset = route.preset ?? 0
            interaction = route.interaction ?? 0
            present = (route.preset == nil ? 0 : 1) | (route.interaction == nil ? 0 : 2)
        }

        var key: KnownRoutes.Key { KnownRoutes.Key(delegate: delegate, from: from, to: to, operation: operation) }

        var route: KnownRoutes.Route {
            KnownRoutes.Route(id: id, preset: present & 1 != 0 ? preset : nil, interaction: present & 2 != 0 ? interaction : nil)
        }
    }

    private var entries: [Entry] = []
    /// Positions in `entries`, -1 where empty; a power of two in size, at most half full.
    private var slots: [Int32] = []

    var count: Int { entries.count }

    subscript(key: KnownRoutes.Key) -> KnownRoutes.Route? {
        get {
            guard !slots.isEmpty else { return nil }
            let slot = find(key)
            return slots[slot] < 0 ? nil : entries[Int(slots[slot])].route
        }
        set {
            guard let newValue else { return }  // Routes are only added or changed, never forgotten.
            if !slots.isEmpty {
                let slot = find(key)
                if slots[slot] >= 0 { return entries[Int(slots[slot])] = Entry(key, newValue) }
            }
            if (entries.count + 1) * 2 > slots.count { grow() }
            slots[find(key)] = Int32(entries.count)
            entries.append(Entry(key, newValue))
        }
    }

    /// The slot that holds `key`, or the empty one where it belongs.
    private func find(_ key: KnownRoutes.Key) -> Int {
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while slots[slot] >= 0 && entries[Int(slots[slot])].key != key { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: max(16, slots.count * 2))
        for position in entries.indices { slots[find(entries[position].key)] = Int32(position) }
    }

    /// A mix of the key's row ids, which follow each other (their low bits alone would cluster).
    /// The operation is left out: at most five keys share the rest.
    private static func hash(_ key: KnownRoutes.Key) -> Int {
        var hash = UInt64(bitPattern: key.delegate) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ UInt64(bitPattern: key.from)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ UInt64(bitPattern: key.to)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash >> 31))
    }
}
