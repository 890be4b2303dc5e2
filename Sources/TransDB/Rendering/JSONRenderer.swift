import TransDBCore

/// `--format json`: the ``Renderable/jsonDocument`` indented by two spaces, then a newline.
/// An array of lines (``Renderable/jsonIsArrayOfLines``) is written an element at a time, in
/// pieces of about 64 KiB, the same bytes.
public struct JSONRenderer: OutputRenderer {
    /// A JSON renderer.
    public init() {}

    public func render(_ value: some Renderable, to write: (String) throws -> Void) rethrows {
        guard value.jsonIsArrayOfLines else { return try write(value.jsonDocument.pretty + "\n") }
        var out: [UInt8] = [UInt8(ascii: "[")]
        var isEmpty = true
        try value.forEachJSONLine { element in
            out.append(contentsOf: (isEmpty ? "\n  " : ",\n  ").utf8)
            isEmpty = false
            element.appendPretty(to: &out, level: 1)
            if out.count >= 1 << 16 {
                try write(String(decoding: out, as: UTF8.self))
                out.removeAll(keepingCapacity: true)
            }
        }
        out.append(contentsOf: (isEmpty ? "]\n" : "\n]\n").utf8)
        try write(String(decoding: out, as: UTF8.self))
    }
}
