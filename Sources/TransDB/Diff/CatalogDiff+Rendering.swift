import TransDBCore
/// How a diff is printed.
///
/// - `table`, for people: the ``summary`` by change and kind (`added 1 preset; changed 2 curves`),
///   then the entries grouped by change: one line per added or removed entry
///   (`+ preset motion/x`, `- curve motion/y`) and one per changed field
///   (`~ preset motion/zoom  duration  0.4 → 0.5`), columns aligned; `-` is null, `""` the empty
///   string; long values are shortened with `…`. A sample of each kind (``ReportSample``) unless
///   every entry is asked for, with a line per change saying how many more there are.
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

    /// The sampled table (see ``tableText(_:hint:)``).
    public var tableText: [TextBlock] { tableText(.sample) }

    /// The ``summary`` line, then the changes grouped by action (``changeTable(_:)``): a sample
    /// of each kind, with a line per action cut short and `hint`, or every entry.
    public func tableText(_ sample: ReportSample, hint: String = Self.moreHint) -> [TextBlock] {
        let (shown, cut) = self.sample(sample)
        return [.text(summary + "\n"), .table(Self.changeTable(shown)), .text(ReportSample.more(cut, hint: hint))]
    }

    /// What the table says after a sample that left entries out.
    public static let moreHint = "--all lists every entry; --format json, ndjson or csv lists them for scripts"

    /// The entries grouped by change (added, removed, changed), at most `sample`'s limit of
    /// each kind for each change, and how many of each change were left out.
    func sample(_ sample: ReportSample) -> (entries: [EntryDiff], cut: [(action: String, count: Int)]) {
        var shown: [EntryDiff] = []
        var cut: [(action: String, count: Int)] = []
        for change in EntryDiff.Change.allCases {
            var quota = ReportSample.Quota(sample)
            var left = 0
            for entry in entries where entry.change == change {
                if quota.admits(entry.kind) { shown.append(entry) } else { left += 1 }
            }
            cut.append((change.rawValue, left))
        }
        return (shown, cut)
    }

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
        let columns = ["change", "kind", "library", "name", "field", "old", "new"]
        return Listing(records: records, columns: columns, tableColumns: columns)
    }

    /// `entries` for people: one line per added or removed entry and one per changed field,
    /// columns aligned; nothing when there are none.
    static func changeTable(_ entries: [EntryDiff]) -> Table {
        let rows = entries.flatMap { entry -> [[String]] in
            guard entry.change == .changed else { return [[Table.printable(entry.headline)]] }
            // Old and new whole (two values may differ only at their ends), in the last column,
            // which is never padded: a long value does not widen every other line.
            return entry.fields.map { [Table.printable(entry.headline), $0.field, "\(Self.shown($0.old)) → \(Self.shown($0.new))"] }
        }
        return Table(header: nil, rows: rows)
    }

    /// A value as a table shows it: null as `-`, the empty string as `""`.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .null: "-"
        case .string(""): "\"\""
        default: Table.printable(value.cell)
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

/// A diff as `transdb diff` prints it: ``CatalogDiff``'s forms, its table sampled or whole.
public struct DiffReport: Renderable, Sendable {
    public var diff: CatalogDiff
    /// Which entries `table` lists.
    public var tableSample: ReportSample

    public init(_ diff: CatalogDiff, listsAll: Bool = false) {
        self.diff = diff
        self.tableSample = listsAll ? .all : .sample
    }

    public var jsonDocument: JSONValue { diff.jsonDocument }
    public var csvColumns: [String] { diff.csvColumns }
    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows { try diff.forEachCSVRecord(body) }
    public var tableText: [TextBlock] { diff.tableText(tableSample) }
}
