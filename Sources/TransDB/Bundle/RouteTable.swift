import TransDBCore
/// A bundle's route mappings held compactly, so that a million of them fit in a few tens of
/// megabytes: each route as the numbers of its references in the bundle's names (a
/// ``ByteInterner`` the screens share), which keep each reference once.
struct RouteTable: Sendable {
    /// One route mapping: numbers of `library/name` or `name` texts; -1 stands for `*`
    /// (screens) or no preset.
    struct Row: Hashable, Sendable {
        var delegate: Int32
        var operation: TransitionOperation
        var from: Int32
        var to: Int32
        var preset: Int32
        var interaction: Int32
    }

    private(set) var rows: [Row] = []

    init() {}

    init(_ routes: [RouteMapping], names: inout ByteInterner) {
        rows.reserveCapacity(routes.count)
        for route in routes { rows.append(Self.row(route, names: &names)) }
    }

    var count: Int { rows.count }

    /// The number of a route side in `names`: -1 for `*`.
    static func side(_ pattern: ScreenPattern, names: inout ByteInterner) -> Int32 {
        guard case let .screen(name) = pattern else { return -1 }
        return names.number(name)
    }

    /// The row for `route`, its references added to `names`.
    static func row(_ route: RouteMapping, names: inout ByteInterner) -> Row {
        Row(
            delegate: names.number(route.delegate), operation: route.operation, from: side(route.from, names: &names),
            to: side(route.to, names: &names), preset: route.preset.map { names.number($0) } ?? -1,
            interaction: route.interaction.map { names.number($0) } ?? -1)
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

    /// The mapping a row stands for, its references in `names`.
    static func mapping(_ row: Row, names: ByteInterner) -> RouteMapping {
        func name(_ index: Int32) -> QualifiedName? { index < 0 ? nil : names.qualifiedName(index) }
        func side(_ index: Int32) -> ScreenPattern { name(index).map(ScreenPattern.screen) ?? .any }
        return RouteMapping(
            delegate: names.qualifiedName(row.delegate), operation: row.operation, from: side(row.from), to: side(row.to),
            preset: name(row.preset), interaction: name(row.interaction))
    }

    /// Every mapping, in order, its references in `names`.
    func mappings(names: ByteInterner) -> [RouteMapping] { rows.map { Self.mapping($0, names: names) } }

    /// The first route on a delegate of another library than `library`, with its position: a
    /// bundle holds its own library's routes, those on its own delegates (what `export` writes),
    /// so that importing it never changes another library's routes.
    func firstOnAnotherLibrary(_ library: String, names: ByteInterner) -> (position: Int, delegate: QualifiedName)? {
        var own: [Int32: Bool] = [:]
        for (position, row) in rows.enumerated() {
            let isOwn = own[row.delegate] ?? {
                let name = names.qualifiedName(row.delegate)
                let isOwn = name.library == nil || name.library == library
                own[row.delegate] = isOwn
                return isOwn
            }()
            if !isOwn { return (position, names.qualifiedName(row.delegate)) }
        }
        return nil
    }

    /// Frees the lookup of repeated keys used while the table is built.
    mutating func finish() {
        keySlots = []
    }
}
