import TransDBCore

/// `--format json`: the ``Renderable/jsonDocument`` indented by two spaces, then a newline.
/// An array of lines (``Renderable/jsonIsArrayOfLines``) is written an element at a time, in
/// pieces of about 64 KiB, the same bytes.
public struct JSONRenderer: OutputRenderer {
    /// A JSON renderer.
    public init() {}

    public func render(_ value: some Renderable, to write: (String) throws -> Void) rethrows {
        guard value.jsonIsArrayOfLines else { return try write(value.jsonDocument.pretty + "\n") }
        var out = PrettyJSONWriter()
        out.open(.array)
        try value.forEachJSONLine { element in
            out.write(element)
            if let chunk = out.take() { try write(String(decoding: chunk, as: UTF8.self)) }
        }
        out.close()
        out.append(raw: "\n")
        try write(String(decoding: out.bytes, as: UTF8.self))
    }
}
