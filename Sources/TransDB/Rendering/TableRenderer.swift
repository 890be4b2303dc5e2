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
        for block in value.tableText {
            switch block {
            case let .text(text): try pieces.append(text, to: write)
            case let .table(table): try pieces.append(table.rendered(maximumWidth: maximumWidth), to: write)
            case let .records(listing): try records(listing, into: &pieces, write)
            }
        }
        try pieces.flush(to: write)
    }

    /// A listing's records as a table, written a line at a time: the cells are made twice, once
    /// for the columns' widths and once to write them, rather than a million rows being held.
    private func records(_ listing: Listing, into pieces: inout RenderedPieces, _ write: (String) throws -> Void) rethrows {
        // An empty listing still prints its header, so that "nothing" is visibly an answer.
        guard let keys = listing.tableColumns ?? listing.records.first?.map(\.0) else { return }
        func cells(_ record: [(String, JSONValue)]) -> [String] {
            keys.map { key in Self.cell(record.first(where: { $0.0 == key })?.1 ?? .null) }
        }
        // Header and rows apart: `[keys] + rows` would make an array of every row.
        let widths = Table.widths(of: listing.records.lazy.map(cells), from: Table.widths(of: [keys]))
        let layout = Table.Layout(header: keys, widths: widths, maximumWidth: maximumWidth)
        try pieces.append(layout.line(keys), to: write)
        for record in listing.records { try pieces.append(layout.line(cells(record)), to: write) }
        try pieces.append(layout.note, to: write)
    }

    private static func cell(_ value: JSONValue) -> String {
        if case .null = value { return "-" }
        if case let .array(items) = value { return items.isEmpty ? "-" : Table.printable(items.map(\.cell).joined(separator: ", ")) }
        return Table.printable(value.cell)
    }
}
