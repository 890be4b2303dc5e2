import TransDBCore

/// Output that every ``OutputRenderer`` can print, described once for all of them: a JSON
/// document (`json`), JSON values a line (`ndjson`), records (`csv`) and text for people
/// (`table`).
///
/// A value holds what it prints; how each format spells it — indentation, CSV quoting, column
/// alignment — belongs to the renderers.
public protocol Renderable {
    /// What `json` prints, indented.
    var jsonDocument: JSONValue { get }

    /// Hands `body` what `ndjson` prints, one value a line, in order. By default the elements
    /// of an array ``jsonDocument``, else the document itself.
    func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows

    /// The `csv` header when there are no records; with records the header is the first
    /// record's keys. Empty by default.
    var csvColumns: [String] { get }

    /// Hands `body` the records `csv` prints, one row each, in order.
    func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows

    /// What `table` prints, in order.
    var tableText: [TextBlock] { get }

    /// Whether ``jsonDocument`` is the array of what ``forEachJSONLine(_:)`` hands over, so
    /// that `json` may be written an element at a time (an import's million entries would
    /// otherwise be built as one document of gigabytes). False by default.
    var jsonIsArrayOfLines: Bool { get }
}

extension Renderable {
    public func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows {
        let document = jsonDocument
        if case let .array(items) = document {
            for item in items { try body(item) }
        } else {
            try body(document)
        }
    }

    public var csvColumns: [String] { [] }

    public var jsonIsArrayOfLines: Bool { false }

    /// This output in `format`, as one string.
    public func rendered(as format: OutputFormat) -> String {
        format.renderer.rendered(self)
    }
}
