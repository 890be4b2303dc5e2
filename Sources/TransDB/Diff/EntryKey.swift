import TransDBCore
/// What identifies an entry inside its library and kind: its name, or for a route its delegate,
/// operation, from and to. Keys order entries as bundles do (see ``LibraryBundle/canonicalized()``):
/// names by Unicode scalars, routes by delegate, operation (present, dismiss, push, pop, tab), then
/// from and to with `*` first.
struct EntryKey: Hashable, Comparable, Sendable {
    private let parts: [[UInt32]]

    /// The key of a named entry.
    init(name: String) {
        parts = [Self.scalars(name)]
    }

    /// The key of a route mapping.
    init(route: RouteMapping) {
        let operation = UInt32(route.operation.ordinal)
        parts = [Self.scalars(route.delegate.description), [operation], Self.side(route.from), Self.side(route.to)]
    }

    static func < (lhs: EntryKey, rhs: EntryKey) -> Bool {
        for (a, b) in zip(lhs.parts, rhs.parts) where a != b { return a.lexicographicallyPrecedes(b) }
        return lhs.parts.count < rhs.parts.count
    }

    private static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// `*` as the empty sequence, which sorts before every name (names are never empty).
    private static func side(_ pattern: ScreenPattern) -> [UInt32] {
        guard case let .screen(name) = pattern else { return [] }
        return scalars(name.description)
    }
}
