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
    public var compact: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// The value indented by two spaces.
    public var pretty: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
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

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .number(value): out += value.isFinite ? value.shortestDescription : "null"
        case let .integer(value): out += String(value)
        case let .string(text): JSONValue.quote(text, into: &out)
        case let .array(items):
            writeContainer(open: "[", close: "]", count: items.count, to: &out, indent: indent, level: level) { i, out in
                items[i].write(to: &out, indent: indent, level: level + 1)
            }
        case let .object(members):
            writeContainer(open: "{", close: "}", count: members.count, to: &out, indent: indent, level: level) { i, out in
                JSONValue.quote(members[i].0, into: &out)
                out += indent == nil ? ":" : ": "
                members[i].1.write(to: &out, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to out: inout String, indent: String?, level: Int,
        element: (Int, inout String) -> Void
    ) {
        out += open
        guard count > 0 else {
            out += close
            return
        }
        for i in 0..<count {
            if i > 0 { out += "," }
            if let indent { newline(indent, level + 1, &out) }
            element(i, &out)
        }
        if let indent { newline(indent, level, &out) }
        out += close
    }

    // Appended piece by piece: building the indentation as a string of its own for every line
    // was a good part of writing a large document.
    private func newline(_ indent: String, _ level: Int, _ out: inout String) {
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else (emoji, right-to-left marks) as UTF-8.
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        // Most text needs no escape and is copied whole (0xE2 leads U+2028 and U+2029).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// A string, or null.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    /// A number, or null.
    public static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
}
