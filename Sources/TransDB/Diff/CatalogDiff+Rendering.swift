import TransDBCore
/// How a diff is printed.
///
/// - `table`, for people: one line per added or removed entry (`+ preset motion/x`,
///   `- curve motion/y`) and one per changed field
///   (`~ preset motion/zoom  duration  0.4 → 0.5`), columns aligned; `-` is null, `""` the empty
///   string; long values are shortened with `…`. Then the ``summary`` (`1 added, 2 changed`).
/// - `json`, for scripts: an array with one object per entry, keys in this order:
///   `change` (`added`, `removed`, `changed`), `kind` (`library`, `curve`, `preset`, `delegate`,
///   `screen`, `container`, `route`), `library`, `name` (for a route `delegate: operation from → to`;
///   for library metadata the library's name), `fields` (changed entries: an array of
///   `{"field", "old", "new"}` with the values as `show`/`list` print them; empty otherwise) and
///   `value` (added and removed entries: an object of every compared field; null otherwise).
/// - `ndjson`: the same objects, one per line.
/// - `csv`: ``listing``, one row per changed field.
extension CatalogDiff: Renderable {
    public var jsonDocument: JSONValue { .array(entries.map(\.record)) }

    public var csvColumns: [String] { listing.csvColumns }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        try listing.forEachCSVRecord(body)
    }

    /// The changes (``changeTable``), then the ``summary`` line.
    public var tableText: [TextBlock] { [.table(changeTable), .text(summary + "\n")] }

    /// One record per changed field and one per added or removed entry:
    /// `change, kind, library, name, field, old, new`. An added entry has `field` null and its
    /// values as an object in `new`; a removed one has them in `old`.
    public var listing: Listing {
        var records: [[(String, JSONValue)]] = []
        for entry in entries {
            let head: [(String, JSONValue)] = [
                ("change", .string(entry.change.rawValue)), ("kind", .string(entry.kind.rawValue)), ("library", .string(entry.library)),
                ("name", .string(entry.name)),
            ]
            switch entry.change {
            case .added: records.append(head + [("field", .null), ("old", .null), ("new", entry.value ?? .null)])
            case .removed: records.append(head + [("field", .null), ("old", entry.value ?? .null), ("new", .null)])
            case .changed:
                records += entry.fields.map { head + [("field", .string($0.field)), ("old", $0.old), ("new", $0.new)] }
            }
        }
        return Listing(records: records, tableColumns: ["change", "kind", "library", "name", "field", "old", "new"])
    }

    /// The changes for people: one line per added or removed entry and one per changed field,
    /// columns aligned; nothing when there are none.
    var changeTable: Table {
        let rows = entries.flatMap { entry -> [[String]] in
            guard entry.change == .changed else { return [[Table.printable(entry.headline)]] }
            return entry.fields.map { [Table.printable(entry.headline), $0.field, "\(Self.shown($0.old)) → \(Self.shown($0.new))"] }
        }
        return Table(header: nil, rows: rows)
    }

    /// A value as a table shows it: null as `-`, the empty string as `""`, at most 60 characters.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .null: return "-"
        case .string(""): return "\"\""
        default:
            let text = Table.printable(value.cell)
            return text.count > 60 ? String(text.prefix(59)) + "…" : text
        }
    }
}

extension EntryDiff {
    /// The entry as the JSON output shows it (see ``CatalogDiff/jsonDocument``).
    public var record: JSONValue {
        .object([
            ("change", .string(change.rawValue)), ("kind", .string(kind.rawValue)), ("library", .string(library)), ("name", .string(name)),
            ("fields", .array(fields.map { .object([("field", .string($0.field)), ("old", $0.old), ("new", $0.new)]) })),
            ("value", value ?? .null),
        ])
    }
}
