/// A JSON value whose objects keep their keys in the order they were built, so that output is
/// stable and diffs of it are small.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.compact == rhs.compact }
    public func hash(into hasher: inout Hasher) { hasher.combine(compact) }

    /// The value on one line.
    public var compact: String { String(decoding: utf8(indented: false), as: UTF8.self) }

    /// The value indented by two spaces.
    public var pretty: String { String(decoding: utf8(indented: true), as: UTF8.self) }

    /// The value as UTF-8 bytes, on one line or indented by two spaces. Written into one byte
    /// buffer, copying runs of plain characters at once: listings of thousands of records are
    /// rendered in a few milliseconds rather than appended to a `String` character by character.
    public func utf8(indented: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, indented: indented, level: 0)
        return out
    }

    /// Appends the value indented by two spaces as the element of a container at `level`
    /// would be: an array written an element at a time reads exactly as ``pretty`` writes it.
    public func appendPretty(to out: inout [UInt8], level: Int) {
        write(to: &out, indented: true, level: level)
    }

    /// The value as a CSV or table cell: strings bare, null empty, containers as compact JSON.
    public var cell: String {
        switch self {
        case .null: ""
        case let .string(text): text
        case let .bool(value): value ? "true" : "false"
        case let .number(value): value.shortestDescription
        case let .integer(value): String(value)
        case .array, .object: compact
        }
    }

    private func write(to out: inout [UInt8], indented: Bool, level: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case let .number(value): out.append(contentsOf: (value.isFinite ? value.shortestDescription : "null").utf8)
        case let .integer(value): out.append(contentsOf: String(value).utf8)
        case let .string(text): JSONBytes.appendQuoted(text, to: &out)
        case let .array(items):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: items.count, to: &out, indented: indented, level: level) { i, out in
                items[i].write(to: &out, indented: indented, level: level + 1)
            }
        case let .object(members):
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, to: &out, indented: indented, level: level) { i, out in
                JSONBytes.appendQuoted(members[i].0, to: &out)
                out.append(UInt8(ascii: ":"))
                if indented { out.append(UInt8(ascii: " ")) }
                members[i].1.write(to: &out, indented: indented, level: level + 1)
            }
        }
    }

    private func writeContainer(
        open: UInt8, close: UInt8, count: Int, to out: inout [UInt8], indented: Bool, level: Int,
        element: (Int, inout [UInt8]) -> Void
    ) {
        out.append(open)
        guard count > 0 else {
            out.append(close)
            return
        }
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if indented { Self.newline(indentedTo: level + 1, &out) }
            element(i, &out)
        }
        if indented { Self.newline(indentedTo: level, &out) }
        out.append(close)
    }

    /// A line break, then two spaces for each level: where a member or element of a container
    /// at `level - 1` starts (``PrettyJSONWriter`` lays out its lines the same way).
    static func newline(indentedTo level: Int, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        var remaining = 2 * level
        while remaining > 0 {
            let count = min(remaining, JSONValue.spaces.count)
            out.append(contentsOf: JSONValue.spaces[..<count])
            remaining -= count
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
}

extension JSONValue {
    /// A string, or null.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    /// A number, or null.
    public static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
}
