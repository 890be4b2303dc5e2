import TransDBCore
/// A bundle's route mappings held compactly, so that a million of them fit in a few tens of
/// megabytes: each distinct reference is kept once, each route as indexes into the references.
struct RouteTable: Sendable {
    /// One route mapping; -1 stands for `*` (screens) or no preset.
    struct Row: Hashable, Sendable {
        var delegate: Int32
        var operation: TransitionOperation
        var from: Int32
        var to: Int32
        var preset: Int32
        var interaction: Int32
    }

    /// The references, each once.
    private var names = ByteInterner()
    private(set) var rows: [Row] = []

    init() {}

    init(_ routes: [RouteMapping]) {
        rows.reserveCapacity(routes.count)
        for route in routes { append(route) }
    }

    var count: Int { rows.count }

    /// How many distinct names the routes refer to.
    var referenceCount: Int { names.count }

    /// The name at `index`, from 0 to ``referenceCount``.
    func reference(_ index: Int32) -> QualifiedName { names.qualifiedName(index) }

    /// The index of `name`, added when new.
    mutating func reference(_ name: QualifiedName) -> Int32 { names.number(name) }

    /// The index of a route side: -1 for `*`.
    mutating func side(_ pattern: ScreenPattern) -> Int32 {
        guard case let .screen(name) = pattern else { return -1 }
        return reference(name)
    }

    /// The row for `route`, its references added to the table.
    mutating func row(_ route: RouteMapping) -> Row {
        Row(
            delegate: reference(route.delegate), operation: route.operation, from: side(route.from), to: side(route.to),
            preset: route.preset.map { reference($0) } ?? -1, interaction: route.interaction.map { reference($0) } ?? -1)
    }

    mutating func append(_ route: RouteMapping) {
        rows.append(row(route))
    }

    mutating func append(_ row: Row) {
        rows.append(row)
    }

    /// Appends `row` unless a row with the same key (delegate, operation, from, to) is there;
    /// returns that row's position then.
    mutating func appendUnique(_ row: Row) -> Int? {
        // At most half full; a power of two, so that a mask finds the slot.
        if keySlots.count < 2 * (rows.count + 1) { rehash(capacity: max(1024, keySlots.count * 2)) }
        let mask = keySlots.count - 1
        var slot = Self.hash(row) & mask
        while keySlots[slot] != 0 {
            let other = Int(keySlots[slot] - 1)
            if Self.sameKey(rows[other], row) { return other }
            slot = (slot + 1) & mask
        }
        keySlots[slot] = Int32(truncatingIfNeeded: rows.count + 1)
        rows.append(row)
        return nil
    }

    /// Open addressing over ``rows``: position + 1, 0 for an empty slot. Hashing four integers
    /// by hand is several times cheaper than a `Dictionary` of a million keys.
    private var keySlots: [Int32] = []

    private static func sameKey(_ a: Row, _ b: Row) -> Bool {
        a.delegate == b.delegate && a.from == b.from && a.to == b.to && a.operation == b.operation
    }

    private static func hash(_ row: Row) -> Int {
        var hash = UInt64(UInt32(bitPattern: row.delegate)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ UInt64(UInt32(bitPattern: row.from))) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ UInt64(UInt32(bitPattern: row.to))) &* 0x94D0_49BB_1331_11EB
        let operation: UInt64 =
            switch row.operation {
            case .present: 1
            case .dismiss: 2
            case .push: 3
            case .pop: 4
            case .tab: 5
            }
        hash = (hash ^ operation) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hash ^ (hash >> 31))
    }

    private mutating func rehash(capacity: Int) {
        keySlots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (position, row) in rows.enumerated() {
            var slot = Self.hash(row) & mask
            while keySlots[slot] != 0 { slot = (slot + 1) & mask }
            keySlots[slot] = Int32(truncatingIfNeeded: position + 1)
        }
    }

    /// The mapping a row stands for.
    func mapping(_ row: Row) -> RouteMapping {
        func name(_ index: Int32) -> QualifiedName? { index < 0 ? nil : reference(index) }
        func side(_ index: Int32) -> ScreenPattern { name(index).map(ScreenPattern.screen) ?? .any }
        return RouteMapping(
            delegate: reference(row.delegate), operation: row.operation, from: side(row.from), to: side(row.to),
            preset: name(row.preset), interaction: name(row.interaction))
    }

    /// Every mapping, in order.
    var mappings: [RouteMapping] { rows.map(mapping) }

    /// Frees the lookups used while the table is built.
    mutating func finish() {
        names.dropLookup()
        keySlots = []
    }
}
