import TransDBCore
/// How listings and answers are printed.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// One JSON document (an array for listings), indented.
    case json
    /// One compact JSON object per line.
    case ndjson
    /// RFC 4180 CSV with a header row.
    case csv
}

/// A list of records rendered in any ``OutputFormat``. Every record has the same keys in the
/// same order; `tableColumns` picks the ones a person wants to see in a table.
public struct Listing: Sendable {
    public var records: [[(String, JSONValue)]]
    public var tableColumns: [String]?

    /// Creates a listing.
    public init(records: [[(String, JSONValue)]], tableColumns: [String]? = nil) {
        self.records = records
        self.tableColumns = tableColumns
    }

    /// The listing in `format`, ending with a newline (empty for an empty table).
    public func rendered(as format: OutputFormat) -> String {
        switch format {
        case .json:
            return JSONValue.array(records.map(JSONValue.object)).pretty + "\n"
        case .ndjson:
            return records.map { JSONValue.object($0).compact + "\n" }.joined()
        case .csv:
            let keys = records.first?.map(\.0) ?? tableColumns ?? []
            var lines = [keys.map(Self.csvField).joined(separator: ",")]
            for record in records { lines.append(record.map { Self.csvField($0.1.cell) }.joined(separator: ",")) }
            return lines.joined(separator: "\r\n") + "\r\n"
        case .table:
            guard let first = records.first else { return "" }
            let keys = tableColumns ?? first.map(\.0)
            let rows = records.map { record in
                keys.map { key in Self.tableCell(record.first(where: { $0.0 == key })?.1 ?? .null) }
            }
            return Table(header: keys, rows: rows).rendered
        }
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    private static func tableCell(_ value: JSONValue) -> String {
        if case .null = value { return "-" }
        if case let .array(items) = value { return items.isEmpty ? "-" : Table.printable(items.map(\.cell).joined(separator: ", ")) }
        return Table.printable(value.cell)
    }
}

/// Aligned columns of text.
public struct Table: Sendable {
    public var header: [String]?
    public var rows: [[String]]

    /// Creates a table.
    public init(header: [String]?, rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The table with columns separated by two spaces, each line ending in a newline.
    public var rendered: String {
        let all = (header.map { [$0] } ?? []) + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return all.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                line += cell
                if i < row.count - 1 { line += String(repeating: " ", count: widths[i] - cell.count + 2) }
            }
            return line + "\n"
        }.joined()
    }

    /// `text` with control characters shown as escapes, so a name cannot break the layout.
    public static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement` (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
