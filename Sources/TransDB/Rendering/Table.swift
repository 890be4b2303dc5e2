import TransDBCore

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
