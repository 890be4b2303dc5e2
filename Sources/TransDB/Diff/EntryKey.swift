import TransDBCore
/// What identifies an entry inside its library and kind: its name, or for a route its delegate,
/// operation, from and to. Keys order entries as bundles do (see ``LibraryBundle/canonicalized()``):
/// names by Unicode scalars, routes by delegate, operation (present, dismiss, push, pop, tab), then
/// from and to with `*` first.
///
/// One byte string per key: a diff of a million routes keeps two million keys. UTF-8 orders text
/// as its Unicode scalars do, and its bytes are never 0xFF, so each byte is stored one higher and
/// 0 separates a route's parts: parts then compare one after another, a shorter part first.
struct EntryKey: Hashable, Comparable, Sendable {
    private var bytes: [UInt8]

    /// The key of a named entry.
    init(name: String) {
        bytes = []
        bytes.reserveCapacity(name.utf8.count)
        append(name)
    }

    /// The key of a route mapping.
    init(route: RouteMapping) {
        bytes = []
        append(route.delegate.description)
        bytes.append(0)
        bytes.append(UInt8(route.operation.ordinal) + 1)
        bytes.append(0)
        append(route.from)
        bytes.append(0)
        append(route.to)
    }

    static func < (lhs: EntryKey, rhs: EntryKey) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    private mutating func append(_ text: String) {
        for byte in text.utf8 { bytes.append(byte &+ 1) }
    }

    /// `*` as the empty part, which sorts before every name (names are never empty).
    private mutating func append(_ pattern: ScreenPattern) {
        guard case let .screen(name) = pattern else { return }
        append(name.description)
    }
}
