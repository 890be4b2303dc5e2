import TransDBCore

/// `--format table`: the ``Renderable/tableText`` blocks for people, in order.
public struct TableRenderer: OutputRenderer {
    /// The widest a table may be, in terminal columns (a terminal's width); `nil` prints every
    /// cell in full.
    public var maximumWidth: Int?

    /// A table renderer; with `maximumWidth`, tables are narrowed to fit (``Table/rendered(maximumWidth:)``).
    public init(maximumWidth: Int? = nil) {
        self.maximumWidth = maximumWidth
    }

    public func render(_ value: some Renderable, to write: (String) throws -> Void) rethrows {
        var pieces = RenderedPieces()
        for block in value.tableText { try pieces.append(text(block), to: write) }
        try pieces.flush(to: write)
    }

    private func text(_ block: TextBlock) -> String {
        switch block {
        case let .text(text): return text
        case let .table(table): return table.rendered(maximumWidth: maximumWidth)
        case let .records(listing):
            // An empty listing still prints its header, so that "nothing" is visibly an answer.
            guard let keys = listing.tableColumns ?? listing.records.first?.map(\.0) else { return "" }
            let rows = listing.records.map { record in
                keys.map { key in Self.cell(record.first(where: { $0.0 == key })?.1 ?? .null) }
            }
            return Table(header: keys, rows: rows).rendered(maximumWidth: maximumWidth)
        }
    }

    private static func cell(_ value: JSONValue) -> String {
        if case .null = value { return "-" }
        if case let .array(items) = value { return items.isEmpty ? "-" : Table.printable(items.map(\.cell).joined(separator: ", ")) }
        return Table.printable(value.cell)
    }
}
