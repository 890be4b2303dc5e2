import TransDBCore

/// `--format ndjson`: each of ``Renderable/forEachJSONLine(_:)``'s values on one line.
public struct NDJSONRenderer: OutputRenderer {
    /// An NDJSON renderer.
    public init() {}

    public func render(_ value: some Renderable, to write: (String) throws -> Void) rethrows {
        var pieces = RenderedPieces()
        try value.forEachJSONLine { line in try pieces.append(line.compact + "\n", to: write) }
        try pieces.flush(to: write)
    }
}
