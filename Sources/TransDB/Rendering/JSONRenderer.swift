import TransDBCore

/// `--format json`: the ``Renderable/jsonDocument`` indented by two spaces, then a newline.
public struct JSONRenderer: OutputRenderer {
    /// A JSON renderer.
    public init() {}

    public func render(_ value: some Renderable, to write: (String) throws -> Void) rethrows {
        try write(value.jsonDocument.pretty + "\n")
    }
}
