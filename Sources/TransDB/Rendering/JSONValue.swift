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
        case let .string(text): JSONValue.quote(text, into: &out)
        case let .array(items):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: items.count, to: &out, indented: indented, level: level) { i, out in
                items[i].write(to: &out, indented: indented, level: level + 1)
            }
        case let .object(members):
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, to: &out, indented: indented, level: level) { i, out in
                JSONValue.quote(members[i].0, into: &out)
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
        func newline(_ level: Int, _ out: inout [UInt8]) {
            out.append(UInt8(ascii: "\n"))
            var remaining = 2 * level
            while remaining > 0 {
                let count = min(remaining, JSONValue.spaces.count)
                out.append(contentsOf: JSONValue.spaces[..<count])
                remaining -= count
            }
        }
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if indented { newline(level + 1, &out) }
            element(i, &out)
        }
        if indented { newline(level, &out) }
        out.append(close)
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters (C0, DEL) and the
    /// line and paragraph separators U+2028/U+2029 escaped, everything else (emoji, right-to-left
    /// marks) as UTF-8.
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                let escape: [UInt8]?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escape = Array(#"\""#.utf8)
                case UInt8(ascii: "\\"): escape = Array(#"\\"#.utf8)
                case UInt8(ascii: "\n"): escape = Array(#"\n"#.utf8)
                case UInt8(ascii: "\r"): escape = Array(#"\r"#.utf8)
                case UInt8(ascii: "\t"): escape = Array(#"\t"#.utf8)
                case 0..<0x20, 0x7F: escape = unicodeEscape(UInt32(byte))
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    escape = unicodeEscape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029)
                    width = 3
                default: escape = nil
                }
                if let escape {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    out.append(contentsOf: escape)
                    runStart = i + width
                }
                i += width
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// `\u` and four lowercase hex digits.
    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let hex = String(value, radix: 16)
        return Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }
}

extension JSONValue {
    /// A string, or null.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    /// A number, or null.
    public static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
}
