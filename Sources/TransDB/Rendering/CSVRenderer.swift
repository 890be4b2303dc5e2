import TransDBCore

/// `--format csv`: RFC 4180, lines ending in CRLF, a header of the first record's keys (or
/// ``Renderable/csvColumns`` when there is no record), then a row per record. A value is its
/// ``JSONValue/cell``; a field with a comma, a quote or a line break is quoted.
public struct CSVRenderer: OutputRenderer {
    /// A CSV renderer.
    public init() {}

    public func render(_ value: some Renderable, to write: (String) throws -> Void) rethrows {
        var pieces = RenderedPieces()
        var wroteHeader = false
        try value.forEachCSVRecord { record in
            if !wroteHeader {
                wroteHeader = true
                try pieces.append(Self.line(record.map(\.0)), to: write)
            }
            try pieces.append(Self.line(record.map(\.1.cell)), to: write)
        }
        if !wroteHeader { try pieces.append(Self.line(value.csvColumns), to: write) }
        try pieces.flush(to: write)
    }

    private static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text { if character == "\"" { quoted += "\"\"" } else { quoted.append(character) } }
        return quoted + "\""
    }
}
